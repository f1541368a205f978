package dev.forkscope.profile.trace;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * A list of executions whose fields can be read one execution at a time without making its {@link
 * TaskExecution}: how the analyses walk the millions of executions of an {@link ExecutionTable} and
 * of the views over one. {@code startNs(i)} gives what {@code get(i).startNs()} gives, and so on
 * for each accessor.
 *
 * <p>Implementation note: each accessor reads {@code get(i)} here; a table reads its column
 * instead, and a view over a list delegates to that list's accessor, so a walk over a view of a
 * table makes no element. {@link #of} gives any other list these accessors by reading its elements.
 */
public abstract class ExecutionList extends AbstractList<TaskExecution> implements RandomAccess {

  /** {@code executions} with these accessors: itself when it has them. */
  public static ExecutionList of(List<TaskExecution> executions) {
    return executions instanceof ExecutionList list ? list : new Elements(executions);
  }

  /** See {@link TaskExecution#taskId()}. */
  public long taskId(int i) {
    return get(i).taskId();
  }

  /** See {@link TaskExecution#taskClass()}. */
  public String taskClass(int i) {
    return get(i).taskClass();
  }

  /** See {@link TaskExecution#outerTaskId()}. */
  public long outerTaskId(int i) {
    return get(i).outerTaskId();
  }

  /** See {@link TaskExecution#helped()}. */
  public boolean helped(int i) {
    return get(i).helped();
  }

  /** See {@link TaskExecution#executionThreadId()}. */
  public long executionThreadId(int i) {
    return get(i).executionThreadId();
  }

  /** See {@link TaskExecution#executionThreadName()}. */
  public String executionThreadName(int i) {
    return get(i).executionThreadName();
  }

  /** See {@link TaskExecution#executorId()}. */
  public long executorId(int i) {
    return get(i).executorId();
  }

  /** See {@link TaskExecution#executorClass()}. */
  public String executorClass(int i) {
    return get(i).executorClass();
  }

  /** See {@link TaskExecution#forked()}. */
  public boolean forked(int i) {
    return get(i).forked();
  }

  /** See {@link TaskExecution#submittedNs()}. */
  public long submittedNs(int i) {
    return get(i).submittedNs();
  }

  /** See {@link TaskExecution#startNs()}. */
  public long startNs(int i) {
    return get(i).startNs();
  }

  /** See {@link TaskExecution#endNs()}. */
  public long endNs(int i) {
    return get(i).endNs();
  }

  /** See {@link TaskExecution#selfWallNs()}. */
  public long selfWallNs(int i) {
    return get(i).selfWallNs();
  }

  /** See {@link TaskExecution#selfCpuNs()}. */
  public long selfCpuNs(int i) {
    return get(i).selfCpuNs();
  }

  /** See {@link TaskExecution#creationSite()}. */
  public int creationSite(int i) {
    return get(i).creationSite();
  }

  /** See {@link TaskExecution#submissionSite()}. */
  public int submissionSite(int i) {
    return get(i).submissionSite();
  }

  /** See {@link TaskExecution.Kind#forkJoinTask()} of {@link TaskExecution#kind()}. */
  public boolean forkJoinTask(int i) {
    return get(i).kind().forkJoinTask();
  }

  /** See {@link TaskExecution#weight()}. */
  public long weight(int i) {
    return get(i).weight();
  }

  /** Any list, its accessors reading its elements. */
  private static final class Elements extends ExecutionList {
    private final List<TaskExecution> executions;

    Elements(List<TaskExecution> executions) {
      this.executions = executions;
    }

    @Override
    public TaskExecution get(int i) {
      return executions.get(i);
    }

    @Override
    public int size() {
      return executions.size();
    }
  }
}
