package dev.forkscope.profile;

import dev.forkscope.profile.trace.ExecutionList;
import dev.forkscope.profile.trace.TaskExecution;
import java.util.List;

/**
 * Some executions of a list, named by index: a list that holds no element of its own, so that a
 * selection of millions of executions from an {@link dev.forkscope.profile.trace.ExecutionTable}
 * costs an {@code int} each, and whose accessors read the list's, so that a walk over it makes no
 * element either.
 */
class ExecutionSubset extends ExecutionList {
  private final ExecutionList all;
  private final int[] indices;

  /** The executions {@code all.get(indices[k])}, in the order of {@code indices}. */
  ExecutionSubset(List<TaskExecution> all, int[] indices) {
    this.all = ExecutionList.of(all);
    this.indices = indices;
  }

  /** The list this is a subset of. */
  final ExecutionList all() {
    return all;
  }

  /** The index in {@link #all()} of the {@code k}th execution of this subset. */
  final int index(int k) {
    return indices[k];
  }

  @Override
  public TaskExecution get(int k) {
    return all.get(indices[k]);
  }

  @Override
  public int size() {
    return indices.length;
  }

  @Override
  public long taskId(int k) {
    return all.taskId(indices[k]);
  }

  @Override
  public String taskClass(int k) {
    return all.taskClass(indices[k]);
  }

  @Override
  public long outerTaskId(int k) {
    return all.outerTaskId(indices[k]);
  }

  @Override
  public boolean helped(int k) {
    return all.helped(indices[k]);
  }

  @Override
  public long executionThreadId(int k) {
    return all.executionThreadId(indices[k]);
  }

  @Override
  public String executionThreadName(int k) {
    return all.executionThreadName(indices[k]);
  }

  @Override
  public long executorId(int k) {
    return all.executorId(indices[k]);
  }

  @Override
  public String executorClass(int k) {
    return all.executorClass(indices[k]);
  }

  @Override
  public boolean forked(int k) {
    return all.forked(indices[k]);
  }

  @Override
  public long submittedNs(int k) {
    return all.submittedNs(indices[k]);
  }

  @Override
  public long startNs(int k) {
    return all.startNs(indices[k]);
  }

  @Override
  public long endNs(int k) {
    return all.endNs(indices[k]);
  }

  @Override
  public long selfWallNs(int k) {
    return all.selfWallNs(indices[k]);
  }

  @Override
  public long selfCpuNs(int k) {
    return all.selfCpuNs(indices[k]);
  }

  @Override
  public int creationSite(int k) {
    return all.creationSite(indices[k]);
  }

  @Override
  public int submissionSite(int k) {
    return all.submissionSite(indices[k]);
  }

  @Override
  public boolean forkJoinTask(int k) {
    return all.forkJoinTask(indices[k]);
  }

  @Override
  public long weight(int k) {
    return all.weight(indices[k]);
  }
}
