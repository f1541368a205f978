package dev.forkscope.profile;

/**
 * Work and span of the fork/join computations started from one root (Cilkscale's measures): work is
 * the sum of the granularities, span the longest path through the fork/join DAG, both summed over
 * the root's invocations.
 *
 * @param root the root task class (the task submitted from outside a pool)
 * @param invocations computations started from it
 * @param workNs total work
 * @param spanNs total span
 * @param burdenedSpanNs span with the profiler's measured per-task cost added to every task on the
 *     path: what scheduling costs a computation at best
 * @param estimated true when some tasks of the computation were sampled by the agent: the work is
 *     then an estimate and the span and burdened span are not known (-1)
 */
public record WorkSpan(
    String root,
    long invocations,
    long workNs,
    long spanNs,
    long burdenedSpanNs,
    boolean estimated) {

  /** Work over span: the speedup no number of CPUs can exceed. */
  public double parallelism() {
    return spanNs > 0 ? (double) workNs / spanNs : Double.NaN;
  }

  /** The speedup bound on {@code cpus} CPUs: work over the larger of span and work / cpus. */
  public double speedupBound(int cpus) {
    if (spanNs < 0) {
      return Double.NaN;
    }
    double bound = Math.max(spanNs, (double) workNs / cpus);
    return bound > 0 ? workNs / bound : Double.NaN;
  }
}
