package dev.forkscope.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * A worker thread of a {@link WorkStealingPool}: owns one {@link WorkDeque} and its counters.
 *
 * <p>Implementation note.
 *
 * <ul>
 *   <li><b>Finding work</b>: own deque (LIFO), then the external queues, then one sweep over the
 *       other workers' deques from a random start (FIFO steals; a thief that loses a race moves on
 *       to the next victim). Every {@value #EXTERNAL_POLL_INTERVAL} searches the external queues
 *       are polled first, also inside helping joins, so tasks that keep forking or resubmitting
 *       themselves cannot starve external submissions (Go polls its global queue every 61 ticks for
 *       the same reason). A thief that leaves work behind in its victim's deque wakes another
 *       parked worker, so wake-ups propagate in a tree.
 *   <li><b>Helping join</b> (Lea 2000 §3, with the leapfrogging of Wagner and Calder): run the
 *       joined task if it is still on top of the own deque; otherwise run own tasks (this worker
 *       forked them), then steal from the worker that took the joined task (its deque holds the
 *       joined task's subtasks), and from the worker that took the task <em>that</em> worker is
 *       joining, up to {@value #JOIN_CHAIN} links. A join never runs unrelated tasks (from other
 *       deques or the external queues) just because it has nothing else to do, so a task whose
 *       completion depends on the joiner's continuation is never run below it on its stack; the one
 *       exception is the fairness rule, which also applies while a join keeps running own tasks.
 *       After {@value #JOIN_SPINS} fruitless rounds the joiner counts itself blocked ({@link
 *       WorkStealingPool#beginBlocking}) and parks on the task for 10 µs doubling to 1 ms (the
 *       completer unparks it); if every worker is blocked while external work is queued, the pool
 *       starts a spare worker. Pure fork/join never blocks every worker, so it never gets spares.
 *   <li><b>Idle and parking</b>: a worker that finds nothing leaves the pool's active count and
 *       asks the {@link IdlePolicy} how to wait, peeking at all queues between waits. To park it
 *       sets {@code state = PARKED}, increments the pool's parked count (a volatile
 *       read-modify-write), peeks at all queues once more and only then parks. A signaller
 *       publishes its task first and then reads the parked count, and a signalled worker is moved
 *       back to {@code ACTIVE} by whoever wins the CAS on {@code state}, which also decrements the
 *       count. For external submissions both sides use volatile accesses, so either the parking
 *       worker sees the task or the submitter sees the parked worker: no lost wake-ups. A local
 *       push reads the parked count without a fence (to keep {@code fork()} cheap); if that read
 *       races with a worker going to park, the pusher still runs the task itself and its next push
 *       signals, so the race can only delay parallelism, never progress.
 *   <li><b>Searching</b> (a CPU-for-latency trade, after Go's spinning threads): a worker that has
 *       just run a task counts itself in the pool's {@code searchers} (a volatile
 *       read-modify-write) until it takes its next task or starts to wait. If the idle policy then
 *       says {@code PARK} and external invokes come back to back ({@link
 *       WorkStealingPool#inRequestLoop}), it first spins ({@link SpinBackoff#pause}, which yields
 *       every few turns) for up to {@link #PARK_SPIN_NANOS} (10 µs), peeking at every queue, unless
 *       its {@link SpinBackoff} says that its recent spins found nothing (then it spins once in up
 *       to {@value SpinBackoff#MAX_SKIPS} idle periods). Otherwise it parks at once: on a loaded
 *       machine a spinning worker can lose its processor for a time slice, so a spin after the last
 *       task before a quiet period would delay the park by milliseconds. {@link
 *       WorkStealingPool#signalWork} wakes nobody while a worker searches: the searcher leaves the
 *       count and then looks at every queue again, either in {@link #park}'s look after it
 *       registers as parked or, if it took a task, in a peek that signals if more work is visible;
 *       a submitter publishes first and then reads the count. Both are volatile accesses, so either
 *       the submitter's signal goes ahead or the searcher sees the task (Dekker, as for parking). A
 *       local push reads the count after an unfenced store, with the same harmless race as for the
 *       parked count. So requests that come back to back (the latency probe at gap 0) are taken by
 *       a worker that is still awake, and wake nobody.
 *   <li><b>Counters</b> are plain fields written only by this thread and read racily by {@link
 *       WorkStealingPool#stats()}.
 *   <li><b>Lone tasks</b>: a push onto an empty deque is usually popped again by its owner within
 *       nanoseconds (fork, then join at once); waking a parked worker for it costs the pusher an
 *       unpark and the woken worker a futile scan, and if the woken worker reaches the task before
 *       its owner's join does, the join must wait for it (two more wake-ups). Which comes first is
 *       a race decided by the operating system's scheduler. So a thief takes a victim's single task
 *       only if it stays put for {@value #LONE_SPINS} spins, and such pushes do not signal at all
 *       while one idle worker, the <em>watcher</em>, parks with a timeout and then looks for a lone
 *       task that stayed: {@link #WATCH_ACTIVE_NANOS} (1 ms) while some worker is active, {@link
 *       #WATCH_IDLE_NANOS} (16 ms) while none is. A task forked before a long computation is thus
 *       stolen within 16 ms at worst, and fork-then-join wakes nobody, also in a pool that has just
 *       come out of idle. At most one worker watches (a CAS on the pool's {@code loneWatcher}).
 *       When it leaves the idle state to run a task it clears {@code loneWatcher} and wakes another
 *       parked worker, if any, to watch in its place (lone tasks pushed meanwhile were not
 *       signalled). It also gives up the watch after a whole timeout in which no worker was active,
 *       so an idle pool ends up with every worker parked without a timeout (no idle CPU). Giving
 *       up, it clears {@code loneWatcher} before it reads the active count again, while a worker
 *       increments the active count (a volatile read-modify-write) before it can push and reads
 *       {@code loneWatcher} (a volatile read) after its push: so either the watcher sees that
 *       worker and watches on, or that worker's lone pushes signal. (A push by a worker that was
 *       already active when the watcher leaves to run a task can, without a fence between its store
 *       of {@code bottom} and its read of {@code loneWatcher}, be missed by both; as with the
 *       parked count, that only delays parallelism until some worker searches again.) A worker that
 *       gave up the watch takes it again when two of its wake-ups come less than 16 ms apart: work
 *       comes often enough again that watching costs fewer wake-ups than being signalled. Signals
 *       wake the watcher last, so that it stays the watcher. Pushes onto non-empty deques always
 *       signal.
 *   <li><b>Spares</b>: a worker that finds nothing while the pool has more unblocked workers than
 *       its parallelism parks for at most the keep-alive time instead of asking the policy, and
 *       then retires if there is still an excess, leaving the pool's live count with a CAS so that
 *       two excess workers cannot both retire below parallelism.
 *   <li><b>Active count and termination</b>: a worker is inactive only while it is idle, and it
 *       only goes idle with an empty deque; so when the active count is zero all deques are empty,
 *       and after {@code shutdown()} the pool terminates once the external queues are empty too.
 * </ul>
 */
final class Worker extends Thread {
  /** Poll the external queues first after this many attempts to find a task elsewhere. */
  static final int EXTERNAL_POLL_INTERVAL = 61;

  /** Helping joiners spin this many fruitless rounds before parking on the task. */
  private static final int JOIN_SPINS = 64;

  /** A thief watches a victim's single task this many spins before taking it (about 1-2 µs). */
  private static final int LONE_SPINS = 64;

  /** The lone-task watcher's timeout while some worker is active (1 ms). */
  private static final long WATCH_ACTIVE_NANOS = 1_000_000;

  /** The watcher's timeout while no worker is active (16 ms): the longest a lone task waits. */
  private static final long WATCH_IDLE_NANOS = 16_000_000;

  /** How long a searching worker spins before its first park (10 µs). */
  private static final long PARK_SPIN_NANOS = 10_000;

  /** How many links of the chain of thieves a helping joiner follows. */
  private static final int JOIN_CHAIN = 8;

  /** Outcomes of {@link #awaitWork}. */
  private static final int WORK = 0;

  private static final int STOP = 1;
  private static final int RETIRE = 2;

  /** Outcomes of {@link #park}. */
  private static final int NOT_PARKED = 0;

  private static final int SIGNALLED = 1;
  private static final int TIMED_OUT = 2;

  private static final long JOIN_PARK_MIN_NANOS = 10_000;
  private static final long JOIN_PARK_MAX_NANOS = 1_000_000;

  private static final int ACTIVE = 0;
  private static final int PARKED = 1;
  private static final VarHandle STATE;

  static {
    try {
      STATE = MethodHandles.lookup().findVarHandle(Worker.class, "state", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  final WorkStealingPool pool;
  final WorkDeque<Task<?>> deque = new WorkDeque<>();
  private final IdlePolicy policy;
  private final SpinBackoff parkSpin = new SpinBackoff();
  private volatile int state;

  /** Counted in the pool's searchers: it ran a task and has neither found another nor waited. */
  private boolean searching;

  private int sinceExternalPoll;
  private int externalCursor;

  /** The task this worker is helping to join, if any: read racily by other joiners. */
  private Task<?> joining;

  private long tasks;
  private long localPops;
  private long steals;
  private long failedSteals;
  private long externalPolls;
  private long parks;
  private long futileWakeups;
  private long idleNanos;

  /** Start of the current idle period, or 0 while active; lets snapshots include it. */
  private long idleSince;

  Worker(WorkStealingPool pool, int index, String name) {
    super(name);
    this.pool = pool;
    this.policy = pool.idlePolicy();
    this.externalCursor = index;
    setDaemon(true);
  }

  @Override
  public void run() {
    boolean retired = false;
    try {
      while (!pool.isStopping()) {
        Task<?> t = findTask();
        if (t == null) {
          int next = awaitWork();
          if (next == RETIRE) {
            retired = true;
            return;
          }
          if (next == STOP) {
            break;
          }
        } else {
          if (searching) {
            endSearch();
            if (pool.hasVisibleWork(!pool.loneTasksWatched())) {
              pool.signalWork();
            }
          }
          runTask(t);
          searching = true;
          pool.searchers().incrementAndGet();
        }
      }
      for (Task<?> t; (t = deque.take()) != null; ) {
        t.cancel(false);
      }
    } finally {
      if (searching) {
        endSearch();
      }
      pool.onWorkerExit(this, retired);
    }
  }

  /**
   * Racy read of the counters (see {@link PoolStats}). An idle period in progress is included; a
   * snapshot taken just as it ends may count it twice or not at all.
   */
  WorkerStats snapshot() {
    long since = idleSince;
    long idle = idleNanos + (since == 0 ? 0 : Math.max(0, System.nanoTime() - since));
    return new WorkerStats(
        tasks, localPops, steals, failedSteals, externalPolls, parks, futileWakeups, idle);
  }

  /** Pushes a task; signals a parked worker unless it is a lone task and a watcher looks for it. */
  void push(Task<?> task) {
    if (deque.push(task) || !pool.loneTasksWatched()) {
      pool.signalIfParked();
    }
  }

  boolean tryUnpush(Task<?> task) {
    return deque.tryTake(task);
  }

  void runTask(Task<?> task) {
    if (pool.isStopping()) {
      task.cancel(false);
      return;
    }
    tasks++;
    task.exec();
  }

  /** Runs {@code task} in this thread if it is still on top of this worker's deque. */
  boolean tryRunLocally(Task<?> task) {
    if (!deque.tryTake(task)) {
      return false;
    }
    localPops++;
    runTask(task);
    return true;
  }

  /** Waits for {@code task}, running related tasks meanwhile (Lea's helping join). */
  void helpJoin(Task<?> task) {
    if (tryRunLocally(task)) {
      return;
    }
    Task<?> outer = joining;
    joining = task;
    boolean blocked = false;
    boolean progressing = false;
    Task.Waiter node = null;
    int fruitless = 0;
    long parkNanos = JOIN_PARK_MIN_NANOS;
    try {
      while (!task.isDone()) {
        Task<?> t = findHelp(task, progressing);
        progressing = t != null;
        if (t != null) {
          if (blocked) {
            blocked = false;
            pool.endBlocking();
          }
          runTask(t);
          fruitless = 0;
          parkNanos = JOIN_PARK_MIN_NANOS;
        } else if (++fruitless <= JOIN_SPINS) {
          Thread.onSpinWait();
        } else {
          if (!blocked) {
            blocked = true;
            pool.beginBlocking(false);
          }
          if (node == null) {
            node = new Task.Waiter(this);
          }
          task.parkWhilePending(node, parkNanos);
          parkNanos = Math.min(parkNanos << 1, JOIN_PARK_MAX_NANOS);
        }
      }
    } finally {
      joining = outer;
      if (blocked) {
        pool.endBlocking();
      }
    }
  }

  /**
   * Runs tasks until the pool looks quiescent: nothing queued and every active worker also waiting
   * for quiescence. The check is racy, so it is made twice around the look at the queues.
   */
  void helpQuiesce() {
    int fruitless = 0;
    pool.quiescing().incrementAndGet();
    try {
      while (true) {
        Task<?> t = findTask();
        if (t != null) {
          runTask(t);
          fruitless = 0;
        } else if (pool.looksQuiescent()) {
          return;
        } else if (++fruitless <= JOIN_SPINS) {
          Thread.onSpinWait();
        } else {
          Thread.yield();
        }
      }
    } finally {
      pool.quiescing().decrementAndGet();
    }
  }

  /**
   * Finds a task outside a join: external work if it is due, the own deque, the external queues,
   * then the other deques.
   */
  private Task<?> findTask() {
    Task<?> t = externalIfDue();
    if (t != null) {
      return t;
    }
    if ((t = deque.take()) != null) {
      localPops++;
      return t;
    }
    return (t = pollExternal()) != null ? t : stealAny();
  }

  /**
   * Finds a task that helps join {@code joined}: external work if it is due and the join is making
   * progress ({@code progressing}: the last search found a task), the own deque, then the deques of
   * the chain of thieves.
   */
  private Task<?> findHelp(Task<?> joined, boolean progressing) {
    Task<?> t = progressing ? externalIfDue() : null;
    if (t != null) {
      return t;
    }
    if ((t = deque.take()) != null) {
      localPops++;
      return t;
    }
    Task<?> target = joined;
    for (int link = 0; link < JOIN_CHAIN && target != null; link++) {
      Worker thief = target.stealer;
      if (thief == null || thief == this || thief.pool != pool) {
        return null;
      }
      if ((t = stealFrom(thief)) != null) {
        return t;
      }
      target = thief.joining;
    }
    return null;
  }

  /** The fairness rule: every {@value #EXTERNAL_POLL_INTERVAL} tasks, external work goes first. */
  private Task<?> externalIfDue() {
    return ++sinceExternalPoll >= EXTERNAL_POLL_INTERVAL ? pollExternal() : null;
  }

  private Task<?> pollExternal() {
    sinceExternalPoll = 0;
    Task<?> t = pool.pollExternal(externalCursor++);
    if (t != null) {
      externalPolls++;
      t.stealer = this;
    }
    return t;
  }

  /**
   * One sweep over the other deques from a random start. A victim holding a single task is only
   * robbed if that task stays put for {@value #LONE_SPINS} spins (its owner is busy elsewhere).
   */
  private Task<?> stealAny() {
    Worker[] workers = pool.workers();
    int n = workers.length;
    int start = n > 1 ? ThreadLocalRandom.current().nextInt(n) : 0;
    for (int i = 0; i < n; i++) {
      Worker victim = workers[(start + i) % n];
      if (victim == this) {
        continue;
      }
      int size = victim.deque.size();
      Task<?> t = size > 1 || (size == 1 && loneTaskStays(victim)) ? stealFrom(victim) : null;
      if (t != null) {
        return t;
      }
    }
    return null;
  }

  /** Whether the single task in {@code victim}'s deque is still there after a short spin. */
  private static boolean loneTaskStays(Worker victim) {
    Object lone = victim.deque.peekOldest();
    if (lone == null) {
      return false;
    }
    for (int i = 0; i < LONE_SPINS; i++) {
      Thread.onSpinWait();
    }
    return victim.deque.peekOldest() == lone;
  }

  private Task<?> stealFrom(Worker victim) {
    if (victim.deque.isEmpty()) {
      return null;
    }
    Task<?> t = victim.deque.steal();
    if (t == null) {
      failedSteals++;
      return null;
    }
    steals++;
    t.stealer = this;
    if (!victim.deque.isEmpty()) {
      pool.signalIfParked();
    }
    return t;
  }

  /**
   * Waits as the idle policy says until some queue looks non-empty ({@link #WORK}, active again),
   * the pool stops ({@link #STOP}), or this worker is an excess spare whose keep-alive ran out
   * ({@link #RETIRE}, it has left the live count).
   */
  private int awaitWork() {
    long start = System.nanoTime();
    long since = start;
    idleSince = start == 0 ? 1 : start;
    pool.deactivate();
    int failedScans = 0;
    boolean woken = false;
    boolean lookAtLoneTasks = false;
    boolean mayWatch = true;
    long watchNanos = 0;
    long unwatchedWake = 0;
    try {
      while (!pool.isStopping()) {
        if (pool.hasVisibleWork(lookAtLoneTasks || !pool.loneTasksWatched())) {
          pool.activate();
          if (watchNanos != 0) {
            pool.unwatchLoneTasks(this);
            pool.signalIfParked();
          }
          return WORK;
        }
        if (woken) {
          futileWakeups++;
          woken = false;
        }
        if (pool.hasExcessWorkers()) {
          if (searching) {
            endSearch();
          }
          pool.unwatchLoneTasks(this);
          watchNanos = 0;
          int parked = park(pool.keepAliveNanos());
          if (parked == TIMED_OUT && pool.tryRetire()) {
            return RETIRE;
          }
          woken = parked == SIGNALLED;
          continue;
        }
        IdlePolicy.Wait wait = policy.next(++failedScans, System.nanoTime() - since);
        lookAtLoneTasks = true;
        if (searching) {
          if (wait == IdlePolicy.Wait.PARK && pool.inRequestLoop() && spinBeforePark()) {
            continue;
          }
          endSearch();
        }
        switch (wait.kind()) {
          case SPIN -> Thread.onSpinWait();
          case YIELD -> Thread.yield();
          case SLEEP -> {
            LockSupport.parkNanos(pool, wait.sleepNanos());
            woken = true;
          }
          case PARK -> {
            if (watchNanos == 0 && mayWatch && pool.tryWatchLoneTasks(this)) {
              watchNanos = pool.hasActiveWorkers() ? WATCH_ACTIVE_NANOS : WATCH_IDLE_NANOS;
            }
            long parkedAt = System.nanoTime();
            int parked = park(watchNanos);
            if (parked != NOT_PARKED) {
              woken = true;
              failedScans = 0;
              since = System.nanoTime();
              lookAtLoneTasks = parked == TIMED_OUT;
            }
            if (parked == TIMED_OUT && (watchNanos = nextWatch(parkedAt)) == 0) {
              mayWatch = false;
              unwatchedWake = since;
            } else if (parked == SIGNALLED && !mayWatch) {
              mayWatch = since - unwatchedWake < WATCH_IDLE_NANOS;
              unwatchedWake = since;
            }
          }
        }
        Thread.interrupted();
      }
      return STOP;
    } finally {
      pool.unwatchLoneTasks(this);
      idleSince = 0;
      idleNanos += System.nanoTime() - start;
    }
  }

  /**
   * The searching worker's spin before its first park, if {@link #parkSpin} says it pays: spins for
   * up to {@link #PARK_SPIN_NANOS}, peeking at every queue; true if work appeared.
   */
  private boolean spinBeforePark() {
    if (!parkSpin.shouldSpin()) {
      return false;
    }
    long start = System.nanoTime();
    boolean found;
    int turn = 0;
    do {
      SpinBackoff.pause(++turn);
      found = pool.hasVisibleWork(!pool.loneTasksWatched());
    } while (!found && System.nanoTime() - start < PARK_SPIN_NANOS);
    parkSpin.record(found);
    return found;
  }

  /** Leaves the pool's searchers; the caller then takes a task or looks at the queues again. */
  private void endSearch() {
    searching = false;
    pool.searchers().decrementAndGet();
  }

  /**
   * The lone-task watcher's next timeout, after a park that began at {@code parkedAt} timed out:
   * {@link #WATCH_ACTIVE_NANOS} if some worker is active, {@link #WATCH_IDLE_NANOS} if none is but
   * some was during the park, else 0: it stops watching and parks without a timeout. It stops
   * watching before it reads the active count again, and a worker becomes active (a volatile
   * read-modify-write) before it can push: so either it sees that worker and watches on, or that
   * worker's lone pushes see no watcher and signal.
   */
  private long nextWatch(long parkedAt) {
    if (pool.hasActiveWorkers()) {
      return WATCH_ACTIVE_NANOS;
    }
    if (!pool.idleSince(parkedAt)) {
      return WATCH_IDLE_NANOS;
    }
    pool.unwatchLoneTasks(this);
    return pool.hasActiveWorkers() && pool.tryWatchLoneTasks(this) ? WATCH_ACTIVE_NANOS : 0L;
  }

  /**
   * Parks until signalled, the pool stops or (if {@code timeoutNanos > 0}) the timeout passes.
   * Returns {@link #NOT_PARKED} if it saw work or a stop before parking, {@link #TIMED_OUT} if it
   * left the parked state itself after the timeout, else {@link #SIGNALLED}.
   */
  private int park(long timeoutNanos) {
    STATE.setVolatile(this, PARKED);
    pool.parkedCount().incrementAndGet();
    if (pool.hasVisibleWork(!pool.loneTasksWatched()) || pool.isStopping()) {
      if (STATE.compareAndSet(this, PARKED, ACTIVE)) {
        pool.parkedCount().decrementAndGet();
      }
      return NOT_PARKED;
    }
    parks++;
    long deadline = System.nanoTime() + timeoutNanos;
    while (state == PARKED) {
      long remaining = deadline - System.nanoTime();
      if (pool.isStopping() || (timeoutNanos > 0 && remaining <= 0)) {
        if (STATE.compareAndSet(this, PARKED, ACTIVE)) {
          pool.parkedCount().decrementAndGet();
          return TIMED_OUT;
        }
        break;
      }
      if (timeoutNanos > 0) {
        LockSupport.parkNanos(pool, remaining);
      } else {
        LockSupport.park(pool);
      }
      Thread.interrupted();
    }
    return SIGNALLED;
  }

  /** Called by signallers: wakes this worker if it is parked. */
  boolean tryUnpark() {
    if (state == PARKED && STATE.compareAndSet(this, PARKED, ACTIVE)) {
      pool.parkedCount().decrementAndGet();
      LockSupport.unpark(this);
      return true;
    }
    return false;
  }
}
