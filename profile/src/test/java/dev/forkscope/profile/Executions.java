package dev.forkscope.profile;

import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import java.util.List;
import java.util.Map;

/** Builds hand-made executions and traces whose analysis is known. */
public final class Executions {

  static final TaskExecution.Kind RUNNABLE = new TaskExecution.Kind(false, true, false, false);
  static final TaskExecution.Kind THREAD = new TaskExecution.Kind(true, true, false, false);
  static final TaskExecution.Kind FORK_JOIN = new TaskExecution.Kind(false, false, false, true);

  private Executions() {}

  public static Builder exec(long taskId, String taskClass) {
    return new Builder(taskId, taskClass);
  }

  public static Trace.TraceMeta meta(int cpus, long overheadNs, long startNs, long endNs) {
    return new Trace.TraceMeta(
        "17.0.99", cpus, "off", false, startNs, endNs, overheadNs, 0, Map.of());
  }

  public static Trace trace(Trace.TraceMeta meta, List<TaskExecution> executions) {
    return new Trace(meta, executions, List.of(), List.of());
  }

  /**
   * Mutable builder with defaults: thread 1 creates and runs it, unsubmitted Runnable, self = end -
   * start.
   */
  public static final class Builder {
    private final long taskId;
    private final String taskClass;
    private long outer;
    private boolean helped;
    private long creationThread = 1;
    private long executionThread = 1;
    private long executorId = -1;
    private String executorClass;
    private long submittedNs = -1;
    private long startNs;
    private long endNs = 100;
    private long selfWall = -1;
    private long selfCpu = -1;
    private TaskExecution.Kind kind = RUNNABLE;
    private int creationSite = -1;
    private int submissionSite = -1;
    private Boolean forked;
    private long submissionThread = -1;
    private long submissionStamp = -1;
    private long weight = 1;

    private Builder(long taskId, String taskClass) {
      this.taskId = taskId;
      this.taskClass = taskClass;
    }

    public Builder outer(long id) {
      outer = id;
      return this;
    }

    public Builder helped() {
      helped = true;
      return this;
    }

    public Builder createdBy(long thread) {
      creationThread = thread;
      return this;
    }

    public Builder on(long thread) {
      executionThread = thread;
      return this;
    }

    public Builder submitted(long executor, String executorClassName, long atNs) {
      executorId = executor;
      executorClass = executorClassName;
      submittedNs = atNs;
      return this;
    }

    /** Submitted by {@code thread} at its stamp {@code atNs}, and not by a fork. */
    public Builder submittedFrom(long thread, long atNs) {
      submissionThread = thread;
      submissionStamp = atNs;
      forked = false;
      return this;
    }

    public Builder at(long start, long end) {
      startNs = start;
      endNs = end;
      return this;
    }

    public Builder self(long wall) {
      selfWall = wall;
      return this;
    }

    public Builder cpu(long cpu) {
      selfCpu = cpu;
      return this;
    }

    public Builder kind(TaskExecution.Kind k) {
      kind = k;
      return this;
    }

    /** Recorded as a sample standing for {@code n} executions. */
    public Builder weight(long n) {
      weight = n;
      return this;
    }

    public Builder sites(int creation, int submission) {
      creationSite = creation;
      submissionSite = submission;
      return this;
    }

    public TaskExecution build() {
      return new TaskExecution(
          taskId,
          taskClass,
          1,
          outer,
          helped,
          creationThread,
          "t" + creationThread,
          executionThread,
          "t" + executionThread,
          false,
          executorId,
          executorClass,
          forked != null ? forked : executorId >= 0,
          0,
          submittedNs,
          startNs,
          endNs,
          selfWall >= 0 ? selfWall : endNs - startNs,
          selfCpu,
          kind,
          kind.thread() || kind.runnable() ? TaskExecution.Method.RUN : TaskExecution.Method.EXEC,
          creationSite,
          submissionSite,
          submissionThread,
          submissionStamp,
          weight);
    }
  }
}
