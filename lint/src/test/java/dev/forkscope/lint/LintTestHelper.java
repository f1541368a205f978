package dev.forkscope.lint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.opentest4j.AssertionFailedError;

/**
 * Lints test sources and checks the findings against the {@code // expect:} markers written in them
 * (see {@link Expectations}), in the spirit of Error Prone's {@code CompilationTestHelper}:
 *
 * <pre>{@code
 * List<Finding> f =
 *     LintTestHelper.newInstance(dir)
 *         .rules("copy-on-fork")
 *         .addSourceLines(
 *             "Task.java",
 *             "class Task extends RecursiveAction {",
 *             "    ...",
 *             "    int[] left = copyOfRange(u, 0, mid); // expect: copy-on-fork: copies data",
 *             "}")
 *         .doTest();
 * }</pre>
 *
 * <p>The findings must be exactly the expected ones: the same rule, on the line the marker stands
 * on, in the same file, with the fragment in the message. A mismatch fails with each missing and
 * each unexpected finding and its source line, and hands the expected and the actual lists to the
 * IDE's diff view. {@link #doTest()} returns the findings, sorted by file, line and column, for
 * assertions on what a marker does not say (severity, fix, call path).
 */
final class LintTestHelper {
  private final Path dir;
  private final Map<String, List<String>> sources = new LinkedHashMap<>();
  private List<String> rules = List.of();

  private LintTestHelper(Path dir) {
    this.dir = dir;
  }

  /** A helper that writes its sources into {@code dir} (a test's temporary directory). */
  static LintTestHelper newInstance(Path dir) {
    return new LintTestHelper(dir);
  }

  /**
   * Runs only these rules; markers naming other rules are ignored, so one source can say all its
   * findings and be tested rule by rule. No ids, or no call, runs every rule (as {@link
   * Linter.Builder#rules} does).
   */
  LintTestHelper rules(String... ids) {
    rules = List.of(ids);
    return this;
  }

  /** Adds a source file; its lines are joined with newlines, so one text block is one argument. */
  LintTestHelper addSourceLines(String fileName, String... lines) {
    sources.put(fileName, String.join("\n", lines).lines().collect(Collectors.toList()));
    return this;
  }

  /** Lints the sources and asserts that the findings are exactly the expected ones. */
  List<Finding> doTest() {
    List<Located> expected = expected();
    if (expected.isEmpty()) {
      throw new IllegalStateException(
          "no // expect: markers in the sources; use expectNoFindings()");
    }
    return check(expected);
  }

  /** Lints the sources and asserts that there is no finding. */
  void expectNoFindings() {
    List<Located> expected = expected();
    if (!expected.isEmpty()) {
      throw new IllegalStateException("expectNoFindings() with // expect: markers: " + expected);
    }
    check(expected);
  }

  /** The text of the line a step of a call path points at, for assertions on the path. */
  String sourceLine(Step step) {
    Path file = dir.relativize(step.file());
    return sources.get(file.toString().replace('\\', '/')).get(step.line() - 1);
  }

  /** An expectation in a named file. */
  private record Located(String file, Expectations.Expected expected) {
    @Override
    public String toString() {
      Expectations.Expected e = expected;
      return file
          + ":"
          + e.line()
          + " "
          + e.rule()
          + (e.fragment() == null ? "" : ": ..." + e.fragment() + "...");
    }
  }

  private List<Located> expected() {
    List<Located> expected = new ArrayList<>();
    sources.forEach(
        (file, lines) -> {
          for (Expectations.Expected e : Expectations.parse(lines)) {
            if (rules.isEmpty() || rules.contains(e.rule())) {
              expected.add(new Located(file, e));
            }
          }
        });
    return expected;
  }

  private List<Finding> check(List<Located> expected) {
    LintResult result = lint();
    if (!result.summary().errors().isEmpty()) {
      throw new AssertionError("the test sources do not lint: " + result.summary().errors());
    }
    List<Finding> unexpected = new ArrayList<>(result.findings());
    List<Located> missing = new ArrayList<>();
    // Fragments first, so that a marker without one cannot take the finding another one names.
    for (boolean withFragment : new boolean[] {true, false}) {
      for (Located e : expected) {
        if ((e.expected().fragment() != null) != withFragment) {
          continue;
        }
        Finding match =
            unexpected.stream()
                .filter(f -> fileName(f).equals(e.file()) && e.expected().matches(f))
                .findFirst()
                .orElse(null);
        if (match == null) {
          missing.add(e);
        } else {
          unexpected.remove(match);
        }
      }
    }
    if (!missing.isEmpty() || !unexpected.isEmpty()) {
      throw new AssertionFailedError(
          report(missing, unexpected),
          expected.stream().map(Located::toString).collect(Collectors.joining("\n")),
          result.findings().stream().map(this::describe).collect(Collectors.joining("\n")));
    }
    return result.findings();
  }

  private LintResult lint() {
    try {
      for (Map.Entry<String, List<String>> source : sources.entrySet()) {
        Path file = dir.resolve(source.getKey());
        Files.createDirectories(file.getParent());
        Files.writeString(file, String.join("\n", source.getValue()) + "\n");
      }
      return Linter.builder().rules(rules).build().lint(List.of(dir));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String report(List<Located> missing, List<Finding> unexpected) {
    StringBuilder report = new StringBuilder("the findings differ from the // expect: markers\n");
    for (Located e : missing) {
      report
          .append("  missing     ")
          .append(e)
          .append("\n      | ")
          .append(sources.get(e.file()).get(e.expected().line() - 1).strip())
          .append('\n');
    }
    for (Finding f : unexpected) {
      report.append("  unexpected  ").append(describe(f)).append("\n      | ");
      report.append(f.sourceLine().strip()).append('\n');
    }
    return report.toString();
  }

  private String describe(Finding f) {
    return fileName(f) + ":" + f.line() + " " + f.rule().id() + ": " + f.message();
  }

  private String fileName(Finding f) {
    return dir.relativize(f.file()).toString().replace('\\', '/');
  }
}
