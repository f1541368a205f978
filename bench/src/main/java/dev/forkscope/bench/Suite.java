package dev.forkscope.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One suite of {@code forkscope bench}: a named set of benchmarks that turns a {@link Context} into
 * an {@link Outcome}. A new suite is one class in {@code suites}, registered in {@link
 * dev.forkscope.bench.suites.Suites}; it measures with {@link Harness} and returns {@link Result}
 * rows, and the front end prints the table and writes the JSON and the chart.
 */
public interface Suite {

  /** The name on the command line, e.g. {@code lint}. */
  String name();

  /** One line for the help text. */
  String description();

  /** Thread counts when none are given: by default the number of CPUs. */
  default List<Integer> defaultThreads() {
    return List.of(Runtime.getRuntime().availableProcessors());
  }

  /**
   * Runs the suite.
   *
   * @throws BenchInputException for bad input (a missing file, an unusable option value), with a
   *     one-line message for the user
   */
  Outcome run(Context context) throws Exception;

  /**
   * What a suite is given.
   *
   * @param threads thread counts to measure, ascending, never empty, each positive
   * @param repeat runs per configuration; figures are medians over these
   * @param inputs input paths, possibly empty
   * @param quick CI-sized inputs and fewer warm-ups
   * @param progress hears one line per step (a front end shows it on a terminal only)
   * @param only the names of the benchmarks to run, for suites that can choose ({@code apps});
   *     empty for all
   * @param steady for suites that measure either way ({@code profile}): at steady state, timed runs
   *     after warm-up ones in one JVM, rather than one run per JVM
   */
  record Context(
      List<Integer> threads,
      int repeat,
      List<Path> inputs,
      boolean quick,
      Consumer<String> progress,
      List<String> only,
      boolean steady) {

    /** A context that runs every benchmark of the suite, each the suite's default way. */
    public Context(
        List<Integer> threads,
        int repeat,
        List<Path> inputs,
        boolean quick,
        Consumer<String> progress) {
      this(threads, repeat, inputs, quick, progress, List.of(), false);
    }

    /** Reports step {@code n} of {@code total}: {@code [n/total] subject, variant}. */
    public void step(int n, int total, String subject, String variant) {
      progress.accept(String.format(Locale.ROOT, "[%d/%d] %s, %s", n, total, subject, variant));
    }

    public Context {
      threads = threads.stream().distinct().sorted().toList();
      inputs = List.copyOf(inputs);
      only = List.copyOf(only);
      if (threads.isEmpty() || threads.stream().anyMatch(t -> t < 1)) {
        throw new BenchInputException("thread counts must be positive numbers, got " + threads);
      }
      if (repeat < 1) {
        throw new BenchInputException("repeat must be at least 1, got " + repeat);
      }
    }

    /** The highest thread count. */
    public int maxThreads() {
      return threads.get(threads.size() - 1);
    }
  }

  /**
   * A suite's results and what it concluded from them.
   *
   * @param suite the suite's name
   * @param results one row per measured configuration
   * @param failedChecks the performance targets missed, one line each
   * @param summary top-level JSON fields after {@code results} (targets, geomeans), possibly empty
   * @param table the suite's own text table, or null for the generic one
   * @param svg a chart as a self-contained SVG document, or null for none
   */
  record Outcome(
      String suite,
      List<Result> results,
      List<String> failedChecks,
      Map<String, Object> summary,
      String table,
      String svg) {
    public Outcome {
      results = List.copyOf(results);
      failedChecks = List.copyOf(failedChecks);
    }

    /** The JSON document: {@code {"suite","jdk","cpus","results":[...]}}, then the summary. */
    public String json() {
      return JsonReport.render(this);
    }

    /** The text table: the suite's own, or one line per row with every figure. */
    public String text() {
      return table != null ? table : TextTable.render(results);
    }
  }
}
