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
 * @param neverExecuted tasks created but never executed (left out), as far as known
 * @param neverExecutedUnknown sampled classes whose never-executed tasks cannot be counted
 * @param folded executions aggregated into an outer task
 * @param taskClasses per task class, largest total granularity first
 * @param runtimeFindings bottlenecks seen at run time, most time lost first
 * @param workSpan work and span per fork/join root, most work first
 * @param layers what the JVM and OS layers say about the run
 * @param machineLoad how loaded the machine was during the run
 */
public record Profile(
    Trace.TraceMeta meta,
    AnalysisOptions options,
    long runWallNs,
    long executionsRecorded,
    long incomplete,
    long neverExecuted,
    List<String> neverExecutedUnknown,
    long folded,
    List<TaskClassProfile> taskClasses,
    List<RuntimeFinding> runtimeFindings,
    List<WorkSpan> workSpan,
    RunLayers layers,
    MachineLoad machineLoad) {

  public Profile {
    neverExecutedUnknown = List.copyOf(neverExecutedUnknown);
    taskClasses = List.copyOf(taskClasses);
    runtimeFindings = List.copyOf(runtimeFindings);
    workSpan = List.copyOf(workSpan);
  }

  /** A profile whose machine load was not recorded. */
  public Profile(
      Trace.TraceMeta meta,
      AnalysisOptions options,
      long runWallNs,
      long executionsRecorded,
      long incomplete,
      long neverExecuted,
      List<String> neverExecutedUnknown,
      long folded,
      List<TaskClassProfile> taskClasses,
      List<RuntimeFinding> runtimeFindings,
      List<WorkSpan> workSpan,
      RunLayers layers) {
    this(
        meta,
        options,
        runWallNs,
        executionsRecorded,
        incomplete,
        neverExecuted,
        neverExecutedUnknown,
        folded,
        taskClasses,
        runtimeFindings,
        workSpan,
        layers,
        MachineLoad.unknown(meta.cpus()));
  }
}
