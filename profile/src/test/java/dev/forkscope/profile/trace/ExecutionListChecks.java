package dev.forkscope.profile.trace;

import static org.assertj.core.api.Assertions.assertThat;

/** Checks shared by the tests of {@link ExecutionList}s: the table, subsets, aggregated roots. */
public final class ExecutionListChecks {
  private ExecutionListChecks() {}

  /** Asserts that every per-field accessor of {@code list} gives the field of its element. */
  public static void accessorsMatchElements(ExecutionList list) {
    for (int i = 0; i < list.size(); i++) {
      TaskExecution e = list.get(i);
      assertThat(list.taskId(i)).isEqualTo(e.taskId());
      assertThat(list.taskClass(i)).isEqualTo(e.taskClass());
      assertThat(list.outerTaskId(i)).isEqualTo(e.outerTaskId());
      assertThat(list.helped(i)).isEqualTo(e.helped());
      assertThat(list.executionThreadId(i)).isEqualTo(e.executionThreadId());
      assertThat(list.executionThreadName(i)).isEqualTo(e.executionThreadName());
      assertThat(list.executorId(i)).isEqualTo(e.executorId());
      assertThat(list.executorClass(i)).isEqualTo(e.executorClass());
      assertThat(list.forked(i)).isEqualTo(e.forked());
      assertThat(list.submittedNs(i)).isEqualTo(e.submittedNs());
      assertThat(list.startNs(i)).isEqualTo(e.startNs());
      assertThat(list.endNs(i)).isEqualTo(e.endNs());
      assertThat(list.selfWallNs(i)).isEqualTo(e.selfWallNs());
      assertThat(list.selfCpuNs(i)).isEqualTo(e.selfCpuNs());
      assertThat(list.creationSite(i)).isEqualTo(e.creationSite());
      assertThat(list.submissionSite(i)).isEqualTo(e.submissionSite());
      assertThat(list.forkJoinTask(i)).isEqualTo(e.kind().forkJoinTask());
      assertThat(list.weight(i)).isEqualTo(e.weight());
    }
  }
}
