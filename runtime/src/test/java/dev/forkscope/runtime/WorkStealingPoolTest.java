package dev.forkscope.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkscope.runtime.TestTasks.Fib;
import dev.forkscope.runtime.TestTasks.TreeSum;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class WorkStealingPoolTest {
  private final List<WorkStealingPool> pools = new ArrayList<>();

  private WorkStealingPool pool(int parallelism, IdlePolicy policy) {
    WorkStealingPool pool = new WorkStealingPool(parallelism, policy);
    pools.add(pool);
    return pool;
  }

  @AfterEach
  void stopPools() throws InterruptedException {
    for (WorkStealingPool p : pools) {
      PoolTesting.stop(p);
    }
  }

  static java.util.stream.Stream<IdlePolicy> policies() {
    return PoolTesting.policies();
  }

  @ParameterizedTest
  @MethodSource("policies")
  void fibMatchesSequentialAndCountersAddUp(IdlePolicy policy) throws InterruptedException {
    WorkStealingPool pool = pool(2, policy);
    for (int n : new int[] {0, 1, 5, 22}) {
      assertThat(pool.invoke(new Fib(n))).as("fib(%d)", n).isEqualTo(TestTasks.seqFib(n));
    }
    awaitQuiescence(pool);
    WorkerStats total = pool.stats().total();
    long forks =
        TestTasks.fibForks(0)
            + TestTasks.fibForks(1)
            + TestTasks.fibForks(5)
            + TestTasks.fibForks(22);
    assertThat(total.tasks()).as("forked tasks plus 4 submitted roots").isEqualTo(forks + 4);
    assertThat(total.localPops() + total.steals() + total.externalPolls()).isEqualTo(total.tasks());
    assertThat(total.externalPolls()).isEqualTo(4);
  }

  @ParameterizedTest
  @MethodSource("policies")
  void randomTaskGraphsMatchSequential(IdlePolicy policy) {
    WorkStealingPool pool = pool(3, policy);
    for (long seed = 1; seed <= 12; seed++) {
      long expected = TreeSum.sequential(seed, 9);
      assertThat(pool.invoke(new TreeSum(seed, 9))).as("seed %d", seed).isEqualTo(expected);
    }
  }

  @Test
  void manyConcurrentExternalSubmittersAllGetTheirResults() throws Exception {
    WorkStealingPool pool = pool(2, IdlePolicy.park());
    int threads = 4;
    List<Thread> submitters = new ArrayList<>();
    AtomicInteger wrong = new AtomicInteger();
    for (int t = 0; t < threads; t++) {
      Thread th =
          new Thread(
              () -> {
                for (int i = 0; i < 200; i++) {
                  int n = i % 15;
                  if (pool.submit(new Fib(n)).join() != TestTasks.seqFib(n)) {
                    wrong.incrementAndGet();
                  }
                }
              });
      submitters.add(th);
      th.start();
    }
    for (Thread th : submitters) {
      th.join();
    }
    assertThat(wrong).hasValue(0);
  }

  @Test
  void parallelismAndPolicyAreReported() {
    WorkStealingPool pool = pool(3, IdlePolicy.yieldThenSleep());
    assertThat(pool.parallelism()).isEqualTo(3);
    assertThat(pool.idlePolicy().name()).isEqualTo("YIELD_THEN_SLEEP");
    assertThat(pool.stats().workers()).hasSize(3);
    assertThat(pool.toString()).contains("parallelism=3", "RUNNING");
    WorkStealingPool byDefault = new WorkStealingPool();
    pools.add(byDefault);
    assertThat(byDefault.parallelism()).isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(byDefault.idlePolicy().name()).isEqualTo("PARK");
  }

  @Test
  void runtimeExceptionsAndErrorsReachTheJoinerAndThePoolSurvives() {
    WorkStealingPool pool = pool(2, IdlePolicy.park());
    IllegalArgumentException boom = new IllegalArgumentException("boom");
    assertThatThrownBy(() -> pool.invoke(new Failing(boom, 6)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasRootCause(boom);
    StackOverflowError error = new StackOverflowError("deep");
    assertThatThrownBy(() -> pool.invoke(new Failing(error, 6)))
        .isInstanceOf(StackOverflowError.class)
        .hasRootCause(error);
    Task<Void> failed = pool.submit(new Failing(error, 0));
    assertThatThrownBy(failed::get)
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(StackOverflowError.class)
        .cause()
        .isSameAs(error);
    assertThat(failed.isCompletedAbnormally()).isTrue();
    assertThat(failed.getException())
        .isInstanceOf(StackOverflowError.class)
        .cause()
        .isSameAs(error);
    assertThat(pool.invoke(new Fib(15))).isEqualTo(TestTasks.seqFib(15));
  }

  @Test
  void checkedExceptionsFromCallablesAreRethrownUnwrapped() throws InterruptedException {
    WorkStealingPool pool = pool(2, IdlePolicy.park());
    Exception checked = new java.io.IOException("disk");
    Future<Object> f =
        pool.submit(
            (Callable<Object>)
                () -> {
                  throw checked;
                });
    assertThatThrownBy(f::get)
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(java.io.IOException.class)
        .cause()
        .isSameAs(checked);
    assertThatThrownBy(() -> ((Task<?>) f).join())
        .isInstanceOf(java.io.IOException.class)
        .cause()
        .isSameAs(checked);
  }

  @Test
  void executorServiceMethodsWork() throws Exception {
    WorkStealingPool pool = pool(2, IdlePolicy.park());
    assertThat(pool.submit(() -> 6 * 7).get()).isEqualTo(42);
    AtomicInteger ran = new AtomicInteger();
    pool.submit(ran::incrementAndGet).get(10, TimeUnit.SECONDS);
    CountDownLatch executed = new CountDownLatch(1);
    pool.execute(executed::countDown);
    assertThat(executed.await(10, TimeUnit.SECONDS)).isTrue();
    List<Callable<Integer>> calls = List.of(() -> 1, () -> 2, () -> 3);
    int sum = 0;
    for (Future<Integer> f : pool.invokeAll(calls)) {
      sum += f.get();
    }
    assertThat(sum).isEqualTo(6);
    assertThat(pool.invokeAny(calls)).isIn(1, 2, 3);
    assertThat(ran).hasValue(1);
  }

  @Test
  void cancelledQueuedTaskNeverRuns() throws Exception {
    WorkStealingPool pool = pool(1, IdlePolicy.park());
    CountDownLatch release = new CountDownLatch(1);
    Future<?> blocker =
        pool.submit(
            () -> {
              release.await();
              return null;
            });
    AtomicInteger runs = new AtomicInteger();
    Task<Void> victim = pool.submit(new Action(runs::incrementAndGet));
    assertThat(victim.cancel(true)).isTrue();
    assertThat(victim.cancel(true)).as("second cancel: still cancelled").isTrue();
    release.countDown();
    blocker.get(10, TimeUnit.SECONDS);
    assertThat(pool.invoke(new Fib(10))).isEqualTo(TestTasks.seqFib(10));
    assertThat(victim.isCancelled()).isTrue();
    assertThat(victim.isDone()).isTrue();
    assertThatThrownBy(victim::join).isInstanceOf(CancellationException.class);
    assertThatThrownBy(victim::get).isInstanceOf(CancellationException.class);
    assertThat(runs).hasValue(0);
  }

  @Test
  void cancellingAForkedSubtaskMakesItsJoinThrow() {
    WorkStealingPool pool = pool(1, IdlePolicy.park());
    String outcome =
        pool.invoke(
            new RecursiveTask<String>() {
              @Override
              protected String compute() {
                Action child = new Action(() -> {});
                child.fork();
                child.cancel(false);
                try {
                  child.join();
                  return "joined";
                } catch (CancellationException expected) {
                  return "cancelled";
                }
              }
            });
    assertThat(outcome).isEqualTo("cancelled");
  }

  @Test
  void completedTaskCannotBeCancelled() {
    WorkStealingPool pool = pool(1, IdlePolicy.park());
    Fib fib = new Fib(10);
    pool.invoke(fib);
    assertThat(fib.cancel(false)).isFalse();
    assertThat(fib.isCancelled()).isFalse();
    assertThat(fib.join()).isEqualTo(55L);
  }

  @Test
  void tryUnforkTakesBackOnlyTheTopTask() {
    WorkStealingPool pool = pool(1, IdlePolicy.park());
    List<Boolean> results =
        pool.invoke(
            new RecursiveTask<List<Boolean>>() {
              @Override
              protected List<Boolean> compute() {
                Fib a = new Fib(3);
                Fib b = new Fib(3);
                a.fork();
                b.fork();
                boolean aTop = a.tryUnfork();
                boolean bTop = b.tryUnfork();
                boolean aAfter = a.tryUnfork();
                return List.of(aTop, bTop, aAfter);
              }
            });
    assertThat(results).containsExactly(false, true, true);
    assertThat(new Fib(3).tryUnfork()).as("outside a worker").isFalse();
  }

  @Test
  void getWithTimeoutTimesOutAndThenSucceeds() throws Exception {
    WorkStealingPool pool = pool(1, IdlePolicy.park());
    CountDownLatch release = new CountDownLatch(1);
    Future<String> slow =
        pool.submit(
            () -> {
              release.await();
              return "done";
            });
    assertThatThrownBy(() -> slow.get(20, TimeUnit.MILLISECONDS))
        .isInstanceOf(TimeoutException.class);
    release.countDown();
    assertThat(slow.get(10, TimeUnit.SECONDS)).isEqualTo("done");
  }

  /**
   * Once quiescent every worker parks; the lone-task watcher with a timeout, which it drops after
   * one timeout without activity, so that an idle pool ends up with every worker parked untimed.
   */
  @Test
  void parkPolicyParksEveryWorkerOnceQuiescent() throws InterruptedException {
    WorkStealingPool pool = pool(2, IdlePolicy.park());
    pool.invoke(new Fib(20));
    // both parked at one moment; a parked worker may wake (spuriously) and park again after it
    assertThat(awaitQuiescence(pool)).as("every worker parked").isTrue();
    assertThat(pool.stats().total().parks()).isPositive();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    boolean allWaiting = false;
    while (!allWaiting && System.nanoTime() < deadline) {
      allWaiting =
          Arrays.stream(pool.workers()).allMatch(w -> w.getState() == Thread.State.WAITING);
      Thread.sleep(1);
    }
    assertThat(allWaiting).as("every worker waiting, untimed").isTrue();
    assertThat(pool.loneTasksWatched()).isFalse();
  }

  @Test
  void busySpinNeverParks() {
    WorkStealingPool pool = pool(2, IdlePolicy.busySpin());
    pool.invoke(new Fib(18));
    assertThat(pool.stats().total().parks()).isZero();
    assertThat(pool.parkedCount().get()).isZero();
  }

  @Test
  void parkedWorkersWakeForNewExternalWork() throws Exception {
    WorkStealingPool pool = pool(2, IdlePolicy.park());
    for (int round = 0; round < 50; round++) {
      awaitQuiescence(pool);
      assertThat(pool.submit(() -> 1).get(10, TimeUnit.SECONDS)).isEqualTo(1);
    }
  }

  @Test
  void executeFromAWorkerPushesLocallyAndExecuteSharedGoesToTheSharedQueues() throws Exception {
    WorkStealingPool pool = pool(1, IdlePolicy.park());
    CountDownLatch ran = new CountDownLatch(2);
    pool.submit(
            () -> {
              pool.execute(ran::countDown);
              pool.executeShared(ran::countDown);
              return null;
            })
        .get(10, TimeUnit.SECONDS);
    assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
    awaitQuiescence(pool);
    WorkerStats total = pool.stats().total();
    assertThat(total.tasks()).isEqualTo(3);
    assertThat(total.externalPolls()).as("the submitted root and the shared one").isEqualTo(2);
    assertThat(total.localPops()).as("the one executed from the worker").isEqualTo(1);
  }

  @Test
  void executeSharedAfterShutdownRunsFromAWorkerAndIsRejectedFromOutside() throws Exception {
    WorkStealingPool pool = pool(1, IdlePolicy.park());
    CountDownLatch shutDown = new CountDownLatch(1);
    AtomicInteger ran = new AtomicInteger();
    Future<?> root =
        pool.submit(
            () -> {
              shutDown.await();
              pool.executeShared(ran::incrementAndGet);
              return null;
            });
    pool.shutdown();
    shutDown.countDown();
    root.get(10, TimeUnit.SECONDS);
    assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    assertThat(ran.get()).isEqualTo(1);
    assertThatThrownBy(() -> pool.executeShared(ran::incrementAndGet))
        .isInstanceOf(java.util.concurrent.RejectedExecutionException.class);
  }

  /** Waits until every worker has registered as parked (PARK policy) or 10 s pass. */
  /**
   * Waits up to 10 s until every worker of a PARK pool is parked; returns whether they were (true
   * at once for other policies).
   */
  private static boolean awaitQuiescence(WorkStealingPool pool) throws InterruptedException {
    if (!pool.idlePolicy().name().equals("PARK")) {
      return true;
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (pool.parkedCount().get() < pool.parallelism()) {
      if (System.nanoTime() >= deadline) {
        return false;
      }
      Thread.sleep(1);
    }
    return true;
  }

  /** Recurses {@code depth} levels through fork/join, then throws {@code failure} at every leaf. */
  static final class Failing extends RecursiveAction {
    private final Throwable failure;
    private final int depth;

    Failing(Throwable failure, int depth) {
      this.failure = failure;
      this.depth = depth;
    }

    @Override
    protected void compute() {
      if (depth == 0) {
        if (failure instanceof Error e) {
          throw e;
        }
        throw (RuntimeException) failure;
      }
      invokeAll(new Failing(failure, depth - 1), new Failing(failure, depth - 1));
    }
  }

  /** A RecursiveAction running a Runnable. */
  static final class Action extends RecursiveAction {
    private final Runnable body;

    Action(Runnable body) {
      this.body = body;
    }

    @Override
    protected void compute() {
      body.run();
    }
  }
}
