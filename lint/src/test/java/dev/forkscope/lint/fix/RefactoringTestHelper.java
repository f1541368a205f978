package dev.forkscope.lint.fix;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Before/after tests of the fixer, in the style of Error Prone's {@code
 * BugCheckerRefactoringTestHelper}: an input source, the expected output source, then a second run
 * on the output that must change nothing (idempotence).
 *
 * <pre>{@code
 * RefactoringTestHelper.in(dir).rule("fork-immediately-joined")
 *     .addInputLines("class A { .. }")
 *     .addOutputLines("class A { .. }")
 *     .doTest();
 * }</pre>
 */
final class RefactoringTestHelper {
  private static final Pattern TYPE = Pattern.compile("(?:class|interface|record|enum)\\s+(\\w+)");

  private final Path dir;
  private final List<String> rules = new ArrayList<>();
  private final List<String> extraSources = new ArrayList<>();
  private String input;
  private String output;

  private RefactoringTestHelper(Path dir) {
    this.dir = dir;
  }

  static RefactoringTestHelper in(Path dir) {
    return new RefactoringTestHelper(dir);
  }

  RefactoringTestHelper rule(String id) {
    rules.add(id);
    return this;
  }

  /** Another file of the project, unchanged by the test (a helper class the input calls). */
  RefactoringTestHelper addSource(String... lines) {
    extraSources.add(String.join("\n", lines) + "\n");
    return this;
  }

  RefactoringTestHelper addInputLines(String... lines) {
    input = String.join("\n", lines) + "\n";
    return this;
  }

  RefactoringTestHelper addOutputLines(String... lines) {
    output = String.join("\n", lines) + "\n";
    return this;
  }

  /** The output is the input: the fixer must leave it as a suggestion. */
  RefactoringTestHelper expectUnchanged() {
    output = input;
    return this;
  }

  /** Runs the fixer, checks the output, then checks that a second run changes nothing. */
  FixResult doTest() {
    try {
      for (String source : extraSources) {
        write(source);
      }
      Path file = write(input);
      FixResult first = fix();
      String rewritten = rewritten(first, file);
      assertThat(rewritten).isEqualTo(output);
      if (!output.equals(input)) {
        assertThat(first.compileCheck())
            .startsWith("compiled with javac")
            .doesNotContain("dropped");
      }
      Files.writeString(file, rewritten);
      FixResult second = fix();
      assertThat(second.fixCount()).as("fixes on the second run").isZero();
      assertThat(rewritten(second, file)).as("second run").isEqualTo(rewritten);
      return first;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private FixResult fix() throws IOException {
    return Fixer.builder().rules(rules).build().fix(List.of(dir));
  }

  private static String rewritten(FixResult result, Path file) throws IOException {
    return result.files().stream()
        .filter(
            f -> f.path().toAbsolutePath().normalize().equals(file.toAbsolutePath().normalize()))
        .map(FileFix::rewritten)
        .findFirst()
        .orElse(Files.readString(file));
  }

  private Path write(String source) throws IOException {
    Matcher m = TYPE.matcher(source);
    if (!m.find()) {
      throw new IllegalArgumentException("no type in source");
    }
    return Files.writeString(dir.resolve(m.group(1) + ".java"), source);
  }
}
