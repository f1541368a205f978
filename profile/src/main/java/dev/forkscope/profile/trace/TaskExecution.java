package dev.forkscope.profile.trace;

/**
 * One execution of one task, as read back from a trace: the row of tgp's {@code tasks.csv}, with
 * 64-bit ids instead of identity hash codes.
 *
 * <p>A task (Rosà et al. (2019), §3) is an instance of {@code Runnable}, {@code Callable}, {@code
 * ForkJoinTask} or {@code Thread}; JDK wrapper chains (FutureTask, adapters, CompletableFuture
 * async tasks) are already collapsed by the agent, so {@code taskClass} names the user's class.
 * Times are {@code System.nanoTime} values of the profiled JVM; {@code -1} means unknown or not
 * measured.
 *
 * @param taskId 64-bit id of the logical task, unique within the trace
 * @param taskClass the user's class; lambdas as {@code Outer$$Lambda} (suffix stripped)
 * @param executionNumber 1 for the first execution of this task object, 2 for the second, ...
 * @param outerTaskId the task whose execution encloses this one on the same thread, 0 if none
 * @param helped true when run inside a helping join (nested but independent: never aggregated)
 * @param creationThreadId id of the thread that created the task, -1 if unknown
 * @param creationThreadName its name, or null
 * @param executionThreadId id of the thread that executed it
 * @param executionThreadName its name
 * @param virtualThread true when executed on (or being) a virtual thread
 * @param executorId id of the executor it was submitted to, -1 if never submitted
 * @param executorClass class of that executor, or null
 * @param forked true when submitted by a fork from a worker of the same pool, false when external
 * @param createdNs the creating thread's last clock reading before the creation (the agent reads no
 *     clock there; it orders events, it does not time them), -1 if unknown
 * @param submittedNs submission time, -1 if never submitted or if this submission's time was not
 *     sampled (the agent reads the clock for one submission in four, and for every fork made inside
 *     a fork/join task's execution)
 * @param startNs entry into the execution method
 * @param endNs exit from the execution method
 * @param selfWallNs wall time of this execution exclusive of nested task executions
 * @param selfCpuNs thread CPU time exclusive of nested executions, -1 when not measured
 * @param kind the task's type flags (tgp columns 16–19)
 * @param method which execution method ran (tgp columns 20–22)
 * @param creationSite index into {@link Trace#sites()}, -1 when not sampled
 * @param submissionSite index into {@link Trace#sites()}, -1 when not sampled or not submitted
 * @param submissionThreadId id of the thread that made the submission paired with this execution
 *     (or, for a re-execution, the task's latest one), -1 if never submitted
 * @param submissionStampNs that submission's time stamp on its thread: the clock when it was read,
 *     otherwise one more than the thread's previous stamp, which places the submission among that
 *     thread's own executions (inside one or between two); -1 if never submitted
 * @param weight how many executions of its class this one stands for: 1 when recorded
 *     unconditionally, the class's sampling period when recorded as a sample (FSTRACE6)
 */
public record TaskExecution(
    long taskId,
    String taskClass,
    int executionNumber,
    long outerTaskId,
    boolean helped,
    long creationThreadId,
    String creationThreadName,
    long executionThreadId,
    String executionThreadName,
    boolean virtualThread,
    long executorId,
    String executorClass,
    boolean forked,
    long createdNs,
    long submittedNs,
    long startNs,
    long endNs,
    long selfWallNs,
    long selfCpuNs,
    Kind kind,
    Method method,
    int creationSite,
    int submissionSite,
    long submissionThreadId,
    long submissionStampNs,
    long weight) {

  /** True when this execution was recorded as a sample standing for others. */
  public boolean sampled() {
    return weight > 1;
  }

  /** What a task is, by type (a task may be several: a Thread is a Runnable). */
  public record Kind(boolean thread, boolean runnable, boolean callable, boolean forkJoinTask) {}

  /** The execution method that ran. */
  public enum Method {
    RUN,
    CALL,
    EXEC
  }

  /** Wall time from entry to exit, nested executions included. */
  public long inclusiveWallNs() {
    return endNs - startNs;
  }

  /** Time spent queued between submission and start, or -1 when not submitted. */
  public long queueWaitNs() {
    return submittedNs < 0 ? -1 : startNs - submittedNs;
  }
}
