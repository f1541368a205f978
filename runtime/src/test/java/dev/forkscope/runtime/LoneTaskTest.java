package dev.forkscope.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pushes onto an empty deque are not signalled while an idle worker watches for lone tasks (see
 * {@link Worker} on lone tasks), yet a task forked before a long computation is always stolen, and
 * promptly. The timeout only turns a lost task into a failure.
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

  /**
   * A request that forks a task and then computes without joining it arrives after the pool has
   * been idle for {@code idleMillis}: shorter than the watcher's idle timeout, longer, and long
   * enough for the watcher to have stopped watching (then the push signals). The task is stolen
   * within the watcher's idle timeout (16 ms); the bound allows for a loaded machine.
   */
  @ParameterizedTest
  @ValueSource(ints = {0, 2, 30, 300})
  void aLoneTaskIsStolenWithinABoundAfterThePoolWasIdle(int idleMillis)
      throws InterruptedException {
    WorkStealingPool pool = new WorkStealingPool(2, IdlePolicy.park());
    try {
      for (int round = 0; round < 5; round++) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(idleMillis));
        long start = System.nanoTime();
        assertThat(pool.invoke(new WaitsForItsFork())).isTrue();
        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.MILLISECONDS.toNanos(500));
      }
    } finally {
      PoolTesting.stop(pool);
    }
  }

  /**
   * Requests that fork one task and join it at once, from outside at 200 µs intervals (the latency
   * probe): the owner pops its task, and the second worker is neither woken for it nor steals it.
   * Signalling every lone push woke or robbed the second worker in about half the requests or more.
   */
  @Test
  void forkThenJoinAtOnceFromAnIdlePoolWakesNobody() throws InterruptedException {
    WorkStealingPool pool = new WorkStealingPool(2, IdlePolicy.park());
    try {
      int requests = 400;
      for (int i = 0; i < 50; i++) {
        pool.invoke(new SpawnJoin(1));
        LockSupport.parkNanos(200_000);
      }
      PoolStats before = pool.stats();
      for (int i = 0; i < requests; i++) {
        assertThat(pool.invoke(new SpawnJoin(1))).isEqualTo(1);
        LockSupport.parkNanos(200_000);
      }
      WorkerStats run = pool.stats().since(before).total();
      assertThat(run.steals() + run.futileWakeups()).isLessThan(requests / 4);
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
