package dev.forkscope.profile.agent;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Known-answer waits ({@code Workloads waits}), each phase on a fork/join pool of 2 workers: leaves
 * that sleep 0.1, 1 and 10 ms; leaves of a tree that hold a shared monitor, or a shared {@code
 * ReentrantLock}, for 50 µs, 200 µs and 2 ms; {@code Object.wait}/{@code notify} hand-offs; a
 * {@code CountDownLatch} awaited inside tasks (the other side of a hand-off or a latch runs on a
 * thread of its own: a fork/join worker blocked in a wait the pool does not know of may leave the
 * other worker asleep); {@code CompletableFuture.join} inside a task; and two clean phases, a
 * divide-and-conquer that only joins and a cached pool whose own threads (a {@code Thread}
 * subclass, so their bodies are executions) idle between tasks. Every wait is timed by the task
 * itself around its blocking call, which also tells whether it had to wait: the JVM's blocked and
 * waited counts of the thread (a latch or a future found not yet done parks, and the counters say
 * whether it did; reading their state before the call races with the thread that completes them);
 * the process prints, per task class, one line {@code truth CLASS NS:B,NS:B,...} of each
 * execution's wait and whether it blocked (1) or not (0), which is the answer the profile must
 * find.
 */
public final class WaitWorkloads {
  static final int SLEEPS_100US = 32;
  static final int SLEEPS_1MS = 16;
  static final int SLEEPS_10MS = 4;
  static final int HAND_OFFS = 12;

  /** Per task class simple name, each execution's wait in ns and whether it blocked. */
  private static final Map<String, ConcurrentLinkedQueue<String>> TRUTH = new ConcurrentHashMap<>();

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private WaitWorkloads() {}

  static void run() throws Exception {
    // the truth's own first calls load classes, whose loading may wait: not inside the tasks
    runDelay();
    stalls();
    ForkJoinPool pool = new ForkJoinPool(2);
    pool.invoke(new Sleep100us(SLEEPS_100US));
    pool.invoke(new Sleep1ms(SLEEPS_1MS));
    pool.invoke(new Sleep10ms(SLEEPS_10MS));
    pool.invoke(new Monitor50us(64));
    pool.invoke(new Monitor200us(32));
    pool.invoke(new Monitor2ms(8));
    pool.invoke(new Lock50us(64));
    pool.invoke(new Lock200us(32));
    pool.invoke(new Lock2ms(8));
    pool.invoke(new Clean(1 << 10));
    for (int i = 0; i < HAND_OFFS; i++) {
      pool.invoke(new HandOff());
      pool.invoke(new LatchPair());
      pool.invoke(new FutureJoin());
    }
    idlePool();
    pool.shutdown();
    pool.awaitTermination(1, TimeUnit.MINUTES);
    for (Map.Entry<String, ConcurrentLinkedQueue<String>> e : new TreeMap<>(TRUTH).entrySet()) {
      System.out.println("truth " + e.getKey() + " " + String.join(",", e.getValue()));
    }
  }

  /** A cached pool of {@code PoolThread}s: its workers wait for work in between these tasks. */
  private static void idlePool() throws Exception {
    ExecutorService cached = Executors.newCachedThreadPool(PoolThread::new);
    for (int i = 0; i < 20; i++) {
      Future<?> f = cached.submit(new Idle());
      f.get();
      Thread.sleep(2);
    }
    cached.shutdown();
    cached.awaitTermination(1, TimeUnit.MINUTES);
  }

  /** The times the calling thread blocked on a monitor or waited (parked, in Object.wait). */
  @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+
  static long stalls() {
    ThreadInfo info = THREADS.getThreadInfo(Thread.currentThread().getId());
    return info.getBlockedCount() + info.getWaitedCount();
  }

