package dev.forkscope.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The starvation scenario of akka #17341 / #31117: as many tasks as workers keep re-forking or
 * re-submitting themselves from inside the pool, so every worker always has local work; external
 * submissions must still be served promptly. The JDK's ForkJoinPool times out here on JDK 17 and
 * 25.
 */
class FairnessTest {

  static java.util.stream.Stream<IdlePolicy> policies() {
    return PoolTesting.policies();
  }

  @ParameterizedTest
  @MethodSource("policies")
  void selfResubmittingTasksDoNotStarveExternalSubmissions(IdlePolicy policy) throws Exception {
    WorkStealingPool pool = new WorkStealingPool(2, policy);
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong spins = new AtomicLong();
    try {
      pool.submit(new Forker(stop, spins));
      pool.execute(new Resubmitter(pool, stop, spins));
      while (spins.get() < 1000) {
        Thread.onSpinWait();
      }
      long worstNanos = 0;
      for (int ping = 0; ping < 100; ping++) {
        long start = System.nanoTime();
        int answer = pool.submit(() -> 42).get(5, TimeUnit.SECONDS);
        worstNanos = Math.max(worstNanos, System.nanoTime() - start);
        assertThat(answer).isEqualTo(42);
      }
      assertThat(TimeUnit.NANOSECONDS.toMillis(worstNanos))
          .as("slowest external ping, ms")
          .isLessThan(2000);
      assertThat(pool.stats().total().externalPolls()).isGreaterThanOrEqualTo(100);
    } finally {
      stop.set(true);
      pool.shutdown();
      assertThat(pool.awaitTermination(10, TimeUnit.SECONDS))
          .as("chains end, pool drains")
          .isTrue();
    }
  }

  @Test
  void aLongJoiningComputationOnOneWorkerStillServesExternalSubmissions() throws Exception {
    WorkStealingPool pool = new WorkStealingPool(1, IdlePolicy.park());
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong spins = new AtomicLong();
    try {
      Task<Void> root =
          pool.submit(
              new RecursiveAction() {
                @Override
                protected void compute() {
                  while (!stop.get()) {
                    Forker a = new Forker(new AtomicBoolean(true), spins);
                    Forker b = new Forker(new AtomicBoolean(true), spins);
                    a.fork();
                    b.fork();
                    a.join();
                    b.join();
                  }
                }
              });
      while (spins.get() < 1000) {
        Thread.onSpinWait();
      }
      for (int ping = 0; ping < 20; ping++) {
        assertThat(pool.submit(() -> 42).get(5, TimeUnit.SECONDS)).isEqualTo(42);
      }
      assertThat(root.isDone()).as("pings were served while the root was still joining").isFalse();
    } finally {
      stop.set(true);
      PoolTesting.stop(pool);
    }
  }

  /** Forks a copy of itself and returns, forever. */
  static final class Forker extends RecursiveAction {
    private final AtomicBoolean stop;
    private final AtomicLong spins;

    Forker(AtomicBoolean stop, AtomicLong spins) {
      this.stop = stop;
      this.spins = spins;
    }

    @Override
    protected void compute() {
      spins.incrementAndGet();
      if (!stop.get()) {
        new Forker(stop, spins).fork();
      }
    }
  }

  /** Re-submits itself to the pool (a worker-local push) and returns, forever. */
  static final class Resubmitter implements Runnable {
    private final WorkStealingPool pool;
    private final AtomicBoolean stop;
    private final AtomicLong spins;

    Resubmitter(WorkStealingPool pool, AtomicBoolean stop, AtomicLong spins) {
      this.pool = pool;
      this.stop = stop;
      this.spins = spins;
    }

    @Override
    public void run() {
      spins.incrementAndGet();
      if (!stop.get()) {
        pool.execute(this);
      }
    }
  }
}
