package dev.forkscope.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PoolStatsTest {
  private static final WorkerStats A = new WorkerStats(10, 7, 2, 1, 1, 3, 1, 500);
  private static final WorkerStats B = new WorkerStats(4, 4, 0, 0, 0, 1, 0, 900);

  @Test
  void totalIsTheSumOfTheWorkers() {
    PoolStats stats = PoolStats.of(List.of(A, B));
    assertThat(stats.total()).isEqualTo(new WorkerStats(14, 11, 2, 1, 1, 4, 1, 1400));
    assertThatThrownBy(() -> new PoolStats(List.of(A, B), A))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void sinceGivesPerWorkerDifferences() {
    PoolStats before = PoolStats.of(List.of(B, B));
    PoolStats after = PoolStats.of(List.of(A.plus(B), B));
    PoolStats delta = after.since(before);
    assertThat(delta.workers()).containsExactly(A, WorkerStats.ZERO);
    assertThat(delta.total()).isEqualTo(A);
    PoolStats withSpare = PoolStats.of(List.of(A.plus(B), B, A));
    assertThat(withSpare.since(before).workers()).containsExactly(A, WorkerStats.ZERO, A);
    assertThatThrownBy(() -> before.since(withSpare))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("more workers");
  }

  @Test
  void workerListIsImmutable() {
    PoolStats stats = PoolStats.of(List.of(A));
    assertThatThrownBy(() -> stats.workers().add(B))
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
