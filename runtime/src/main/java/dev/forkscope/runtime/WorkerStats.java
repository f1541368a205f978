package dev.forkscope.runtime;

/**
 * Counters of one worker since the pool started.
 *
 * @param tasks tasks run by the worker (including tasks run while helping a join)
 * @param localPops tasks taken from its own deque
 * @param steals tasks stolen from other workers' deques
 * @param failedSteals steal attempts on a non-empty-looking deque that came back empty-handed (the
 *     element was taken by the owner or another thief first)
 * @param externalPolls tasks taken from the pool's external submission queues
 * @param parks times the worker parked waiting for a signal
 * @param futileWakeups wake-ups (from a park or a sleep) after which the worker found no work
 * @param idleNanos total time spent idle (searching, spinning, yielding, sleeping or parked)
 */
public record WorkerStats(
    long tasks,
    long localPops,
    long steals,
    long failedSteals,
    long externalPolls,
    long parks,
    long futileWakeups,
    long idleNanos) {

  /** All zeros. */
  public static final WorkerStats ZERO = new WorkerStats(0, 0, 0, 0, 0, 0, 0, 0);

  /** Element-wise sum. */
  public WorkerStats plus(WorkerStats o) {
    return new WorkerStats(
        tasks + o.tasks,
        localPops + o.localPops,
        steals + o.steals,
        failedSteals + o.failedSteals,
        externalPolls + o.externalPolls,
        parks + o.parks,
        futileWakeups + o.futileWakeups,
        idleNanos + o.idleNanos);
  }

  /** Element-wise difference: the counts between an earlier snapshot {@code o} and this one. */
  public WorkerStats minus(WorkerStats o) {
    return new WorkerStats(
        tasks - o.tasks,
        localPops - o.localPops,
        steals - o.steals,
        failedSteals - o.failedSteals,
        externalPolls - o.externalPolls,
        parks - o.parks,
        futileWakeups - o.futileWakeups,
        idleNanos - o.idleNanos);
  }
}
