package dev.forkscope.profile.trace;

import java.util.List;
import java.util.Map;

/**
 * A whole profiling run read back from its output directory.
 *
 * @param meta the run's settings and the agent's measurements
 * @param executions every task execution, in end-time order per thread; kept as an {@link
 *     ExecutionTable}
 * @param neverExecuted tasks created (and perhaps submitted) but never executed, as far as recorded
 * @param unlistedNeverExecuted further fork/join tasks created but never executed, known only by
 *     number per task class (the agent counts their creations rather than recording them)
 * @param sites calling contexts, indexed by the site ids in {@link TaskExecution}
 * @param events submissions, joins and waits in time order (for the work/span analysis); kept as an
 *     {@link EventTable}
 * @param sampling per sampled task class, what its records leave out (FSTRACE6); empty when no
 *     class was sampled
 * @param blocks every interval in which a thread inside a recorded execution blocked (FSTRACE7), in
 *     file order; null when the agent did not record them (an older trace)
 */
public record Trace(
    TraceMeta meta,
    List<TaskExecution> executions,
    List<CreatedTask> neverExecuted,
    Map<String, Long> unlistedNeverExecuted,
    List<CallSite> sites,
    List<TaskEvent> events,
    Map<String, Sampling> sampling,
    List<Block> blocks) {

  /** Keeps the executions and events as column tables, copying plain lists into them. */
  public Trace {
    executions = ExecutionTable.copyOf(executions);
    events = EventTable.copyOf(events);
    blocks = blocks == null ? null : List.copyOf(blocks);
  }

  /** A trace without recorded blocks. */
  public Trace(
      TraceMeta meta,
      List<TaskExecution> executions,
      List<CreatedTask> neverExecuted,
      Map<String, Long> unlistedNeverExecuted,
      List<CallSite> sites,
      List<TaskEvent> events,
      Map<String, Sampling> sampling) {
    this(meta, executions, neverExecuted, unlistedNeverExecuted, sites, events, sampling, null);
  }

  /** How a thread blocked (TraceFormat's {@code BLOCK_} kinds). */
  public enum BlockKind {
    PARK,
    MONITOR,
    WAIT,
    SLEEP
  }

  /**
   * A thread inside a recorded execution blocked from {@code startNs} to {@code endNs}, measured by
   * the agent's hooks around the blocking call (exact, not sampled).
   *
   * @param frames the blocking JDK call the program made (when it was one, e.g. {@code
   *     java.util.concurrent.CountDownLatch.await(...)}), then the program's frames, innermost
   *     first
   */
  public record Block(
      long threadId, BlockKind kind, long startNs, long endNs, List<String> frames) {
    public long durationNs() {
      return endNs - startNs;
    }
  }

  /** A trace without submission and join events. */
  public Trace(
      TraceMeta meta,
      List<TaskExecution> executions,
      List<CreatedTask> neverExecuted,
      Map<String, Long> unlistedNeverExecuted,
      List<CallSite> sites) {
    this(meta, executions, neverExecuted, unlistedNeverExecuted, sites, List.of(), Map.of());
  }

  /** A trace whose never-executed tasks are all listed. */
  public Trace(
      TraceMeta meta,
      List<TaskExecution> executions,
      List<CreatedTask> neverExecuted,
      List<CallSite> sites) {
    this(meta, executions, neverExecuted, Map.of(), sites, List.of(), Map.of());
  }

  /** All tasks created but never executed, listed or not. */
  public long neverExecutedCount() {
    long n = neverExecuted.size();
    for (long unlisted : unlistedNeverExecuted.values()) {
      n += unlisted;
    }
    return n;
  }

  /** Sampled classes whose never-executed tasks cannot be counted (not fork/join, or no COUNTS). */
  public List<String> neverExecutedUnknown() {
    return sampling.entrySet().stream()
        .filter(e -> e.getValue().neverExecuted() < 0)
        .map(Map.Entry::getKey)
        .sorted()
        .toList();
  }

  /**
   * What the records of a task class sampled by the agent leave out: the agent records the
   * executions of a sampled task object and nothing at all of an unsampled one (FSTRACE6).
   *
   * @param unrecordedExecutions executions with no record (from the COUNTS record), -1 when the
   *     trace ended before the agent wrote it
   * @param unrecordedCreations creations with no record (not fork/join classes), -1 as above
   * @param period the class's final sampling period: one task in {@code period} was recorded
   * @param neverExecuted tasks created but never executed, from the exact counts (fork/join:
   *     created minus executed, at least 0); -1 when unknown
   */
  public record Sampling(
      long unrecordedExecutions, long unrecordedCreations, long period, long neverExecuted) {}

  /** A task that was created but whose execution the trace never saw. */
  public record CreatedTask(
      long taskId, String taskClass, long creationThreadId, long createdNs, int creationSite) {}

  /**
   * A sampled calling context: the first frames outside JDK and executor code, innermost first, as
   * {@code class.method(File.java:line)} strings.
   */
  public record CallSite(List<String> frames) {
    /** The innermost user frame, the line a user would change. */
    public String top() {
      return frames.isEmpty() ? "?" : frames.get(0);
    }
  }

  /**
   * Settings and self-measurements of the run.
   *
   * @param jdk the profiled JVM's {@code java.version}
   * @param cpus available processors in the profiled JVM
   * @param cpuMode "off", "sampled" or "all"
   * @param contexts whether calling contexts were sampled
   * @param startNs nanoTime at agent start
   * @param endNs nanoTime when the trace was closed (-1 if the JVM died first)
   * @param overheadPerTaskNs the agent's own measured cost per task (calibration at start-up)
   * @param clockStepNs the smallest step the agent saw {@code System.nanoTime} take, -1 if unknown
   * @param dropped records dropped because buffers were full
   * @param settings any further agent options, as given
   * @param window the recording window of a profile of a running JVM, null for a launched one
   */
  public record TraceMeta(
      String jdk,
      int cpus,
      String cpuMode,
      boolean contexts,
      long startNs,
      long endNs,
      long overheadPerTaskNs,
      long clockStepNs,
      long dropped,
      Map<String, String> settings,
      Window window) {

    /** The meta data of a launched profile, its clock's step not known. */
    public TraceMeta(
        String jdk,
        int cpus,
        String cpuMode,
        boolean contexts,
        long startNs,
        long endNs,
        long overheadPerTaskNs,
        long dropped,
        Map<String, String> settings) {
      this(
          jdk,
          cpus,
          cpuMode,
          contexts,
          startNs,
          endNs,
          overheadPerTaskNs,
          -1,
          dropped,
          settings,
          null);
    }

    /**
     * Whether {@code ns}, a time the agent measured, is within one step of its clock: too short to
     * be told apart from no time at all (false when the step is unknown).
     */
    public boolean withinClockStep(long ns) {
      return clockStepNs > 0 && ns <= clockStepNs;
    }
  }

  /**
   * When a profile of a running JVM recorded: executions are whole only inside the window.
   *
   * @param startNs nanoTime when the recording started, every hook in place
   * @param endNs nanoTime when it stopped, or when the JVM exited first; -1 if it died first
   * @param partialExecutions executions running when the recording stopped: never written, never
   *     counted (-1 if unknown); those running when it started were never seen
   */
  public record Window(long startNs, long endNs, long partialExecutions) {
    /** The window's length, or -1 when it has no end. */
    public long wallNs() {
      return endNs < 0 ? -1 : endNs - startNs;
    }
  }
}
