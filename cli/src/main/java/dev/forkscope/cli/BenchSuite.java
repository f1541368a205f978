package dev.forkscope.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One suite of {@code forkscope bench}: a named set of benchmarks that turns a {@link Context} into
 * {@link Result}s. Register an implementation in {@link BenchCommand#SUITES}; the command handles
 * the options, the table on standard output and the JSON file.
 */
interface BenchSuite {

  /** The name on the command line, e.g. {@code lint}. */
  String name();

  /** One line for the help text. */
  String description();

  /** Thread counts when {@code --threads} is not given: by default the number of CPUs. */
  default List<Integer> defaultThreads() {
    return List.of(Runtime.getRuntime().availableProcessors());
  }

  /**
   * Runs the suite.
   *
   * @throws UserError for bad input (a missing file, an unusable option value), reported as one
   *     line
   */
  Outcome run(Context context) throws Exception;

  /**
   * What a suite is given.
   *
   * @param threads thread counts to measure, never empty (default: the number of CPUs)
   * @param repeat runs per configuration; medians are over these
   * @param inputs input paths given with {@code --input}, possibly empty
   * @param terminal progress on the terminal (silent when not interactive)
   * @param out standard output, for anything the suite wants to say beyond the table
   * @param quick CI-sized inputs ({@code --quick})
   * @param chart where to draw a chart, for suites that draw one; null for none
   */
  record Context(
      List<Integer> threads,
      int repeat,
      List<Path> inputs,
      Terminal terminal,
      PrintWriter out,
      boolean quick,
      Path chart) {}

  /**
   * One measured configuration; the JSON file's {@code results[]} element.
   *
   * @param benchmark what was measured
   * @param variant the implementation or runtime/policy measured, e.g. {@code forkscope/PARK}
   * @param threads threads (parallelism) used
   * @param wallMsMedian median wall-clock time of one run
   * @param cpuMsMedian median CPU time of one run, all threads
   * @param ops operations per run (lines for the lint suite, tasks for runtime suites)
   * @param extra further figures, written into the same JSON object in this order
   */
  record Result(
      String benchmark,
      String variant,
      int threads,
      double wallMsMedian,
      double cpuMsMedian,
      long ops,
      Map<String, Object> extra) {}

  /**
   * A suite's results, and the performance targets it missed (the command exits 1 for them with
   * --check).
   *
   * @param summary top-level JSON fields after {@code results} (e.g. targets), possibly empty
   * @param table the suite's own text table, printed instead of the generic one; null for that one
   */
  record Outcome(
      List<Result> results, List<String> failedChecks, Map<String, Object> summary, String table) {
    Outcome(List<Result> results, List<String> failedChecks) {
      this(results, failedChecks, Map.of(), null);
    }
  }
}
