package dev.forkscope.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.runtime.TestTasks.Fib;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Spare workers: started for blocked workers, never for pure fork/join, retired when idle. */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CompensationTest {

  @Test
  void pureForkJoinNeverStartsSpares() throws InterruptedException {
    WorkStealingPool pool = new WorkStealingPool(2, IdlePolicy.park());
    try {
      for (int i = 0; i < 50; i++) {
        assertThat(pool.invoke(new Fib(20))).isEqualTo(TestTasks.seqFib(20));
      }
      assertThat(pool.stats().workers()).hasSize(2);
      assertThat(pool.poolSize()).isEqualTo(2);
    } finally {
      PoolTesting.stop(pool);
    }
  }

  @Test
  void managedBlockersThatWaitForEachOtherGetSparesWhichRetireWhenIdle() throws Exception {
    WorkStealingPool pool = new WorkStealingPool(1, IdlePolicy.park(), 1_000_000L);
    try {
      int parties = 6;
      CyclicBarrier barrier = new CyclicBarrier(parties);
      List<Task<Integer>> tasks = new ArrayList<>();
      for (int i = 0; i < parties; i++) {
        int id = i;
        tasks.add(pool.submit(new Blocking(() -> await(barrier), id)));
      }
      int sum = 0;
      for (Task<Integer> t : tasks) {
        sum += t.join();
      }
      assertThat(sum).isEqualTo(15);
      assertThat(pool.stats().workers().size()).isGreaterThanOrEqualTo(parties);
      while (pool.poolSize() > 1) {
        Thread.sleep(1);
      }
      assertThat(pool.invoke(new Fib(18))).isEqualTo(TestTasks.seqFib(18));
      assertThat(pool.stats().total().tasks()).isGreaterThan(parties);
    } finally {
      PoolTesting.stop(pool);
    }
  }

  @Test
  void randomBlockingInsideForkJoinNeverDeadlocksAndComputesTheRightSums() throws Exception {
    for (int p = 1; p <= 3; p++) {
      WorkStealingPool pool = new WorkStealingPool(p, IdlePolicy.park(), 1_000_000L);
      try {
        for (int round = 0; round < 20; round++) {
          CountDownLatch gate = new CountDownLatch(1);
          AtomicInteger leaves = new AtomicInteger();
          Task<Long> root = pool.submit(new Tree(8, gate, leaves));
          while (leaves.get() < 4) {
            Thread.onSpinWait();
          }
          gate.countDown();
          assertThat(root.get(60, TimeUnit.SECONDS)).isEqualTo(256L);
        }
      } finally {
        PoolTesting.stop(pool);
      }
    }
  }

  @Test
  void awaitQuiescenceWaitsForEveryTaskAndThePoolIsQuiescentAfterwards() throws Exception {
    WorkStealingPool pool = new WorkStealingPool(2, IdlePolicy.park());
    try {
      AtomicInteger done = new AtomicInteger();
      for (int i = 0; i < 100; i++) {
        pool.execute(
            () -> {
              pool.invoke(new Fib(12));
              done.incrementAndGet();
            });
      }
      assertThat(pool.awaitQuiescence(60, TimeUnit.SECONDS)).isTrue();
      assertThat(done.get()).isEqualTo(100);
      assertThat(pool.isQuiescent()).isTrue();
    } finally {
      PoolTesting.stop(pool);
    }
  }

  private static void await(CyclicBarrier barrier) {
    try {
      barrier.await();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Runs {@code body} through {@link WorkStealingPool#managedBlock}, then returns {@code id}. */
  static final class Blocking extends RecursiveTask<Integer> {
    private final Runnable body;
    private final int id;

    Blocking(Runnable body, int id) {
      this.body = body;
      this.id = id;
    }

    @Override
    protected Integer compute() {
      try {
        WorkStealingPool.managedBlock(
            new ForkJoinPool.ManagedBlocker() {
              boolean done;

              @Override
              public boolean block() {
                body.run();
                done = true;
                return true;
              }

              @Override
              public boolean isReleasable() {
                return done;
              }
            });
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
      return id;
    }
  }

  /**
   * A binary tree of fork/join whose leaves count themselves and then some of them (at random)
   * block on a gate through managedBlock; the gate opens once a few leaves have arrived.
   */
  static final class Tree extends RecursiveTask<Long> {
    private final int depth;
    private final CountDownLatch gate;
    private final AtomicInteger leaves;

    Tree(int depth, CountDownLatch gate, AtomicInteger leaves) {
      this.depth = depth;
      this.gate = gate;
      this.leaves = leaves;
    }

    @Override
    protected Long compute() {
      if (depth == 0) {
        leaves.incrementAndGet();
        if (ThreadLocalRandom.current().nextInt(4) == 0) {
          try {
            WorkStealingPool.managedBlock(Conformance.latchBlocker(gate));
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
        }
        return 1L;
      }
      Tree left = new Tree(depth - 1, gate, leaves);
      left.fork();
      return new Tree(depth - 1, gate, leaves).compute() + left.join();
    }
  }
}
