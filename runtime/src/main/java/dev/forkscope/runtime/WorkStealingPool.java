package dev.forkscope.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A work-stealing fork/join pool after Lea's FJTask (Java Grande 2000): a fixed set of worker
 * threads, each with a Chase–Lev deque (LIFO for its owner, FIFO for thieves), helping joins,
 * external submission queues polled fairly, and a pluggable {@link IdlePolicy}.
 *
 * <pre>{@code
 * WorkStealingPool pool = new WorkStealingPool(4, IdlePolicy.park());
 * long fib = pool.invoke(new Fib(30));
 * PoolStats stats = pool.stats();
 * pool.shutdown();
 * }</pre>
 *
 * <p>Submissions: {@code execute}/{@code submit}/{@code invoke} from a thread outside the pool go
 * to one of the external queues (picked by the submitting thread), from a worker of this pool to
 * that worker's deque; {@link #executeShared} goes to an external queue from any thread. After
 * {@link #shutdown()} external submissions are rejected with {@link RejectedExecutionException};
 * workers may still fork and submit, and the pool terminates once every queue is empty and every
 * worker idle. {@link #shutdownNow()} cancels queued tasks, interrupts the workers and terminates
 * as soon as running tasks return.
 *
 * <p>Workers are daemon threads named {@code forkscope-<pool>-worker-<i>}. An exception thrown by a
 * {@link Runnable} passed to {@link #execute(Runnable)} goes to the worker's uncaught-exception
 * handler; the worker keeps running. Exceptions of tasks and of {@code submit}ted work are kept for
 * their {@code join()}/{@code get()}.
 *
 * <p>Implementation note: see {@link Worker} for the scan order, the parking protocol and
 * termination. State: {@code runState} only grows (RUNNING, SHUTDOWN, STOP, TERMINATED). An
 * external submitter enqueues and then re-reads {@code runState}; if the pool has left RUNNING
 * meanwhile and the task is still queued, it removes the task and rejects it, so no task is ever
 * left in a terminated pool.
 */
public final class WorkStealingPool extends AbstractExecutorService {
  private static final int RUNNING = 0;
  private static final int SHUTDOWN = 1;
  private static final int STOP = 2;
  private static final int TERMINATED = 3;
  private static final AtomicInteger POOL_IDS = new AtomicInteger();

  private final int parallelism;
  private final IdlePolicy idlePolicy;
  private final Worker[] workers;
  private final ConcurrentLinkedQueue<Task<?>>[] externals;
  private final AtomicInteger runState = new AtomicInteger(RUNNING);
  private final AtomicInteger activeCount;
  private final AtomicInteger liveCount;
  private final AtomicInteger parkedCount = new AtomicInteger();
  private final CountDownLatch terminated = new CountDownLatch(1);

  /** A pool with one worker per available processor and the {@link IdlePolicy#park()} policy. */
  public WorkStealingPool() {
    this(Runtime.getRuntime().availableProcessors(), IdlePolicy.park());
  }

  /**
   * A pool with {@code parallelism} workers, started at once.
   *
   * @throws IllegalArgumentException if parallelism is not positive
   * @throws NullPointerException if policy is null
   */
  @SuppressWarnings("unchecked")
  public WorkStealingPool(int parallelism, IdlePolicy policy) {
    if (parallelism <= 0) {
      throw new IllegalArgumentException("parallelism must be positive: " + parallelism);
    }
    this.idlePolicy = Objects.requireNonNull(policy, "policy");
    this.parallelism = parallelism;
    this.activeCount = new AtomicInteger(parallelism);
    this.liveCount = new AtomicInteger(parallelism);
    this.externals =
        (ConcurrentLinkedQueue<Task<?>>[])
            new ConcurrentLinkedQueue<?>[Integer.highestOneBit(Math.max(1, parallelism - 1)) << 1];
    for (int i = 0; i < externals.length; i++) {
      externals[i] = new ConcurrentLinkedQueue<>();
    }
    String prefix = "forkscope-" + POOL_IDS.incrementAndGet() + "-worker-";
    this.workers = new Worker[parallelism];
    for (int i = 0; i < parallelism; i++) {
      workers[i] = new Worker(this, i, prefix + i);
    }
    for (Worker w : workers) {
      w.start();
    }
  }

  /** Number of worker threads. */
  public int parallelism() {
    return parallelism;
  }

  /** How idle workers wait. */
  public IdlePolicy idlePolicy() {
    return idlePolicy;
  }

  /**
   * Runs {@code task} and returns its result, rethrowing its exception as {@link Task#join()} does.
   * From a worker of this pool the task runs in the calling thread.
   *
   * @throws RejectedExecutionException if called from outside after shutdown
   */
  public <T> T invoke(Task<T> task) {
    Objects.requireNonNull(task, "task");
    if (Thread.currentThread() instanceof Worker w && w.pool == this) {
      return task.invoke();
    }
    submitTask(task, false);
    return task.join();
  }

  /**
   * Schedules {@code task} and returns it (it is its own {@link java.util.concurrent.Future}).
   *
   * @throws RejectedExecutionException if called from outside after shutdown
   */
  public <T> Task<T> submit(Task<T> task) {
    submitTask(Objects.requireNonNull(task, "task"), false);
    return task;
  }

  @Override
  public void execute(Runnable command) {
    Objects.requireNonNull(command, "command");
    submitTask(command instanceof Task<?> t ? t : new ExecuteTask(command), false);
  }

  /**
   * Like {@link #execute(Runnable)}, but while the pool is running the command goes to the shared
   * external queues even when called from one of this pool's workers, so that any worker may take
   * it and none runs it ahead of older shared work. This is the "centralized pooling" of Pinto et
   * al. (ASE 2017): a scheduler that wants it, for fairness or to measure it, asks for it; {@code
   * execute} from a worker pushes onto that worker's own deque instead. After {@link #shutdown()}
   * it behaves exactly as {@code execute}.
   *
   * @throws RejectedExecutionException if called from outside after shutdown
   */
  public void executeShared(Runnable command) {
    Objects.requireNonNull(command, "command");
    submitTask(command instanceof Task<?> t ? t : new ExecuteTask(command), true);
  }

  @Override
  protected <T> RunnableFuture<T> newTaskFor(Runnable runnable, T value) {
    Objects.requireNonNull(runnable, "task");
    return new CallableTask<>(
        () -> {
          runnable.run();
          return value;
        });
  }

  @Override
  protected <T> RunnableFuture<T> newTaskFor(Callable<T> callable) {
    return new CallableTask<>(Objects.requireNonNull(callable, "task"));
  }

  /** A snapshot of every worker's counters and their sum (see {@link PoolStats} on staleness). */
  public PoolStats stats() {
    List<WorkerStats> list = new ArrayList<>(workers.length);
    for (Worker w : workers) {
      list.add(w.snapshot());
    }
    return PoolStats.of(list);
  }

  @Override
  public void shutdown() {
    runState.compareAndSet(RUNNING, SHUTDOWN);
    tryTerminate();
  }

  /**
   * Stops the pool: rejects new tasks, cancels queued ones, interrupts the workers and lets running
   * tasks finish.
   *
   * @return the queued work that was cancelled: the {@link Runnable}s given to {@link #execute},
   *     and the futures returned by {@code submit} of a {@link Runnable} or {@link Callable};
   *     queued {@link Task}s are cancelled too but not listed (their own {@code Future} shows it)
   */
  @Override
  public List<Runnable> shutdownNow() {
    stop();
    List<Runnable> cancelled = new ArrayList<>();
    for (ConcurrentLinkedQueue<Task<?>> q : externals) {
      for (Task<?> t; (t = q.poll()) != null; ) {
        cancelQueued(t, cancelled);
      }
    }
    for (Worker w : workers) {
      for (Task<?> t; (t = w.deque.steal()) != null || !w.deque.isEmpty(); ) {
        if (t != null) {
          cancelQueued(t, cancelled);
        }
      }
      w.interrupt();
    }
    return cancelled;
  }

  @Override
  public boolean isShutdown() {
    return runState.get() >= SHUTDOWN;
  }

  @Override
  public boolean isTerminated() {
    return runState.get() == TERMINATED;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    return terminated.await(timeout, unit);
  }

  @Override
  public String toString() {
    String[] states = {"RUNNING", "SHUTDOWN", "STOP", "TERMINATED"};
    return "WorkStealingPool[parallelism="
        + parallelism
        + ", policy="
        + idlePolicy
        + ", state="
        + states[runState.get()]
        + "]";
  }

  // ---- package-private machinery used by Worker and Task ----

  Worker[] workers() {
    return workers;
  }

  AtomicInteger parkedCount() {
    return parkedCount;
  }

  boolean isStopping() {
    return runState.get() >= STOP;
  }

  /** Wakes one parked worker if the (unfenced) parked count says there is one. */
  void signalIfParked() {
    if (parkedCount.getAcquire() > 0) {
      signalWork();
    }
  }

  /** Wakes one parked worker, if any; call after publishing a task. */
  void signalWork() {
    if (parkedCount.get() == 0) {
      return;
    }
    for (Worker w : workers) {
      if (w.tryUnpark()) {
        return;
      }
    }
  }

  Task<?> pollExternal(int cursor) {
    int mask = externals.length - 1;
    for (int i = 0; i < externals.length; i++) {
      Task<?> t = externals[(cursor + i) & mask].poll();
      if (t != null) {
        return t;
      }
    }
    return null;
  }

  /** Racy peek at every queue; never takes anything. */
  boolean hasVisibleWork() {
    for (ConcurrentLinkedQueue<Task<?>> q : externals) {
      if (!q.isEmpty()) {
        return true;
      }
    }
    for (Worker w : workers) {
      if (!w.deque.isEmpty()) {
        return true;
      }
    }
    return false;
  }

  void deactivate() {
    if (activeCount.decrementAndGet() == 0 && runState.get() == SHUTDOWN) {
      tryTerminate();
    }
  }

  void activate() {
    activeCount.incrementAndGet();
  }

  void onWorkerExit() {
    if (liveCount.decrementAndGet() == 0) {
      runState.set(TERMINATED);
      terminated.countDown();
    }
  }

  /**
   * Schedules {@code task}: onto the calling worker's deque if it is a worker of this pool (unless
   * {@code shared} and the pool is still running), else onto an external queue. A worker may still
   * push after shutdown, because the pool cannot terminate while that worker is active.
   */
  private void submitTask(Task<?> task, boolean shared) {
    if (Thread.currentThread() instanceof Worker w
        && w.pool == this
        && !isStopping()
        && !(shared && runState.get() == RUNNING)) {
      task.scheduled = true;
      w.push(task);
      return;
    }
    if (runState.get() != RUNNING) {
      throw rejected();
    }
    task.scheduled = true;
    ConcurrentLinkedQueue<Task<?>> q = externals[externalIndex()];
    q.offer(task);
    if (runState.get() != RUNNING && q.remove(task)) {
      tryTerminate();
      throw rejected();
    }
    signalWork();
  }

  private RejectedExecutionException rejected() {
    return new RejectedExecutionException("pool is shut down: " + this);
  }

  private int externalIndex() {
    long id = Thread.currentThread().getId();
    int h = (int) (id ^ (id >>> 32)) * 0x9E3779B9;
    return (h ^ (h >>> 16)) & (externals.length - 1);
  }

  /**
   * Terminates after shutdown once no worker is active (so every deque is empty) and the external
   * queues are empty. The active count is read again after the queues, so a worker that took the
   * last external task in between is seen as active.
   */
  private void tryTerminate() {
    if (runState.get() == SHUTDOWN && activeCount.get() == 0) {
      for (ConcurrentLinkedQueue<Task<?>> q : externals) {
        if (!q.isEmpty()) {
          return;
        }
      }
      if (activeCount.get() == 0) {
        stop();
      }
    }
  }

  private void stop() {
    int s;
    while ((s = runState.get()) < STOP && !runState.compareAndSet(s, STOP)) {
      Thread.onSpinWait();
    }
    for (Worker w : workers) {
      LockSupport.unpark(w);
    }
  }

  private static void cancelQueued(Task<?> t, List<Runnable> cancelled) {
    if (t.cancel(false)) {
      if (t instanceof ExecuteTask e) {
        cancelled.add(e.runnable);
      } else if (t instanceof Runnable r) {
        cancelled.add(r);
      }
    }
  }

  /**
   * Adapts a {@link Callable} (and, through it, a {@link Runnable}) from the ExecutorService
   * methods.
   */
  static final class CallableTask<T> extends Task<T> implements RunnableFuture<T> {
    private final Callable<? extends T> callable;

    CallableTask(Callable<? extends T> callable) {
      this.callable = callable;
    }

    @Override
    T doCompute() throws Exception {
      return callable.call();
    }

    @Override
    public void run() {
      scheduled = true;
      exec();
    }
  }

  /**
   * Adapts a {@link Runnable} from {@link #execute}: failures go to the uncaught-exception handler.
   */
  static final class ExecuteTask extends Task<Void> implements RunnableFuture<Void> {
    private final Runnable runnable;

    ExecuteTask(Runnable runnable) {
      this.runnable = runnable;
    }

    @Override
    Void doCompute() {
      try {
        runnable.run();
      } catch (Throwable ex) {
        Thread t = Thread.currentThread();
        t.getUncaughtExceptionHandler().uncaughtException(t, ex);
        throw ex;
      }
      return null;
    }

    @Override
    public void run() {
      scheduled = true;
      exec();
    }
  }
}
