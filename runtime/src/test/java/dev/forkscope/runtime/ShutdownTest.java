package dev.forkscope.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkscope.runtime.TestTasks.Fib;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ShutdownTest {

  static java.util.stream.Stream<IdlePolicy> policies() {
    return PoolTesting.policies();
  }

  @ParameterizedTest
  @MethodSource("policies")
  void shutdownDrainsQueuedAndForkedWorkUnderLoad(IdlePolicy policy) throws InterruptedException {
    WorkStealingPool pool = new WorkStealingPool(2, policy);
    List<Fib> tasks = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      tasks.add(new Fib(12 + i % 6));
      pool.submit(tasks.get(i));
    }
    pool.shutdown();
    assertThat(pool.isShutdown()).isTrue();
    assertThatThrownBy(() -> pool.submit(new Fib(3)))
        .isInstanceOf(RejectedExecutionException.class)
        .hasMessageContaining("shut down");
    assertThatThrownBy(() -> pool.execute(() -> {})).isInstanceOf(RejectedExecutionException.class);
    assertThatThrownBy(() -> pool.invoke(new Fib(3)))
        .isInstanceOf(RejectedExecutionException.class);
    assertThat(pool.awaitTermination(20, TimeUnit.SECONDS)).as("terminated").isTrue();
    assertThat(pool.isTerminated()).isTrue();
    for (int i = 0; i < tasks.size(); i++) {
      assertThat(tasks.get(i).join()).isEqualTo(TestTasks.seqFib(12 + i % 6));
    }
  }

  @Test
  void idlePoolTerminatesOnShutdown() throws InterruptedException {
    WorkStealingPool pool = new WorkStealingPool(3, IdlePolicy.park());
    assertThat(pool.invoke(new Fib(10))).isEqualTo(55L);
    Thread.sleep(5);
    pool.shutdown();
    assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    for (Worker w : pool.workers()) {
      w.join(10_000);
      assertThat(w.isAlive()).isFalse();
    }
  }

  @Test
  void shutdownNowCancelsQueuedWorkAndInterruptsRunningTasks() throws Exception {
    WorkStealingPool pool = new WorkStealingPool(2, IdlePolicy.park());
    CountDownLatch running = new CountDownLatch(2);
    AtomicInteger interrupted = new AtomicInteger();
    List<Future<?>> blockers = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      blockers.add(
          pool.submit(
              () -> {
                running.countDown();
                try {
                  Thread.sleep(60_000);
                } catch (InterruptedException e) {
                  interrupted.incrementAndGet();
                }
                return null;
              }));
    }
    assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
    List<Future<Integer>> queued = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      queued.add(pool.submit(() -> 1));
    }
    Task<Long> queuedTask = pool.submit(new Fib(20));
    Runnable executed = () -> {};
    pool.execute(executed);

    List<Runnable> neverRun = pool.shutdownNow();

    assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    assertThat(interrupted).hasValue(2);
    assertThat(neverRun)
        .hasSize(51)
        .contains(executed)
        .containsAll(queued.stream().map(Runnable.class::cast).toList());
    for (Future<Integer> f : queued) {
      assertThat(f.isCancelled()).isTrue();
    }
    assertThatThrownBy(queuedTask::join).isInstanceOf(CancellationException.class);
    for (Future<?> b : blockers) {
      assertThat(b.get()).isNull();
    }
    assertThatThrownBy(() -> pool.submit(() -> 1)).isInstanceOf(RejectedExecutionException.class);
  }

  @Test
  void shutdownNowWhileForkingTerminatesAndLeavesNoPendingTask() throws InterruptedException {
    WorkStealingPool pool =
        new WorkStealingPool(2, IdlePolicy.spinThenPark(java.time.Duration.ofNanos(20_000)));
    List<Task<Long>> tasks = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      tasks.add(pool.submit(new Fib(24)));
    }
    Thread.sleep(20);
    pool.shutdownNow();
    assertThat(pool.awaitTermination(20, TimeUnit.SECONDS)).isTrue();
    for (Task<Long> t : tasks) {
      assertThat(t.isDone()).as("every task completed or was cancelled").isTrue();
    }
  }

  @Test
  void submittersRacingWithShutdownAreEitherRunOrRejected() throws InterruptedException {
    for (int round = 0; round < 20; round++) {
      WorkStealingPool pool = new WorkStealingPool(2, IdlePolicy.park());
      AtomicInteger accepted = new AtomicInteger();
      AtomicInteger ran = new AtomicInteger();
      Thread submitter =
          new Thread(
              () -> {
                try {
                  while (true) {
                    pool.execute(ran::incrementAndGet);
                    accepted.incrementAndGet();
                  }
                } catch (RejectedExecutionException expected) {
                  // the loop ends at the first rejection
                }
              });
      submitter.start();
      Thread.sleep(2);
      pool.shutdown();
      submitter.join(10_000);
      assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
      assertThat(ran.get()).as("round %d: accepted tasks all ran", round).isEqualTo(accepted.get());
    }
  }
}
