package dev.forkscope.examples.centralizedpooling;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;

/**
 * The workload shared by both variants: pairs of actors hit a ball back and forth until it has been
 * hit {@code size} times (the ping-throughput benchmark of Pinto et al., Section IV).
 */
final class Rally {
  /** Hits per pair. */
  static final int DEFAULT_SIZE = 50_000;

  static final int PAIRS = 32;

  private Rally() {}

  /** An asynchronous-mode pool with one worker per core, as Akka configures its dispatcher. */
  static ForkJoinPool newPool() {
    return new ForkJoinPool(
        Runtime.getRuntime().availableProcessors(),
        ForkJoinPool.defaultForkJoinWorkerThreadFactory,
        null,
        true);
  }

  /**
   * Waits until every message has been handled, then stops the pool's workers. The driver only
   * polls: {@code awaitQuiescence} would let it run mailboxes itself, and a {@code fork()} from the
   * driver's thread goes to the common pool instead of this one.
   */
  static void finish(ForkJoinPool pool) {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
    try {
      while (!pool.isQuiescent()) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("the rally did not finish within five minutes");
        }
        Thread.sleep(1);
      }
      pool.shutdown();
      pool.awaitTermination(1, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the rally", e);
    }
  }

  /**
   * What an actor has received: the number of hits and an order-independent sum of the balls'
   * counts.
   */
  static long score(long hits, long sumOfRemaining) {
    return hits * 1_000_003 + sumOfRemaining;
  }
}
