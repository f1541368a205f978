package dev.forkscope.profile;

import java.util.List;

/**
 * A bottleneck seen at run time, in lint's terms: the same rule ids and bottleneck numbers (Pinto
 * et al. 2017), attributed to a task class and a site, with its evidence.
 *
 * @param bottleneck the bottleneck number 1..6, or null for a finding outside the six
 * @param rule lint's rule id, e.g. {@code intra-task-sync}
 * @param taskClass the task class whose executions are affected
 * @param site the innermost user frame where it happens, or null when unknown
 * @param executions executions affected
 * @param blockedNs time lost inside those executions (blocked, sleeping, paused)
 * @param share {@code blockedNs} over the class's total granularity, 0..1
 * @param evidence one sentence with the figures and, where recorded, a stack
 * @param waits the waits the finding is made of, in the order seen (empty for the findings that are
 *     not waits)
 */
public record RuntimeFinding(
    Integer bottleneck,
    String rule,
    String taskClass,
    String site,
    long executions,
    long blockedNs,
    double share,
    String evidence,
    List<Waited> waits) {

  public RuntimeFinding {
    waits = List.copyOf(waits);
  }

  /** A finding that is not made of waits. */
  public RuntimeFinding(
      Integer bottleneck,
      String rule,
      String taskClass,
      String site,
      long executions,
      long blockedNs,
      double share,
      String evidence) {
    this(bottleneck, rule, taskClass, site, executions, blockedNs, share, evidence, List.of());
  }

  /** The components, with the number of waits rather than each of them. */
  @Override
  public String toString() {
    return "RuntimeFinding[bottleneck="
        + bottleneck
        + ", rule="
        + rule
        + ", taskClass="
        + taskClass
        + ", site="
        + site
        + ", executions="
        + executions
        + ", blockedNs="
        + blockedNs
        + ", share="
        + share
        + ", evidence="
        + evidence
        + ", waits="
        + waits.size()
        + "]";
  }

  /**
   * One wait of a finding: thread {@code threadId} waited from {@code startNs} to {@code endNs}
   * (nanoTime) inside the execution that ran on it from {@code executionStartNs} to {@code
   * executionEndNs}.
   */
  public record Waited(
      long threadId, long startNs, long endNs, long executionStartNs, long executionEndNs) {}
}
