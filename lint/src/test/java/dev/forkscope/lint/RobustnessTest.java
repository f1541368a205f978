package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.abort;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input never stops a run: it ends up in the summary's errors, and the rest is analysed. */
class RobustnessTest {
  @TempDir Path dir;

  private static final String SLEEPY =
      """
            import java.util.concurrent.*;
            class Nap extends RecursiveAction {
                protected void compute() {
                    try { Thread.sleep(1); } catch (InterruptedException e) { }
                }
            }
            """;

  private LintResult lint() throws IOException {
    return Linter.builder().build().lint(List.of(dir));
  }

  @Test
  void fileThatDoesNotParseIsAnErrorWithItsLineAndTheRestIsAnalysed() throws IOException {
    Files.writeString(dir.resolve("Nap.java"), SLEEPY);
    String broken =
        """
                import java.util.concurrent.*;
                class Broken extends RecursiveAction {
                    protected void compute() {
                        int x = ;
                    }
                }
                """;
    Files.writeString(dir.resolve("Broken.java"), broken);
    LintResult r = lint();
    assertThat(r.findings())
        .extracting(f -> f.file().getFileName().toString())
        .containsExactly("Nap.java");
    assertThat(r.summary().errors())
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.file().getFileName().toString()).isEqualTo("Broken.java");
              assertThat(broken.lines().toList().get(e.line() - 1)).contains("int x = ;");
              assertThat(e.message()).startsWith("parse error").doesNotContain("\n");
            });
    assertThat(r.summary().parsed()).isEqualTo(1);
    assertThat(r.summary().skipped()).isZero();
  }

  @Test
  void bytesThatAreNotUtf8AreDecodedLeniently() throws IOException {
    byte[] head = "// caf\u00e9 in Latin-1: ".getBytes(StandardCharsets.UTF_8);
    byte[] latin1 = {(byte) 0xE9, (byte) 0xFF, '\n'};
    byte[] body = SLEEPY.getBytes(StandardCharsets.UTF_8);
    byte[] all = new byte[head.length + latin1.length + body.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(latin1, 0, all, head.length, latin1.length);
    System.arraycopy(body, 0, all, head.length + latin1.length, body.length);
    Files.write(dir.resolve("Nap.java"), all);
    LintResult r = lint();
    assertThat(r.findings())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.rule().id()).isEqualTo("sleepy-worker");
              assertThat(f.sourceLine()).contains("Thread.sleep(1)");
            });
    assertThat(r.summary().errors()).isEmpty();
  }

  @Test
  void largeGeneratedFileWithoutTaskCodeIsSkippedCheaply() throws IOException {
    StringBuilder big = new StringBuilder("class Table {\n    static final long[] DATA = {\n");
    while (big.length() < 5_000_000) {
      big.append("        1234567890L, 2345678901L, 3456789012L, 4567890123L,\n");
    }
    big.append("    };\n}\n");
    Files.writeString(dir.resolve("Table.java"), big);
    Files.writeString(dir.resolve("Nap.java"), SLEEPY);
    LintResult r = lint();
    assertThat(r.summary().skipped()).isEqualTo(1);
    assertThat(r.findings()).hasSize(1);
  }

  @Test
  void hugeFileWithTaskCodeIsReportedAsTooLargeInsteadOfParsed() throws IOException {
    StringBuilder big =
        new StringBuilder(SLEEPY.replace("class Nap", "class Huge").replace("}\n}\n", "}\n"));
    while (big.length() < SourceFile.MAX_PARSED_CHARS + 10) {
      big.append("    static int f").append(big.length()).append("() { return 1; }\n");
    }
    big.append("}\n");
    Files.writeString(dir.resolve("Huge.java"), big);
    LintResult r = lint();
    assertThat(r.summary().errors())
        .singleElement()
        .satisfies(e -> assertThat(e.message()).startsWith("too large to analyse"));
    assertThat(r.findings()).isEmpty();
  }

  @Test
  void symlinkLoopsAreNotFollowedForever() throws IOException {
    Path sub = Files.createDirectories(dir.resolve("a/b"));
    Files.writeString(sub.resolve("Nap.java"), SLEEPY);
    try {
      Files.createSymbolicLink(sub.resolve("loop"), dir.resolve("a"));
    } catch (UnsupportedOperationException | IOException e) {
      abort("symbolic links are not supported here: " + e);
    }
    LintResult r = lint();
    assertThat(r.summary().files()).isEqualTo(1);
    assertThat(r.findings()).hasSize(1);
  }

  @Test
  void emptyDirectoriesAndNoJavaFilesGiveAnEmptyResult() throws IOException {
    Files.createDirectories(dir.resolve("empty/deeper"));
    Files.writeString(dir.resolve("notes.txt"), "class X extends RecursiveAction {}");
    LintResult r = lint();
    assertThat(r.findings()).isEmpty();
    assertThat(r.summary().files()).isZero();
    assertThat(r.summary().lines()).isZero();
    assertThat(r.summary().errors()).isEmpty();
  }

  @Test
  void deeplyNestedExpressionDoesNotCrash() throws IOException {
    StringBuilder sum = new StringBuilder("1");
    for (int i = 0; i < 20_000; i++) {
      sum.append(" + 1");
    }
    Files.writeString(
        dir.resolve("Deep.java"),
        SLEEPY
            .replace("class Nap", "class Deep")
            .replace("Thread.sleep(1);", "Thread.sleep(1); int x = " + sum + ";"));
    LintResult r = lint();
    assertThat(r.summary().files()).isEqualTo(1);
    assertThat(r.findings().size() + r.summary().errors().size()).isEqualTo(1);
  }

  @Test
  void receiverWithoutDeclaredTypeIsNoInternalError() throws IOException {
    Files.writeString(
        dir.resolve("Untyped.java"),
        """
        import java.util.*;
        class Untyped {
            static List<String> make() { return new ArrayList<>(); }
            void copy(List<String> in) {
                var out = make();
                in.parallelStream().forEach(s -> out.add(s));
            }
        }
        """);
    LintResult r = lint();
    assertThat(r.summary().failures()).isEmpty();
    assertThat(r.summary().errors()).isEmpty();
    assertThat(r.summary().parsed()).isEqualTo(1);
  }

  @Test
  void ruleThatThrowsKeepsTheFileAndTheOtherRulesFindings() throws IOException {
    Path nap = dir.resolve("Nap.java");
    Files.writeString(nap, SLEEPY);
    SourceFile file = SourceFile.read(nap);
    ProjectIndex index = new ProjectIndex();
    index.add(file, file.unit().orElseThrow());
    Findings findings = new Findings();
    // a rule with a defect: it throws on every call it is offered
    Check broken =
        new Check(CopyOnJoin.RULE) {
          @Override
          void inContext(com.github.javaparser.ast.Node node, Scope scope) {
            if (node instanceof com.github.javaparser.ast.expr.MethodCallExpr) {
              throw new IllegalStateException("defect");
            }
          }
        };
    Analyzer analyzer = new Analyzer(index, List.of(broken, new SleepyWorker()), findings);
    analyzer.analyze(file, file.unit().orElseThrow());
    analyzer.finish();
    assertThat(findings.sorted())
        .singleElement()
        .satisfies(f -> assertThat(f.rule().id()).isEqualTo("sleepy-worker"));
    assertThat(findings.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.rule()).isEqualTo("copy-on-join");
              assertThat(f.file()).isEqualTo(nap);
              assertThat(f.line()).isEqualTo(Lint.lineOf(SLEEPY, "Thread.sleep"));
              assertThat(f.describe()).isEqualTo("java.lang.IllegalStateException: defect");
              assertThat(f.frames()).isNotEmpty().hasSizeLessThanOrEqualTo(RuleFailure.FRAMES);
              assertThat(f.frames().get(0)).contains("RobustnessTest");
            });
  }
}
