package dev.forkscope.profile;

import java.util.List;

/**
 * What one task class did during the run, after filtering and aggregation.
 *
 * @param taskClass the user's class ({@code Outer$$Lambda} for lambdas, told apart by site)
 * @param tasks distinct tasks
 * @param executions executions
 * @param granularity self wall time per execution (nested tasks excluded, aggregated ones included)
 * @param cpu self thread CPU time per execution, over the executions where it was measured; null
 *     when it never was
 * @param queueWait time from submission to start, over submitted executions; null when none were
 * @param executors executor classes the tasks were submitted to, most used first
 * @param threads distinct threads that executed the tasks
 * @param verdict the diagnosis
 * @param sites the top creation and submission sites, most executions first
 * @param histogram the granularities in logarithmic buckets
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
    LogHistogram histogram) {

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
