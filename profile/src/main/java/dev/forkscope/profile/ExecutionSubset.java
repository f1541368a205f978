package dev.forkscope.profile;

import dev.forkscope.profile.trace.TaskExecution;
import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * Some executions of a list, named by index: a list that holds no element of its own, so that a
 * selection of millions of executions from an {@link dev.forkscope.profile.trace.ExecutionTable}
 * costs an {@code int} each.
 */
final class ExecutionSubset extends AbstractList<TaskExecution> implements RandomAccess {
  private final List<TaskExecution> all;
  private final int[] indices;

  /** The executions {@code all.get(indices[k])}, in the order of {@code indices}. */
  ExecutionSubset(List<TaskExecution> all, int[] indices) {
    this.all = all;
    this.indices = indices;
  }

  @Override
  public TaskExecution get(int k) {
    return all.get(indices[k]);
  }

  @Override
  public int size() {
    return indices.length;
  }
}
