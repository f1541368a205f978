package dev.forkscope.profile;

import java.util.List;

/**
 * What the JVM and OS layers say about the run as a whole.
 *
 * @param gc the garbage collector's pauses
 * @param threads per thread, where its time went
 * @param unavailable one line per layer that could not be recorded, saying why
 */
public record RunLayers(Gc gc, List<ThreadTime> threads, List<String> unavailable) {

  public RunLayers {
    threads = List.copyOf(threads);
    unavailable = List.copyOf(unavailable);
  }

  /** No layers recorded, for the reason given. */
  public static RunLayers none(String why) {
    return new RunLayers(new Gc(0, 0, 0, 0), List.of(), List.of(why));
  }

  /**
   * Garbage-collection pauses.
   *
   * @param pauses stop-the-world pauses
   * @param pauseNs their total duration
   * @param maxPauseNs the longest one
   * @param overlappingExecutions task executions that a pause interrupted
   */
  public record Gc(long pauses, long pauseNs, long maxPauseNs, long overlappingExecutions) {}

  /**
   * Where one thread's time went during the run. The figures from {@code /proc} (busy, idle,
   * switches) cover the span of the thread's samples and are -1 when it was not sampled.
   *
   * @param threadId the Java thread id
   * @param name its name
   * @param busyNs CPU time used
   * @param inTasksNs wall time inside task executions
   * @param blockedNs wall time blocked on monitors or waiting
   * @param parkedNs wall time parked
   * @param sleepingNs wall time sleeping
   * @param idleNs wall time in none of these (neither in a task nor waiting), when known
   * @param voluntarySwitches voluntary context switches
   * @param involuntarySwitches involuntary context switches
   */
  public record ThreadTime(
      long threadId,
      String name,
      long busyNs,
      long inTasksNs,
      long blockedNs,
      long parkedNs,
      long sleepingNs,
      long idleNs,
      long voluntarySwitches,
      long involuntarySwitches) {}
}
