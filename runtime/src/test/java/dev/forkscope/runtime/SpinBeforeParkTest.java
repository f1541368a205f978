package dev.forkscope.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The spins before a park (see {@link Worker} on searching, {@link WorkStealingPool#invoke(Task)})
 * are bounded: an invoker whose task does not finish parks, and after back-to-back requests every
 * worker parks and no worker is left counted as searching. The timeout only turns a thread that
 * spins forever into a failure.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SpinBeforeParkTest {

  @Test
  void anInvokerWhoseTaskDoesNotFinishParks() throws Exception {
    WorkStealingPool pool = new WorkStealingPool(2, IdlePolicy.park());
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    try {
      Thread invoker =
          new Thread(
              () -> {
                for (int i = 0; i < 1_000; i++) {
                  pool.invoke(new ForkJoinOne());
                }
                pool.invoke(new AwaitsLatch(started, release));
              });
      invoker.start();
      started.await();
      awaitState(invoker, Thread.State.WAITING);
      release.countDown();
      invoker.join();
    } finally {
      release.countDown();
      PoolTesting.stop(pool);
    }
  }

  @Test
  void afterBackToBackRequestsEveryWorkerParks() throws Exception {
    WorkStealingPool pool = new WorkStealingPool(2, IdlePolicy.park());
    try {
      for (int i = 0; i < 5_000; i++) {
        assertThat(pool.invoke(new ForkJoinOne())).isEqualTo(2L);
      }
      for (Worker w : pool.workers()) {
        awaitParked(w);
      }
      assertThat(pool.searchers().get()).isZero();
      assertThat(pool.isQuiescent()).isTrue();
    } finally {
      PoolTesting.stop(pool);
    }
  }

  private static void awaitState(Thread t, Thread.State state) throws InterruptedException {
    while (t.getState() != state) {
      TimeUnit.MILLISECONDS.sleep(1);
    }
  }

  /** Parked with or without a timeout (the lone-task watcher parks with one). */
  private static void awaitParked(Thread t) throws InterruptedException {
    while (t.getState() != Thread.State.WAITING && t.getState() != Thread.State.TIMED_WAITING) {
      TimeUnit.MILLISECONDS.sleep(1);
    }
  }

  /** The latency probe's request: fork one task and join it at once. */
  static final class ForkJoinOne extends RecursiveTask<Long> {
    @Override
    protected Long compute() {
      return new One().fork().join() + 1L;
    }
  }

  static final class One extends RecursiveTask<Long> {
    @Override
    protected Long compute() {
      return 1L;
    }
  }

  static final class AwaitsLatch extends RecursiveAction {
    private final CountDownLatch started;
    private final CountDownLatch release;

    AwaitsLatch(CountDownLatch started, CountDownLatch release) {
      this.started = started;
      this.release = release;
    }

    @Override
    protected void compute() {
      started.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
