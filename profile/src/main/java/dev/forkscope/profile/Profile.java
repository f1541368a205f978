package dev.forkscope.profile;

import dev.forkscope.profile.trace.Trace;
import java.util.List;

/**
 * The analysed profile of one run.
 *
 * @param meta the run's settings and the agent's self-measurements
 * @param options how the trace was analysed
 * @param runWallNs wall time of the run, from agent start to trace close
 * @param executionsRecorded executions in the trace
 * @param incomplete executions that never returned before the trace closed (left out)
 * @param neverExecuted tasks created but never executed (left out)
 * @param folded executions aggregated into an outer task
 * @param taskClasses per task class, largest total granularity first
 */
public record Profile(
    Trace.TraceMeta meta,
    AnalysisOptions options,
    long runWallNs,
    long executionsRecorded,
    long incomplete,
    long neverExecuted,
    long folded,
    List<TaskClassProfile> taskClasses) {}
