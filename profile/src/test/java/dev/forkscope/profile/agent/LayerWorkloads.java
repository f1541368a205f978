package dev.forkscope.profile.agent;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The JVM layer's scenarios ({@code Workloads layers}): tasks that block on a shared monitor and a
 * shared lock, tasks that sleep, tasks submitted to a fork/join pool from inside tasks of another
 * executor, and a clean divide-and-conquer that only joins.
 */
public final class LayerWorkloads {
  static final int CONTENDED_TASKS = 16;
  static final long HOLD_NS = 5_000_000;
  static final int SLEEPERS = 8;
  static final long SLEEP_MS = 40;
  static final int EXTERNAL_TASKS = 40;

  private static final Object MONITOR = new Object();
  private static final ReentrantLock LOCK = new ReentrantLock();

  private LayerWorkloads() {}

  static void run() throws Exception {
    ForkJoinPool pool = new ForkJoinPool(4);
    pool.invoke(new Contended(0, CONTENDED_TASKS));
    pool.invoke(new Locked(0, CONTENDED_TASKS));
    pool.invoke(new Sleeper(0, SLEEPERS));
    pool.invoke(new Clean(0, 1 << 12));
    ExecutorService drivers = Executors.newFixedThreadPool(2);
    Future<?> f =
        drivers.submit(
            new Runnable() {
              @Override
              public void run() {
                try {
                  for (int i = 0; i < EXTERNAL_TASKS; i++) {
                    pool.submit(new Leaf()).get();
                  }
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              }
            });
    f.get();
    drivers.shutdown();
    pool.shutdown();
    pool.awaitTermination(1, TimeUnit.MINUTES);
    allocate();
    System.gc(); // a known pause for the GC layer
  }

  /** Sink of {@link #allocate}, so that the allocations are not optimized away. */
  static volatile Object kept;

  /**
   * 64 MiB in 4 KiB arrays over about 100 ms: many TLAB refills in several of JFR's throttle
   * windows, so that a JFR recording has allocation samples however little the rest allocated. It
   * spins rather than sleeps between batches: every sleep of this workload is a Sleeper's.
   */
  private static void allocate() {
    for (int batch = 0; batch < 10; batch++) {
      for (int i = 0; i < 1_600; i++) {
        kept = new byte[4096];
      }
      long until = System.nanoTime() + 10_000_000L;
      while (System.nanoTime() < until) {
        Thread.onSpinWait();
      }
    }
  }

  /** Leaves hold the shared monitor for {@link #HOLD_NS}. */
  static final class Contended extends RecursiveAction {
    private final int lo;
    private final int hi;

    Contended(int lo, int hi) {
      this.lo = lo;
      this.hi = hi;
    }

    @Override
    protected void compute() {
      if (hi - lo > 1) {
        int mid = (lo + hi) >>> 1;
        invokeAll(new Contended(lo, mid), new Contended(mid, hi));
        return;
      }
      synchronized (MONITOR) {
        Workloads.spin(HOLD_NS);
      }
    }
  }

  /** Leaves hold the shared lock for {@link #HOLD_NS}. */
  static final class Locked extends RecursiveAction {
    private final int lo;
    private final int hi;

    Locked(int lo, int hi) {
      this.lo = lo;
      this.hi = hi;
    }

    @Override
    protected void compute() {
      if (hi - lo > 1) {
        int mid = (lo + hi) >>> 1;
        invokeAll(new Locked(lo, mid), new Locked(mid, hi));
        return;
      }
      LOCK.lock();
      try {
        Workloads.spin(HOLD_NS);
      } finally {
        LOCK.unlock();
      }
    }
  }

  /** Leaves sleep {@link #SLEEP_MS}. */
  static final class Sleeper extends RecursiveAction {
    private final int lo;
    private final int hi;

    Sleeper(int lo, int hi) {
      this.lo = lo;
      this.hi = hi;
    }

    @Override
    protected void compute() {
      if (hi - lo > 1) {
        int mid = (lo + hi) >>> 1;
        invokeAll(new Sleeper(lo, mid), new Sleeper(mid, hi));
        return;
      }
      try {
        Thread.sleep(SLEEP_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Divide and conquer that only forks and joins. */
  static final class Clean extends RecursiveAction {
    private final int lo;
    private final int hi;

    Clean(int lo, int hi) {
      this.lo = lo;
      this.hi = hi;
    }

    @Override
    protected void compute() {
      if (hi - lo > 64) {
        int mid = (lo + hi) >>> 1;
        Clean left = new Clean(lo, mid);
        left.fork();
        new Clean(mid, hi).compute();
        left.join();
        return;
      }
      Workloads.spin(20_000);
    }
  }

  /** A small task submitted from inside a task of another executor. */
  static final class Leaf extends RecursiveAction {
    @Override
    protected void compute() {
      Workloads.spin(50_000);
    }
  }
}
