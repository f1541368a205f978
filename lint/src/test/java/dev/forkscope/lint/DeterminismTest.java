package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.lint.output.LintReport;
import dev.forkscope.lint.output.ReportFormat;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One answer per input: a tree that gives the linter every chance to depend on timing gives
 * byte-identical reports run after run, on one thread and on four. Only the run's duration (the
 * summary's {@code millis}) may differ; it is blanked in the reports before they are compared.
 *
 * <p>The tree: packages whose {@code Helper} and {@code Util} have the same simple names (in files
 * the linter only parses on demand, from several workers at once); tasks, async lambdas and
 * parallel-stream lambdas that reach one {@code Thread.sleep} by equally short call paths (stream
 * lambdas share one context, so the walk's skip of dominated offers is exercised across files); a
 * nested {@code Helper} reached through a single-type import; a {@code Util} declared second in a
 * file of another name; and a {@code Helper} that the text pre-scan cannot see, in a file parsed
 * for another name by another task, which must never join the answer for {@code Helper}.
 */
class DeterminismTest {
  private static final int PACKAGES = 12;
  private static final int RUNS = 20;

  @TempDir Path dir;

  @Test
  void sameTreeGivesByteIdenticalReportsOnEveryRunAndThreadCount() throws IOException {
    writeTree();
    String first = null;
    for (int run = 0; run < RUNS; run++) {
      int threads = run % 2 == 0 ? 1 : 4;
      LintResult result = Linter.builder().threads(threads).build().lint(List.of(dir));
      String reports = reports(result);
      if (first == null) {
        first = reports;
        assertResolvedByPackageAndImport(result);
      } else {
        assertThat(firstDifference(first, reports))
            .as("run %d on %d thread(s) against run 0 on 1 thread", run, threads)
            .isNull();
      }
    }
  }

  @Test
  void firstDifferenceNamesTheLineAndBothTexts() {
    assertThat(firstDifference("a\nb\nc", "a\nb\nc")).isNull();
    assertThat(firstDifference("a\nb\nc", "a\nB\nc"))
        .isEqualTo("line 2 of 3 differs:\n  first run: b\n  this run:  B");
    assertThat(firstDifference("a\nb", "a\nb\nc"))
        .isEqualTo("line 3 of 2 differs:\n  first run: (end)\n  this run:  c");
  }

  /**
   * The first line where two reports differ, with both versions, or null if they are equal: a
   * failure on CI shows what changed instead of two 30 KB strings.
   */
  static String firstDifference(String expected, String actual) {
    if (expected.equals(actual)) {
      return null;
    }
    String[] a = expected.split("\n", -1);
    String[] b = actual.split("\n", -1);
    int line = 0;
    while (line < a.length && line < b.length && a[line].equals(b[line])) {
      line++;
    }
    return String.format(
        "line %d of %d differs:%n  first run: %s%n  this run:  %s",
        line + 1,
        a.length,
        line < a.length ? a[line] : "(end)",
        line < b.length ? b[line] : "(end)");
  }

  /**
   * Each task reaches its own package's Helper, the importing file the imported one (by a shorter
   * path); of two equally short paths, the first in file order is reported. Nothing fails.
   */
  private static void assertResolvedByPackageAndImport(LintResult result) {
    assertThat(result.summary().failures()).isEmpty();
    assertThat(result.summary().errors()).isEmpty();
    for (String name : List.of("Helper.java", "Util.java")) {
      List<Finding> found =
          result.findings().stream()
              .filter(f -> f.file().getFileName().toString().equals(name))
              .filter(f -> f.rule().id().equals("sleepy-worker"))
              .toList();
      assertThat(found).as(name).hasSize(PACKAGES);
      for (Finding f : found) {
        String pkg = f.file().getParent().getFileName().toString();
        String expected =
            name.equals("Helper.java") && pkg.equals("p3") ? "q/Importer.java" : pkg + "/Left.java";
        assertThat(entryOf(f)).as("%s of %s", name, pkg).isEqualTo(expected);
      }
    }
    Map<String, String> byFile =
        result.findings().stream()
            .filter(f -> f.rule().id().equals("sleepy-worker"))
            .filter(f -> f.file().getParent().getFileName().toString().equals("r"))
            .collect(Collectors.toMap(f -> f.file().getFileName().toString(), f -> entryOf(f)));
    assertThat(byFile)
        .containsOnly(
            Map.entry("Outer.java", "r/Task.java"), Map.entry("Extra.java", "r/Task.java"));
    // the Helper the pre-scan cannot see is not a Helper for t/Wide, whose lookup cannot narrow
    assertThat(result.findings())
        .noneMatch(f -> f.file().getFileName().toString().equals("Gate.java"));
    assertThat(result.findings())
        .anyMatch(f -> f.rule().id().equals("blocking-in-parallel-stream"));
  }

  private static String entryOf(Finding f) {
    Path entry = f.path().get(0).file();
    return entry.getParent().getFileName() + "/" + entry.getFileName();
  }

  /** The three reports, with the run's duration (JSON's millis, the text's "N ms") blanked. */
  private static String reports(LintResult result) throws IOException {
    StringBuilder all = new StringBuilder();
    for (ReportFormat format : ReportFormat.values()) {
      StringWriter out = new StringWriter();
      LintReport.of(format, Path.of(""), "0", Rules.all()).write(result, out);
      all.append(
              out.toString()
                  .replaceAll("\"millis\" : \\d+", "\"millis\" : 0")
                  .replaceAll("; \\d+ ms\n", "; 0 ms\n"))
          .append('\n');
    }
    return all.toString();
  }

  private void writeTree() throws IOException {
    for (int i = 0; i < PACKAGES; i++) {
      String pkg = "p" + i;
      // two tasks reach Util.pause() by equally short paths
      for (String task : List.of("Left", "Right")) {
        write(
            pkg + "/" + task + ".java",
            """
            package PKG;
            import java.util.concurrent.RecursiveAction;
            public class TASK extends RecursiveAction {
                private final Helper helper = new Helper();
                protected void compute() { step(); }
                private void step() {
                    Util.pause();
                    helper.work();
                }
            }
            """
                .replace("PKG", pkg)
                .replace("TASK", task));
      }
      // stream lambdas of one context and async lambdas reach the same bodies equally deep
      write(
          pkg + "/Streams.java",
          """
          package PKG;
          import java.util.List;
          import java.util.concurrent.CompletableFuture;
          class Streams {
              void both(List<Integer> xs) {
                  xs.parallelStream().forEach(x -> Util.pause());
                  xs.parallelStream().forEach(x -> new Helper().work());
                  CompletableFuture.runAsync(() -> Util.pause());
                  CompletableFuture.runAsync(() -> Util.pause());
              }
          }
          """
              .replace("PKG", pkg));
      // the same simple names in every package, each with its own body
      write(
          pkg + "/Util.java",
          """
          package PKG;
          public class Util {
              static void pause() {
                  try { Thread.sleep(N); } catch (InterruptedException e) { }
              }
          }
          """
              .replace("PKG", pkg)
              .replace("N", String.valueOf(i + 1)));
      write(
          pkg + "/Helper.java",
          """
          package PKG;
          public class Helper {
              void work() {
          """
                  .replace("PKG", pkg)
              + "        int x = 0;\n".repeat(i)
              + """
                      try { Thread.sleep(1); } catch (InterruptedException e) { }
                  }
              }
              """);
    }
    write(
        "q/Importer.java",
        """
        package q;
        import java.util.concurrent.RecursiveAction;
        import p3.Helper;
        import p5.*;
        public class Importer extends RecursiveAction {
            protected void compute() { new Helper().work(); }
        }
        """);
    // a nested Helper by its import, a Util declared second in a file of another name
    write(
        "r/Task.java",
        """
        package r;
        import java.util.concurrent.RecursiveAction;
        import r.Outer.Helper;
        public class Task extends RecursiveAction {
            protected void compute() { new Helper().work(); Util.pause(); }
        }
        """);
    write(
        "r/Outer.java",
        """
        package r;
        public class Outer {
            public static class Helper {
                void work() { try { Thread.sleep(2); } catch (InterruptedException e) { } }
            }
        }
        """);
    write(
        "r/Extra.java",
        """
        package r;
        public class Extra { }
        class Util {
            static void pause() { try { Thread.sleep(3); } catch (InterruptedException e) { } }
        }
        """);
    // s/Task's lookup of Gate parses a file that also declares a Helper the pre-scan misses
    write(
        "s/Task.java",
        """
        package s;
        import java.util.concurrent.RecursiveAction;
        public class Task extends RecursiveAction {
            protected void compute() { Gate.open(); }
        }
        """);
    write(
        "s/Gate.java",
        """
        package s;
        public class Gate { static void open() { } }
        class/**/Helper {
            void work() { try { Thread.sleep(4); } catch (InterruptedException e) { } }
        }
        """);
    // a lookup of Helper that no import or package narrows: every Helper the index answers
    write(
        "t/Wide.java",
        """
        package t;
        import java.util.concurrent.RecursiveAction;
        public class Wide extends RecursiveAction {
            protected void compute() { a(); }
            void a() { b(); }
            void b() { new Helper().work(); }
        }
        """);
  }

  private void write(String name, String text) throws IOException {
    Path file = dir.resolve(name);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }
}
