package dev.forkscope.profile.trace;

/**
 * A point in a thread's time line where it handed a task to an executor (a fork or a submission) or
 * where a join of a fork/join task returned, or an interval in which it waited inside an execution:
 * the spawn and join edges of the work/span analysis, and time that is no task's work.
 *
 * @param type what happened
 * @param threadId the thread it happened on (as in {@link TaskExecution#executionThreadId()})
 * @param timeNs when (the start of a wait); for a submission not {@code timed}, only a value that
 *     orders it among its thread's other records
 * @param endNs the end of a wait, {@code timeNs} for the other types
 * @param taskId the task submitted or joined ({@link TaskExecution#taskId()}), 0 when the trace
 *     names no such task (a join of a task it never saw)
 * @param timed whether {@code timeNs} is a clock reading (always for joins and waits, and for forks
 *     made inside fork/join executions)
 */
public record TaskEvent(
    Type type, long threadId, long timeNs, long endNs, long taskId, boolean timed) {

  /** The kind of event. */
  public enum Type {
    /** The thread forked or submitted the task. */
    SUBMIT,
    /** A join of the task returned on the thread. */
    JOIN,
    /**
     * The thread waited (in a join whose task was not done, a quiescence, a managed block); tasks
     * it ran meanwhile are executions of their own.
     */
    WAIT
  }
}