  /**
   * How long the calling thread has waited for a CPU while runnable, in ns (the second field of
   * Linux's {@code /proc/thread-self/schedstat}), or 0 where there is none.
   */
  static long runDelay() {
    try {
      String[] f = Files.readString(Path.of("/proc/thread-self/schedstat")).trim().split(" ");
      return Long.parseLong(f[1]);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  /**
   * Records one execution's wait: {@code ns} by the task's clock, whether the thread blocked, and
   * the run-queue delay since {@code runDelay} was read before the wait (time the task's clock ran
   * while the thread waited for a CPU, inside the blocking call or around it).
   */
  static void waited(Object task, long ns, boolean blocked, long runDelay) {
    TRUTH
        .computeIfAbsent(task.getClass().getSimpleName(), k -> new ConcurrentLinkedQueue<>())
        .add(ns + (blocked ? ":1:" : ":0:") + (runDelay() - runDelay));
  }

  static void spin(long ns) {
    long end = System.nanoTime() + ns;
    while (System.nanoTime() < end) {
      Thread.onSpinWait();
    }
  }

  /** A balanced tree of {@code leaves} leaves; each runs {@link #leaf}. */
  abstract static class Tree extends RecursiveAction {
    final int leaves;

    Tree(int leaves) {
      this.leaves = leaves;
    }

    abstract Tree child(int leaves);

    abstract void leaf() throws Exception;

    @Override
    protected void compute() {
      if (leaves > 1) {
        invokeAll(child(leaves / 2), child(leaves - leaves / 2));
        return;
      }
      try {
        leaf();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }

  static final class Sleep100us extends Tree {
    Sleep100us(int leaves) {
      super(leaves);
    }

    @Override
    Tree child(int n) {
      return new Sleep100us(n);
    }

    @Override
    void leaf() throws InterruptedException {
      long delay = runDelay();
      long t = System.nanoTime();
      TimeUnit.MICROSECONDS.sleep(100); // JDK 17 rounds this up to 1 ms
      waited(this, System.nanoTime() - t, true, delay);
    }
  }

  static final class Sleep1ms extends Tree {
    Sleep1ms(int leaves) {
      super(leaves);
    }

    @Override
    Tree child(int n) {
      return new Sleep1ms(n);
    }

    @Override
    void leaf() throws InterruptedException {
      long delay = runDelay();
      long t = System.nanoTime();
      Thread.sleep(1);
      waited(this, System.nanoTime() - t, true, delay);
    }
  }

  static final class Sleep10ms extends Tree {
    Sleep10ms(int leaves) {
      super(leaves);
    }

    @Override
    Tree child(int n) {
      return new Sleep10ms(n);
    }

    @Override
    void leaf() throws InterruptedException {
      long delay = runDelay();
      long t = System.nanoTime();
      Thread.sleep(10);
      waited(this, System.nanoTime() - t, true, delay);
    }
  }

  /** A leaf holds a monitor shared by its class's leaves for {@code holdNs}. */
  abstract static class MonitorTree extends Tree {
    private final Object monitor;
    private final long holdNs;

    MonitorTree(int leaves, Object monitor, long holdNs) {
      super(leaves);
      this.monitor = monitor;
      this.holdNs = holdNs;
    }

    @Override
    void leaf() {
      long delay = runDelay();
      long stalls = stalls(); // last before the call: nothing else between the two counts
      long t = System.nanoTime();
      synchronized (monitor) {
        long ns = System.nanoTime() - t;
        waited(this, ns, stalls() != stalls, delay);
        spin(holdNs);
      }
    }
  }

  private static final Object M50 = new Object();
  private static final Object M200 = new Object();
  private static final Object M2000 = new Object();

  static final class Monitor50us extends MonitorTree {
    Monitor50us(int leaves) {
      super(leaves, M50, 50_000);
    }

    @Override
    Tree child(int n) {
      return new Monitor50us(n);
    }
  }

  static final class Monitor200us extends MonitorTree {
    Monitor200us(int leaves) {
      super(leaves, M200, 200_000);
    }

    @Override
    Tree child(int n) {
      return new Monitor200us(n);
    }
  }

  static final class Monitor2ms extends MonitorTree {
    Monitor2ms(int leaves) {
      super(leaves, M2000, 2_000_000);
    }

    @Override
    Tree child(int n) {
      return new Monitor2ms(n);
    }
  }

  /** A leaf holds a {@code ReentrantLock} shared by its class's leaves for {@code holdNs}. */
  abstract static class LockTree extends Tree {
    private final ReentrantLock lock;
    private final long holdNs;

    LockTree(int leaves, ReentrantLock lock, long holdNs) {
      super(leaves);
      this.lock = lock;
      this.holdNs = holdNs;
    }

    @Override
    void leaf() {
      long delay = runDelay();
      long stalls = stalls(); // last before the call: nothing else between the two counts
      long t = System.nanoTime();
      lock.lock();
      try {
        long ns = System.nanoTime() - t;
        waited(this, ns, stalls() != stalls, delay);
        spin(holdNs);
      } finally {
        lock.unlock();
      }
    }
  }

  private static final ReentrantLock L50 = new ReentrantLock();
  private static final ReentrantLock L200 = new ReentrantLock();
  private static final ReentrantLock L2000 = new ReentrantLock();

  static final class Lock50us extends LockTree {
    Lock50us(int leaves) {
      super(leaves, L50, 50_000);
    }

    @Override
    Tree child(int n) {
      return new Lock50us(n);
    }
  }

  static final class Lock200us extends LockTree {
    Lock200us(int leaves) {
      super(leaves, L200, 200_000);
    }

    @Override
    Tree child(int n) {
      return new Lock200us(n);
    }
  }

  static final class Lock2ms extends LockTree {
    Lock2ms(int leaves) {
      super(leaves, L2000, 2_000_000);
    }

    @Override
    Tree child(int n) {
      return new Lock2ms(n);
    }
  }

  /** Computes and joins only: no finding. */
  static final class Clean extends Tree {
    Clean(int leaves) {
      super(leaves);
    }

    @Override
    Tree child(int n) {
      return new Clean(n);
    }

    @Override
    void leaf() {
      spin(20_000);
    }
  }

  /**
   * One hand-off through {@code Object.wait}/{@code notifyAll}: the waiter runs here, the notifier
   * is forked and stolen by the other worker, which works 500 µs and then notifies.
   */
  static final class HandOff extends RecursiveAction {
    final Object monitor = new Object();
    boolean ready;

    @Override
    protected void compute() {
      ASYNC.execute(new Notifier(this));
      new Waiter(this).invoke();
    }
  }

  static final class Waiter extends RecursiveAction {
    private final HandOff h;

    Waiter(HandOff h) {
      this.h = h;
    }

    @Override
    protected void compute() {
      long waited = 0;
      long delay = runDelay();
      synchronized (h.monitor) {
        while (!h.ready) {
          long t = System.nanoTime();
          try {
            h.monitor.wait();
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
          waited += System.nanoTime() - t;
        }
      }
      waited(this, waited, waited > 0, delay);
    }
  }

  static final class Notifier implements Runnable {
    private final HandOff h;

    Notifier(HandOff h) {
      this.h = h;
    }

    @Override
    public void run() {
      spin(500_000);
      synchronized (h.monitor) {
        h.ready = true;
        h.monitor.notifyAll();
      }
    }
  }

  /** A latch awaited by one task and counted down by another after 500 µs of work. */
  static final class LatchPair extends RecursiveAction {
    @Override
    protected void compute() {
      CountDownLatch latch = new CountDownLatch(1);
      ASYNC.execute(new LatchCounter(latch));
      new LatchWaiter(latch).invoke();
    }
  }

  static final class LatchWaiter extends RecursiveAction {
    private final CountDownLatch latch;

    LatchWaiter(CountDownLatch latch) {
      this.latch = latch;
    }

    @Override
    protected void compute() {
      long stalls = stalls();
      long delay = runDelay();
      long t = System.nanoTime();
      try {
        latch.await();
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
      long ns = System.nanoTime() - t;
      waited(this, ns, stalls() > stalls, delay);
    }
  }

  static final class LatchCounter implements Runnable {
    private final CountDownLatch latch;

    LatchCounter(CountDownLatch latch) {
      this.latch = latch;
    }

    @Override
    public void run() {
      spin(500_000);
      latch.countDown();
    }
  }

  private static final ExecutorService ASYNC =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "async");
            t.setDaemon(true);
            return t;
          });

  /** Joins a future computed for 1 ms on another executor. */
  static final class FutureJoin extends RecursiveAction {
    @Override
    protected void compute() {
      CompletableFuture<Long> f = CompletableFuture.supplyAsync(FutureJoin::work, ASYNC);
      long stalls = stalls();
      long delay = runDelay();
      long t = System.nanoTime();
      f.join();
      long ns = System.nanoTime() - t;
      waited(this, ns, stalls() > stalls, delay);
    }

    private static long work() {
      spin(1_000_000);
      return 1;
    }
  }

  /** A thread of the cached pool; its body is an execution of its own. */
  static final class PoolThread extends Thread {
    PoolThread(Runnable r) {
      super(r);
      setDaemon(true);
    }

    @Override
    public void run() {
      super.run();
    }
  }

  /** Works 100 µs on the cached pool: no finding. */
  static final class Idle implements Runnable {
    @Override
    public void run() {
      spin(100_000);
    }
  }
}
