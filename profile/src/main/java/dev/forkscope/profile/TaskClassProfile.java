package dev.forkscope.profile;

import java.util.List;

/**
 * What one task class did during the run, after filtering and aggregation.
 *
 * @param taskClass the user's class ({@code Outer$$Lambda} for lambdas, told apart by site)
 * @param tasks distinct tasks
 * @param executions executions
 * @param granularity self wall time per execution (nested tasks excluded, aggregated ones included)
 * @param cpu self thread CPU time per execution (at most its wall time), over the executions where
 *     it was measured; null when it never was, or when {@code cpuUnresolved}
 * @param queueWait time from submission to start, over submitted executions; null when none were
 * @param executors executor classes the tasks were submitted to, most used first
 * @param threads distinct threads that executed the tasks
 * @param verdict the diagnosis
 * @param sites the top creation and submission sites, most executions first
 * @param histogram the granularities in logarithmic buckets (estimated counts when sampled)
 * @param sampling whether the agent sampled the class, and the confidence of the figures
 * @param cpuUnresolved whether CPU time was read but the CPU clock could not resolve the class's
 *     executions (reading it cost more than they did), so that {@code cpu} is null rather than a
 *     figure the run cannot have had
 */
public record TaskClassProfile(
    String taskClass,
    long tasks,
    long executions,
    Distribution granularity,
    Distribution cpu,
    Distribution queueWait,
    List<String> executors,
    int threads,
    Verdict verdict,
    List<SiteProfile> sites,
    LogHistogram histogram,
    Sampling sampling,
    boolean cpuUnresolved) {

  /** A closed interval of nanoseconds. */
  public record Interval(long low, long high) {
    /** Whether {@code value} lies in the interval. */
    public boolean contains(long value) {
      return low <= value && value <= high;
    }
  }

  /**
   * How the figures were obtained. For a class the agent sampled (it recorded one execution in
   * {@code period}), {@code executions} is still exact (the agent counts the executions it did not
   * record) unless the trace ended before those counts; the granularity, CPU time and histogram are
   * estimates from the sample (see {@code SampleEstimate}) with 95 % confidence intervals; the task
   * count is an estimate too. For a class recorded in full, the intervals hold one value.
   *
   * @param sampleSize executions recorded as samples (0 when the class was not sampled)
   * @param period the class's final sampling period, 1 when not sampled
   * @param executionsExact false when the executions are estimated (a sampled trace cut short)
   * @param medianCi95 95 % interval of the median self wall time
   * @param totalCi95 95 % interval of the total self wall time
   * @param cpuMedianCi95 the same for CPU time, null when not measured
   * @param cpuTotalCi95 the same for CPU time, null when not measured
   */
  public record Sampling(
      long sampleSize,
      long period,
      boolean executionsExact,
      Interval medianCi95,
      Interval totalCi95,
      Interval cpuMedianCi95,
      Interval cpuTotalCi95) {
    /** Whether the figures are estimates from a sample. */
    public boolean sampled() {
      return sampleSize > 0;
    }
  }

  /** The site a user should look at first: the top submission site, else the top creation site. */
  public SiteProfile topSite() {
    SiteProfile creation = null;
    for (SiteProfile s : sites) {
      if (s.kind().equals("submission")) {
        return s;
      }
      if (creation == null) {
        creation = s;
      }
    }
    return creation;
  }
}
