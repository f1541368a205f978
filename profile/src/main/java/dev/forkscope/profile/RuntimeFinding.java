package dev.forkscope.profile;

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
 */
public record RuntimeFinding(
    Integer bottleneck,
    String rule,
    String taskClass,
    String site,
    long executions,
    long blockedNs,
    double share,
    String evidence) {}
