package dev.forkscope.bench;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One row of a suite: a benchmark on one variant at one parallelism.
 *
 * @param benchmark the kernel or probe with its size, e.g. {@code fib(34,t=2)}
 * @param variant {@code forkscope/<POLICY>} or {@code forkjoinpool}
 * @param threads the pool's parallelism
 * @param wallMsMedian median wall time of one run, ms
 * @param cpuMsMedian median process CPU time (user + system) of one run, ms
 * @param ops operations in one run (forks, elements, requests: see the benchmark)
 * @param speedup wall time at one thread over this one, same variant; null when not measured
 * @param cpuUtil CPU time / (wall time · threads)
 * @param ratioToFjp wall time over ForkJoinPool's in the same run; null for the baseline itself
 * @param cpuRatioToFjp CPU time over ForkJoinPool's in the same run
 * @param counters scheduler counters per run (deltas, averaged over the measured runs)
 * @param energyJoules package energy per run from RAPL, null when not readable ("n/a")
 * @param extra probe-specific figures (latency percentiles, idle CPU, pass/fail), in order; values
 *     may be null
 */
public record Measurement(
    String benchmark,
    String variant,
    int threads,
    double wallMsMedian,
    double cpuMsMedian,
    long ops,
    Double speedup,
    double cpuUtil,
    Double ratioToFjp,
    Double cpuRatioToFjp,
    Map<String, Long> counters,
    Double energyJoules,
    Map<String, Object> extra) {

  public Measurement {
    counters = Map.copyOf(counters);
    extra = Collections.unmodifiableMap(new LinkedHashMap<>(extra));
  }

  /** A row with measurements only; speedup and ratios are filled in by {@link #withRatios}. */
  public static Measurement measured(
      String benchmark,
      String variant,
      int threads,
      double wallMs,
      double cpuMs,
      long ops,
      Map<String, Long> counters,
      Double energyJoules,
      Map<String, Object> extra) {
    double util = wallMs > 0 ? cpuMs / (wallMs * threads) : 0;
    return new Measurement(
        benchmark,
        variant,
        threads,
        wallMs,
        cpuMs,
        ops,
        null,
        util,
        null,
        null,
        counters,
        energyJoules,
        extra);
  }

  public Measurement withRatios(Double speedup, Double ratioToFjp, Double cpuRatioToFjp) {
    return new Measurement(
        benchmark,
        variant,
        threads,
        wallMsMedian,
        cpuMsMedian,
        ops,
        speedup,
        cpuUtil,
        ratioToFjp,
        cpuRatioToFjp,
        counters,
        energyJoules,
        extra);
  }

  /**
   * A timed kernel rather than a probe: its only own figure, if any, is the spread of its runs
   * ({@link Harness#SPREAD}).
   */
  public boolean isKernel() {
    return extra.keySet().stream().allMatch(Harness.SPREAD::equals);
  }

  /** CPU nanoseconds per operation. */
  double cpuNsPerOp() {
    return ops > 0 ? cpuMsMedian * 1e6 / ops : Double.NaN;
  }
}
