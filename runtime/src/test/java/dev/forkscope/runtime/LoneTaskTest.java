package dev.forkscope.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Pushes onto an empty deque are not always signalled (see {@link Worker} on lone tasks), yet a
 * task forked before a long computation is always stolen. The timeout only turns a lost task into a
 * failure.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LoneTaskTest {

  @Test
  void aLoneTaskIsStolenWhileItsOwnerComputesEvenAfterForkThenJoinSilencedTheSignals()
      throws InterruptedException {
    WorkStealingPool pool = new WorkStealingPool(2, IdlePolicy.park());
    try {
      for (int round = 0; round < 20; round++) {
        assertThat(pool.invoke(new SpawnJoin(20_000))).isEqualTo(20_000);
        assertThat(pool.invoke(new WaitsForItsFork())).isTrue();
      }
    } finally {
      PoolTesting.stop(pool);
    }
  }

  /** Forks an empty task and joins it at once, {@code count} times. */
  static final class SpawnJoin extends RecursiveTask<Integer> {
    private final int count;

    SpawnJoin(int count) {
      this.count = count;
    }

    @Override
    protected Integer compute() {
      int joined = 0;
      for (int i = 0; i < count; i++) {
        joined +=
            new RecursiveTask<Integer>() {
              @Override
              protected Integer compute() {
                return 1;
              }
            }.fork().join();
      }
      return joined;
    }
  }

  /** Forks one task, then spins until another worker has run it, without helping. */
  static final class WaitsForItsFork extends RecursiveTask<Boolean> {
    @Override
    protected Boolean compute() {
      AtomicBoolean ran = new AtomicBoolean();
      new RecursiveAction() {
        @Override
        protected void compute() {
          ran.set(true);
        }
      }.fork();
      while (!ran.get()) {
        Thread.onSpinWait();
      }
      return true;
    }
  }
}
