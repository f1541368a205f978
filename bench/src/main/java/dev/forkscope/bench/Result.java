package dev.forkscope.bench;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One measured configuration: the {@code results[]} element of every suite's JSON file. The first
 * six fields are the contract of the design brief; a suite's own figures follow in {@code extra},
 * in order.
 *
 * @param benchmark what was measured, e.g. {@code fib(32,t=2)} or {@code lint jdk25 java.base}
 * @param variant the implementation or runtime and policy, e.g. {@code forkscope/PARK}
 * @param threads threads (parallelism) used
 * @param wallMsMedian median wall time of one run, ms
 * @param cpuMsMedian median CPU time of one run, all threads, ms
 * @param ops operations in one run (lines for lint, tasks or elements for the kernels)
 * @param extra further figures, written into the same JSON object in this order; values may be null
 */
public record Result(
    String benchmark,
    String variant,
    int threads,
    double wallMsMedian,
    double cpuMsMedian,
    long ops,
    Map<String, Object> extra) {

  public Result {
    extra = Collections.unmodifiableMap(new LinkedHashMap<>(extra));
  }
}
