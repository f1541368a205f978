package dev.forkscope.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A snapshot of a pool's counters: one {@link WorkerStats} per worker and their sum.
 *
 * <p>The counters are plain fields written only by their worker and read here without
 * synchronization, so a snapshot of a running pool is slightly stale and not atomic across counters
 * or workers; once the pool is quiescent or terminated it is exact.
 *
 * @param workers per-worker counters, indexed by worker number
 * @param total the element-wise sum over {@code workers}
 */
public record PoolStats(List<WorkerStats> workers, WorkerStats total) {

  /**
   * @throws IllegalArgumentException if {@code total} is not the sum of {@code workers}
   */
  public PoolStats {
    workers = List.copyOf(workers);
    Objects.requireNonNull(total, "total");
    if (!total.equals(sum(workers))) {
      throw new IllegalArgumentException("total is not the sum of the workers' counters");
    }
  }

  /** Builds a snapshot from per-worker counters, computing the total. */
  public static PoolStats of(List<WorkerStats> workers) {
    return new PoolStats(workers, sum(workers));
  }

  /**
   * The counts between an earlier snapshot of the same pool and this one. Workers started since
   * (spares) count from zero.
   *
   * @throws IllegalArgumentException if the earlier snapshot has more workers than this one
   */
  public PoolStats since(PoolStats earlier) {
    if (earlier.workers.size() > workers.size()) {
      throw new IllegalArgumentException(
          "the earlier snapshot has more workers: "
              + earlier.workers.size()
              + " vs "
              + workers.size());
    }
    List<WorkerStats> delta = new ArrayList<>(workers.size());
    for (int i = 0; i < workers.size(); i++) {
      delta.add(
          i < earlier.workers.size()
              ? workers.get(i).minus(earlier.workers.get(i))
              : workers.get(i));
    }
    return of(delta);
  }

  private static WorkerStats sum(List<WorkerStats> workers) {
    WorkerStats sum = WorkerStats.ZERO;
    for (WorkerStats w : workers) {
      sum = sum.plus(w);
    }
    return sum;
  }
}
