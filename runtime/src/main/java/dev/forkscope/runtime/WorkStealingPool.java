package dev.forkscope.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
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
 * <p>Blocking: a task that must wait for something other than a task (a lock, a queue, I/O) waits
 * through {@link #managedBlock}, and the pool keeps {@code parallelism} workers runnable by
 * starting a spare worker for it if needed, as {@code ForkJoinPool} does. A join with nothing to
 * help with blocks too; for it the pool only makes sure that one worker stays runnable while work
 * is queued. Spares that stay idle for the keep-alive time (60 s) while the pool has more runnable
 * workers than its parallelism retire. At most {@value #MAX_SPARES} spares run at once.
 *
 * <p>Implementation note: see {@link Worker} for the scan order, the parking protocol and
 * termination. State: {@code runState} only grows (RUNNING, SHUTDOWN, STOP, TERMINATED). An
 * external submitter enqueues and then re-reads {@code runState}; if the pool has left RUNNING
 * meanwhile and the task is still queued, it removes the task and rejects it, so no task is ever
 * left in a terminated pool.
 *
 * <p>External invoke: after submitting, an {@link #invoke(Task)} from outside spins politely
 * ({@link SpinBackoff#pause}) for its result for up to {@link #INVOKE_SPIN_NANOS} before it blocks,
 * but only if the idle policy's first wait ({@code next(1, 0)}, asked once at construction) is
 * {@code PARK}, and the same thread's previous invoke on this pool took less than that and either a
 * worker is searching (it will take the task within microseconds, see {@link Worker} on searching)
 * or that previous invoke returned less than {@link #BACK_TO_BACK_NANOS} ago (a request loop, in
 * which a spinning invoker resubmits while the worker that served it still searches). Otherwise it
 * blocks at once, so invokes that come with gaps, and long tasks, cost no spinning. The history is
 * kept per thread ({@code lastInvoke}), so one thread's request loop does not make another's sleepy
 * requests spin. Whether the last external invoke, of any thread, came back to back is kept in
 * {@code requestLoop}, a volatile hint written only when it changes: workers spin before they park
 * only while it is set, so the last task before a quiet period is followed by a prompt park. The
 * invoker never runs its task itself, as {@code ForkJoinPool}'s may: here {@code fork()} outside a
 * pool has no pool to fork to.
 *
 * <p>Compensation: {@code blockedCount} counts workers blocked in {@link #managedBlock} or in a
 * join, {@code liveCount} live workers, so {@code liveCount - blockedCount} are runnable (running
 * or idle). A worker about to block increments {@code blockedCount} (a volatile read-modify-write)
 * and then looks at the queues; a submitter publishes its task and then, when no parked worker
 * takes the signal, reads {@code blockedCount}: so either the blocker sees the task or the
 * submitter sees the blocker, and whoever sees that no worker is runnable starts a spare (Dekker,
 * as for parking). The worker array is copy-on-write under {@code lock}, read through a volatile
 * field; a spare is added to it before it starts and a retired worker removed before it ends, and
 * an idle worker's deque is always empty, so thieves never miss a task in a removed deque.
 */
public final class WorkStealingPool extends AbstractExecutorService {
  private static final int RUNNING = 0;
  private static final int SHUTDOWN = 1;
  private static final int STOP = 2;
  private static final int TERMINATED = 3;
  private static final AtomicInteger POOL_IDS = new AtomicInteger();

  /** Most spare workers running at once, as in {@code ForkJoinPool}'s default. */
  static final int MAX_SPARES = 256;

  static final long DEFAULT_KEEP_ALIVE_NANOS = TimeUnit.SECONDS.toNanos(60);

  /**
   * How long an external {@link #invoke(Task)} may spin for its result before it blocks (100 µs):
   * longer than a worker's wake-up on a loaded VM (docs/runtime.md, design), so that a spinning
   * invoker is not woken.
   */
  static final long INVOKE_SPIN_NANOS = 100_000;

  /** An external invoke this soon after the last one returned spins (see {@link #invoke(Task)}). */
  static final long BACK_TO_BACK_NANOS = 10_000;

  private static final VarHandle LONE_WATCHER;

  static {
    try {
      LONE_WATCHER =
          MethodHandles.lookup().findVarHandle(WorkStealingPool.class, "loneWatcher", Worker.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final int parallelism;
  private final IdlePolicy idlePolicy;
  private final long keepAliveNanos;
  private final String namePrefix;
  private final Object lock = new Object();
  private volatile Worker[] workers;

  /** Every worker ever started, retired ones included, in start order; guarded by lock. */
  private final List<Worker> started = new ArrayList<>();

  private final ConcurrentLinkedQueue<Task<?>>[] externals;
  private final AtomicInteger runState = new AtomicInteger(RUNNING);
  private final AtomicInteger activeCount;
  private final AtomicInteger liveCount;
  private final AtomicInteger parkedCount = new AtomicInteger();
  private final AtomicInteger blockedCount = new AtomicInteger();
  private final AtomicInteger searchers = new AtomicInteger();

  /**
   * Whether external invokes may spin: the idle policy's first wait is {@code PARK}. Under a policy
   * that spins or yields, workers that stay awake do not yield the processor to a spinning invoker.
   */
  private final boolean invokesSpin;

  /**
   * Whether the last external invoke came back to back after its thread's previous one: workers
   * spin before they park only while it does (see {@link Worker} on searching). Written only when
   * it changes.
   */
  private volatile boolean requestLoop;

  /** Each external thread's last invoke on this pool. */
  private final ThreadLocal<LastInvoke> lastInvoke = ThreadLocal.withInitial(LastInvoke::new);

  private final AtomicInteger quiescing = new AtomicInteger();

  /** The idle worker watching for lone tasks, or null (see {@link Worker} on lone tasks). */
  private volatile Worker loneWatcher;

  /** When the active count last dropped to zero. */
  private volatile long quietSince;

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
  public WorkStealingPool(int parallelism, IdlePolicy policy) {
    this(parallelism, policy, DEFAULT_KEEP_ALIVE_NANOS);
  }

  /** As the public constructor, with the spares' keep-alive time (for tests). */
  @SuppressWarnings("unchecked")
  WorkStealingPool(int parallelism, IdlePolicy policy, long keepAliveNanos) {
    if (parallelism <= 0) {
      throw new IllegalArgumentException("parallelism must be positive: " + parallelism);
    }
    this.idlePolicy = Objects.requireNonNull(policy, "policy");
    this.invokesSpin = policy.next(1, 0) == IdlePolicy.Wait.PARK;
    this.parallelism = parallelism;
    this.keepAliveNanos = keepAliveNanos;
    this.activeCount = new AtomicInteger(parallelism);
    this.liveCount = new AtomicInteger(parallelism);
    this.externals =
        (ConcurrentLinkedQueue<Task<?>>[])
            new ConcurrentLinkedQueue<?>[Integer.highestOneBit(Math.max(1, parallelism - 1)) << 1];
    for (int i = 0; i < externals.length; i++) {
      externals[i] = new ConcurrentLinkedQueue<>();
    }
    this.namePrefix = "forkscope-" + POOL_IDS.incrementAndGet() + "-worker-";
    Worker[] initial = new Worker[parallelism];
    for (int i = 0; i < parallelism; i++) {
      initial[i] = new Worker(this, i, namePrefix + i);
      started.add(initial[i]);
    }
    this.workers = initial;
    for (Worker w : initial) {
      w.start();
    }
  }

  /**
   * Blocks the current thread as {@code blocker} says, the way {@code ForkJoinPool.managedBlock}
   * does: calls {@code blocker.isReleasable()} and {@code blocker.block()} until one returns true.
   * On a worker of a {@code WorkStealingPool}, the pool first makes sure that {@code parallelism}
   * other workers stay runnable, starting a spare worker if needed, so tasks that wait for each
   * other through locks, queues or latches do not deadlock the pool. On any other thread it just
   * blocks. Joins need no blocker: a join with nothing to help with is compensated by itself.
   *
   * @throws InterruptedException if {@code blocker.block()} throws it
   * @throws NullPointerException if blocker is null
   */
  public static void managedBlock(ForkJoinPool.ManagedBlocker blocker) throws InterruptedException {
    Objects.requireNonNull(blocker, "blocker");
    WorkStealingPool pool = Thread.currentThread() instanceof Worker w ? w.pool : null;
    boolean blocked = false;
    try {
      while (!blocker.isReleasable()) {
        if (pool != null && !blocked) {
          blocked = true;
          pool.beginBlocking(true);
        }
        if (blocker.block()) {
          break;
        }
      }
    } finally {
      if (blocked) {
        pool.endBlocking();
      }
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
    LastInvoke last = lastInvoke.get();
    long start = System.nanoTime();
    boolean backToBack = start - last.end < BACK_TO_BACK_NANOS;
    if (requestLoop != backToBack) {
      requestLoop = backToBack;
    }
    submitTask(task, false);
    if (invokesSpin && last.nanos < INVOKE_SPIN_NANOS && (backToBack || searchers.get() != 0)) {
      task.spinUntilDone(INVOKE_SPIN_NANOS);
    }
    T result = task.join();
    last.end = System.nanoTime();
    last.nanos = last.end - start;
    return result;
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

  /**
   * A snapshot of every worker's counters and their sum (see {@link PoolStats} on staleness). The
   * list holds every worker the pool has started, in start order: the first {@code parallelism},
   * then spares, retired ones included.
   */
  public PoolStats stats() {
    List<Worker> all;
    synchronized (lock) {
      all = List.copyOf(started);
    }
    List<WorkerStats> list = new ArrayList<>(all.size());
    for (Worker w : all) {
      list.add(w.snapshot());
    }
    return PoolStats.of(list);
  }

  /** Number of live worker threads: {@code parallelism} plus the spares running now. */
  public int poolSize() {
    return liveCount.get();
  }

  /**
   * True if no worker is running a task and nothing is queued (a racy check, exact when the pool is
   * quiescent).
   */
  public boolean isQuiescent() {
    return activeCount.get() == 0 && !hasVisibleWork() && activeCount.get() == 0;
  }

  /**
   * Waits until the pool {@linkplain #isQuiescent() is quiescent} or the timeout passes; called
   * from one of this pool's workers it runs tasks meanwhile ({@link Task#helpQuiesce()}) and
   * ignores the timeout. The analogue of {@code ForkJoinPool.awaitQuiescence}.
   *
   * @return true if the pool became quiescent, false on timeout
   */
  public boolean awaitQuiescence(long timeout, TimeUnit unit) {
    if (Thread.currentThread() instanceof Worker w && w.pool == this) {
      w.helpQuiesce();
      return true;
    }
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    while (!isQuiescent()) {
      if (deadline - System.nanoTime() <= 0) {
        return false;
      }
      LockSupport.parkNanos(this, 10_000);
    }
    return true;
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

  AtomicInteger quiescing() {
    return quiescing;
  }

  /** True while external invokes come back to back (see {@link #invoke(Task)}). */
  boolean inRequestLoop() {
    return requestLoop;
  }

  /** Workers searching for their next task right after one (see {@link Worker} on searching). */
  AtomicInteger searchers() {
    return searchers;
  }

  long keepAliveNanos() {
    return keepAliveNanos;
  }

  /**
   * For {@link Task#helpQuiesce()}: every active worker waits for quiescence and nothing is queued.
   */
  boolean looksQuiescent() {
    int q = quiescing.get();
    return activeCount.get() == q && !hasVisibleWork() && activeCount.get() == q;
  }

  /**
   * The current worker is about to block. {@code eager} (a managed block): keep {@code parallelism}
   * workers runnable; else (a join): keep one runnable while external work is queued. (A joiner
   * only blocks with an empty deque and pops its deque again whenever it wakes, so work in deques
   * is never stranded by joins; external work would be.)
   */
  void beginBlocking(boolean eager) {
    int runnable = liveCount.get() - blockedCount.incrementAndGet();
    if (eager ? runnable < parallelism : runnable <= 0 && hasExternalWork()) {
      addSpare();
    }
  }

  private boolean hasExternalWork() {
    for (ConcurrentLinkedQueue<Task<?>> q : externals) {
      if (!q.isEmpty()) {
        return true;
      }
    }
    return false;
  }

  void endBlocking() {
    blockedCount.decrementAndGet();
  }

  /** More runnable workers than parallelism: an idle one may retire after the keep-alive time. */
  boolean hasExcessWorkers() {
    return liveCount.get() - blockedCount.get() > parallelism;
  }

  /** Leaves the live count if there is still an excess; the caller then ends. */
  boolean tryRetire() {
    for (int live; (live = liveCount.get()) - blockedCount.get() > parallelism; ) {
      if (isStopping()) {
        return false;
      }
      if (liveCount.compareAndSet(live, live - 1)) {
        return true;
      }
    }
    return false;
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

  /**
   * Wakes one parked worker, if any, the lone-task watcher last; else, if every worker is blocked,
   * starts a spare. Does nothing while a worker is searching: that worker finds the task (see
   * {@link Worker} on searching). Call after publishing a task.
   */
  void signalWork() {
    if (searchers.get() != 0) {
      return;
    }
    if (parkedCount.get() != 0) {
      Worker watcher = loneWatcher;
      for (Worker w : workers) {
        if (w != watcher && w.tryUnpark()) {
          return;
        }
      }
      if (watcher != null && watcher.tryUnpark()) {
        return;
      }
    }
    if (blockedCount.get() != 0 && liveCount.get() - blockedCount.get() <= 0) {
      addSpare();
    }
  }

  /** Starts a spare worker unless the pool is stopping or already runs {@link #MAX_SPARES}. */
  private void addSpare() {
    synchronized (lock) {
      if (isStopping() || liveCount.get() >= parallelism + MAX_SPARES) {
        return;
      }
      Worker[] old = workers;
      Worker spare = new Worker(this, started.size(), namePrefix + started.size());
      Worker[] grown = Arrays.copyOf(old, old.length + 1);
      grown[old.length] = spare;
      started.add(spare);
      liveCount.incrementAndGet();
      activeCount.incrementAndGet();
      workers = grown;
      spare.start();
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
    return hasVisibleWork(true);
  }

  /**
   * Racy peek at every queue; a deque holding a single task only counts if {@code lone} (see {@link
   * Worker} on lone tasks).
   */
  boolean hasVisibleWork(boolean lone) {
    if (hasExternalWork()) {
      return true;
    }
    for (Worker w : workers) {
      if (w.deque.size() > (lone ? 0 : 1)) {
        return true;
      }
    }
    return false;
  }

  /**
   * True while an idle worker watches for lone tasks: then pushes onto an empty deque do not
   * signal. A volatile read; {@link Worker} on lone tasks says what it is ordered with.
   */
  boolean loneTasksWatched() {
    return loneWatcher != null;
  }

  /** Makes {@code w} the lone-task watcher if there is none; true if it is the watcher now. */
  boolean tryWatchLoneTasks(Worker w) {
    return loneWatcher == null && LONE_WATCHER.compareAndSet(this, null, w);
  }

  /** {@code w} stops watching for lone tasks, if it was the watcher. */
  void unwatchLoneTasks(Worker w) {
    if (loneWatcher == w) {
      LONE_WATCHER.compareAndSet(this, w, null);
    }
  }

  /** True if some worker is active (running, searching or joining), so its deque may hold tasks. */
  boolean hasActiveWorkers() {
    return activeCount.get() > 0;
  }

  /** True if no worker is active and none has been since {@code time} ({@link System#nanoTime}). */
  boolean idleSince(long time) {
    return activeCount.get() == 0 && quietSince - time <= 0;
  }

  /** A worker goes idle; the last one to go notes the time (and may terminate the pool). */
  void deactivate() {
    if (activeCount.decrementAndGet() == 0) {
      quietSince = System.nanoTime();
      if (runState.get() == SHUTDOWN) {
        tryTerminate();
      }
    }
  }

  void activate() {
    activeCount.incrementAndGet();
  }

  /**
   * A worker ends: a retired one (already out of the live count) leaves the worker array; the last
   * live one terminates the pool.
   */
  void onWorkerExit(Worker worker, boolean retired) {
    if (retired) {
      synchronized (lock) {
        Worker[] old = workers;
        Worker[] shrunk = new Worker[old.length - 1];
        int n = 0;
        for (Worker w : old) {
          if (w != worker) {
            shrunk[n++] = w;
          }
        }
        workers = shrunk;
      }
    } else if (liveCount.decrementAndGet() == 0) {
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
      w.push(task);
      return;
    }
    if (runState.get() != RUNNING) {
      throw rejected();
    }
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
    if (!t.isDone() && t.cancel(false)) {
      if (t instanceof ExecuteTask e) {
        cancelled.add(e.runnable);
      } else if (t instanceof Runnable r) {
        cancelled.add(r);
      }
    }
  }

  /**
   * When a thread's last external invoke returned ({@link System#nanoTime}) and how long it took.
   */
  private static final class LastInvoke {
    long end = System.nanoTime() - BACK_TO_BACK_NANOS;
    long nanos;
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
      exec();
    }
  }
}
