package dev.forkscope.profile.agent;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;

/**
 * Known verdicts for the load test ({@code Workloads load}): tgp's textbook fine-grained class,
 * {@link #FINE_TASKS} Runnables of {@link #FINE_NS} on a pool of two; a balanced fork/join tree of
 * {@link #TREE_LEAVES} leaves of {@link #LEAF_CPU_NS} of CPU time (parallelism about {@code
 * TREE_LEAVES} by construction); one coarse task of {@link #COARSE_CPU_NS} of CPU time alone on a
 * pool of two.
 *
 * <p>The fine tasks are all queued before the workers take the first, and {@code main} waits for
 * the pool to terminate rather than for each task's future: an execution that completes a future on
 * which a thread is parked wakes that thread inside the execution (a system call of a few
 * microseconds, as long as several of these tasks), and how many do depends on how fast {@code
 * main} submits and waits, which the load decides. This test is about preempted executions, not
 * those (see docs/profile.md, verdicts).
 */
final class LoadWorkloads {
  static final int FINE_TASKS = 10_000;
  static final long FINE_NS = 200;
  static final int TREE_DEPTH = 8;
  static final int TREE_LEAVES = 1 << TREE_DEPTH;
  static final long LEAF_CPU_NS = 500_000;
  static final long COARSE_CPU_NS = 300_000_000;

  private LoadWorkloads() {}

  static void run() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    CountDownLatch queued = new CountDownLatch(1);
    for (int i = 0; i < 2; i++) {
      pool.execute(new Gate(queued));
    }
    for (int i = 0; i < FINE_TASKS; i++) {
      pool.execute(new Fine());
    }
    queued.countDown();
    pool.shutdown();
    if (!pool.awaitTermination(1, TimeUnit.MINUTES)) {
      throw new AssertionError("the fine tasks did not finish");
    }
    ForkJoinPool forkJoin = new ForkJoinPool(2);
    forkJoin.invoke(new Tree(TREE_DEPTH));
    forkJoin.invoke(new Coarse());
    forkJoin.shutdown();
  }

  /** Holds a worker until every fine task is queued. */
  static final class Gate implements Runnable {
    private final CountDownLatch queued;

    Gate(CountDownLatch queued) {
      this.queued = queued;
    }

    @Override
    public void run() {
      try {
        queued.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  static final class Fine implements Runnable {
    @Override
    public void run() {
      Workloads.wallSpin(FINE_NS);
    }
  }

  /** A balanced binary tree: fork the right half, invoke the left half directly, join. */
  static final class Tree extends RecursiveAction {
    private final int depth;

    Tree(int depth) {
      this.depth = depth;
    }

    @Override
    protected void compute() {
      RecursiveAction right = depth == 1 ? new Leaf() : new Tree(depth - 1);
      RecursiveAction left = depth == 1 ? new Leaf() : new Tree(depth - 1);
      right.fork();
      left.invoke();
      right.join();
    }
  }

  static final class Leaf extends RecursiveAction {
    @Override
    protected void compute() {
      Workloads.spin(LEAF_CPU_NS);
    }
  }

  /** One task alone on an idle pool of two. */
  static final class Coarse extends RecursiveAction {
    @Override
    protected void compute() {
      Workloads.spin(COARSE_CPU_NS);
    }
  }
}
