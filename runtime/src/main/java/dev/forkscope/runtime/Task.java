package dev.forkscope.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * A task run by a {@link WorkStealingPool}: the analogue of Lea's FJTask and of {@code
 * java.util.concurrent.ForkJoinTask}, with the same contract for the methods they share. Extend
 * {@link RecursiveTask} (with a result) or {@link RecursiveAction} (without one).
 *
 * <p>A task runs at most once. Inside a pool, {@link #fork()} pushes the task onto the current
 * worker's deque and {@link #join()} waits for it while <em>helping</em>: the joining worker runs
 * the task itself if it is still in its deque, otherwise the tasks it forked that are still in its
 * deque and the tasks in the deques of the workers that stole the joined task (and of the workers
 * that stole from those while joining), never unrelated work. When there is nothing to help with it
 * blocks, and the pool starts a spare worker if every worker is blocked while external work is
 * queued (see {@link WorkStealingPool#managedBlock}). So, as with {@code ForkJoinPool}, a task may
 * join any task: one it did not fork, one that another task forks or submits only later (the join
 * waits), or one of another pool.
 *
 * <p>Outside a pool (a thread that is not a worker): {@link #fork()} and {@link #invokeAll} throw
 * {@link IllegalStateException}, because there is no common pool; use {@link
 * WorkStealingPool#submit(Task)} or {@link WorkStealingPool#invoke(Task)}. {@link #join()} and
 * {@link #get()} block without helping. {@link #invoke()} runs {@link #compute} in the calling
 * thread (so a task that forks fails with that {@code IllegalStateException}).
 *
 * <p>Exceptions, as {@code ForkJoinTask} reports them: whatever {@code compute} throws, {@link
 * Error}s included, completes the task exceptionally; the worker survives. {@link #join()} and
 * {@link #invoke()} rethrow it unwrapped (checked ones too). In a thread other than the one that
 * threw, they throw a fresh exception of the same class with the original as its {@linkplain
 * Throwable#getCause() cause} (so the stack trace shows the joiner), if that class has a public
 * constructor taking a {@code Throwable} or none; otherwise the original. {@link #get()} wraps the
 * same exception in {@link ExecutionException}. A cancelled task throws {@link
 * CancellationException} from both.
 *
 * <p>Implementation note: {@code status} goes from {@code PENDING} to one final state exactly once.
 * A normal {@link #exec} writes {@code result}, plain, before its CAS from {@code PENDING} (one
 * atomic operation per task); readers read it after a volatile read of a final status. A failing
 * {@code exec}, {@link #complete} and {@link #completeExceptionally} first claim the task with a
 * CAS to {@code COMPLETING}, then write, then publish the final status with a volatile store, so a
 * failure is only ever reported with the status it was claimed for; waiters treat {@code
 * COMPLETING} as pending. As with {@code ForkJoinTask}, a {@code complete} racing with a running
 * {@code exec} may leave either value. Blocked waiters push a node onto a Treiber stack ({@code
 * waiters}) with a CAS and then re-read {@code status}; the completer writes {@code status} and
 * then reads {@code waiters}, taking the stack with a swap only when it is not empty. All four
 * accesses are volatile, so either the waiter sees the final status or the completer sees the node
 * (Dekker); the common case, no waiter, costs the completer one CAS.
 *
 * @param <V> the result type
 */
public abstract class Task<V> implements Future<V> {
  private static final int PENDING = 0;
  private static final int COMPLETING = 1;
  private static final int NORMAL = 2;
  private static final int EXCEPTIONAL = 3;
  private static final int CANCELLED = 4;

  /** Outcomes of {@link #await}. */
  private static final int DONE = 0;

  private static final int TIMED_OUT = 1;
  private static final int INTERRUPTED = 2;

  private static final VarHandle STATUS;
  private static final VarHandle WAITERS;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      STATUS = lookup.findVarHandle(Task.class, "status", int.class);
      WAITERS = lookup.findVarHandle(Task.class, "waiters", Waiter.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private volatile int status;
  private volatile Waiter waiters;
  private V result;
  private Failure failure;

  /** The worker that stole this task, if any: a hint for helping joiners (written racily). */
  Worker stealer;

  Task() {}

  /**
   * The task's body; {@link RecursiveTask} and {@link RecursiveAction} map it to {@code compute()}.
   */
  abstract V doCompute() throws Exception;

  /**
   * Pushes this task onto the current worker's deque, for it or a thief to run.
   *
   * @return this task
   * @throws IllegalStateException if the current thread is not a pool worker
   */
  public final Task<V> fork() {
    currentWorker("fork()").push(this);
    return this;
  }

  /**
   * Waits for this task and returns its result, helping the pool while waiting if called from a
   * worker. A task that nobody ever forks, submits or invokes is waited for forever, as in {@code
   * ForkJoinTask}.
   */
  public final V join() {
    if (status <= COMPLETING) {
      awaitJoin();
    }
    return reportJoin();
  }

  /** Waits for this task like {@link #join()}, without returning its result or throwing. */
  public final void quietlyJoin() {
    if (status <= COMPLETING) {
      awaitJoin();
    }
  }

  /**
   * Runs this task in the calling thread and returns its result (see the class comment for
   * exceptions).
   */
  public final V invoke() {
    exec();
    return join();
  }

  /** Runs this task in the calling thread like {@link #invoke()}, without reporting its outcome. */
  public final void quietlyInvoke() {
    exec();
    quietlyJoin();
  }

  /**
   * Forks {@code b}, runs {@code a} and joins {@code b}. If {@code a} fails, {@code b} is cancelled
   * and {@code a}'s failure rethrown; else {@code b}'s failure, if any. Both tasks are done when
   * this returns or throws.
   *
   * @throws IllegalStateException if the current thread is not a pool worker
   */
  public static void invokeAll(Task<?> a, Task<?> b) {
    invokeAll(new Task<?>[] {a, b});
  }

  /**
   * Forks all but the first task, runs the first and joins the others in order; at the first task
   * that failed, cancels the tasks after it and rethrows its failure. All tasks are done when this
   * returns or throws.
   *
   * @throws NullPointerException if a task is null
   * @throws IllegalStateException if the current thread is not a pool worker
   */
  public static void invokeAll(Task<?>... tasks) {
    for (Task<?> t : tasks) {
      Objects.requireNonNull(t, "task");
    }
    if (tasks.length == 0) {
      return;
    }
    currentWorker("invokeAll()");
    for (int i = tasks.length - 1; i > 0; i--) {
      tasks[i].fork();
    }
    tasks[0].exec();
    for (int i = 0; i < tasks.length; i++) {
      Task<?> t = tasks[i];
      t.quietlyJoin();
      if (t.status != NORMAL) {
        for (int j = i + 1; j < tasks.length; j++) {
          tasks[j].cancel(false);
          tasks[j].quietlyJoin();
        }
        t.reportJoin();
      }
    }
  }

  /**
   * {@link #invokeAll(Task...)} over a collection, in its iteration order.
   *
   * @return {@code tasks}
   */
  public static <T extends Task<?>> Collection<T> invokeAll(Collection<T> tasks) {
    invokeAll(tasks.toArray(new Task<?>[0]));
    return tasks;
  }

  /**
   * Takes this task back if it is the most recently forked task still on the current worker's
   * deque, so the caller can run it itself or drop it.
   *
   * @return true if the task was removed; false if not on top, already taken, or not on a worker
   */
  public final boolean tryUnfork() {
    return Thread.currentThread() instanceof Worker w && w.tryUnpush(this);
  }

  /**
   * The pool of the current worker thread, or null if the current thread is not a worker: the
   * analogue of {@code ForkJoinTask.getPool()}.
   */
  public static WorkStealingPool getPool() {
    return Thread.currentThread() instanceof Worker w ? w.pool : null;
  }

  /**
   * True if the current thread is a worker of some {@link WorkStealingPool}: the analogue of {@code
   * ForkJoinTask.inForkJoinPool()}.
   */
  public static boolean inPool() {
    return Thread.currentThread() instanceof Worker;
  }

  /**
   * Runs tasks of the current worker's pool until the pool is quiescent: no queued task and no
   * other worker running one (workers blocked in {@link WorkStealingPool#managedBlock} count as
   * running). The analogue of {@code ForkJoinTask.helpQuiesce()}.
   *
   * @throws IllegalStateException if the current thread is not a pool worker (use {@link
   *     WorkStealingPool#awaitQuiescence})
   */
  public static void helpQuiesce() {
    currentWorker("helpQuiesce()").helpQuiesce();
  }

  /**
   * Cancels the task if it has not completed. A queued cancelled task is skipped when it is taken;
   * a running one keeps running but its result is discarded. Interrupts are not used, so {@code
   * mayInterruptIfRunning} has no effect.
   *
   * @return true if the task is now cancelled (by this call or an earlier one), as {@code
   *     ForkJoinTask.cancel} returns
   */
  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    if (STATUS.compareAndSet(this, PENDING, CANCELLED)) {
      signalWaiters();
      return true;
    }
    return status == CANCELLED;
  }

  /**
   * Completes the task with {@code value} unless it has already completed or is being completed; a
   * later run of the task does nothing.
   */
  public void complete(V value) {
    if (STATUS.compareAndSet(this, PENDING, COMPLETING)) {
      result = value;
      STATUS.setVolatile(this, NORMAL);
      signalWaiters();
    }
  }

  /**
   * Completes the task abnormally with {@code ex} unless it has already completed or is being
   * completed; {@code join} then throws it as if {@code compute} had.
   *
   * @throws NullPointerException if ex is null
   */
  public void completeExceptionally(Throwable ex) {
    Objects.requireNonNull(ex, "ex");
    if (STATUS.compareAndSet(this, PENDING, COMPLETING)) {
      failure = new Failure(ex, Thread.currentThread());
      STATUS.setVolatile(this, EXCEPTIONAL);
      signalWaiters();
    }
  }

  @Override
  public final boolean isDone() {
    return status > COMPLETING;
  }

  @Override
  public final boolean isCancelled() {
    return status == CANCELLED;
  }

  /** True if the task completed by throwing or was cancelled. */
  public final boolean isCompletedAbnormally() {
    return status >= EXCEPTIONAL;
  }

  /** True if the task completed without throwing and was not cancelled. */
  public final boolean isCompletedNormally() {
    return status == NORMAL;
  }

  /**
   * The exception the task threw (as {@link #join()} would throw it in this thread), a new {@link
   * CancellationException} if cancelled, or null.
   */
  public final Throwable getException() {
    int s = status;
    return s == EXCEPTIONAL
        ? failure.forThread()
        : s == CANCELLED ? new CancellationException() : null;
  }

  @Override
  public final V get() throws InterruptedException, ExecutionException {
    if (status <= COMPLETING) {
      if (Thread.currentThread() instanceof Worker) {
        awaitJoin();
      } else if (await(true, false, 0L) == INTERRUPTED) {
        throw new InterruptedException();
      }
    }
    return reportGet();
  }

  @Override
  public final V get(long timeout, TimeUnit unit)
      throws InterruptedException, ExecutionException, TimeoutException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    if (status <= COMPLETING) {
      if (Thread.currentThread() instanceof Worker w) {
        w.tryRunLocally(this);
      }
      int outcome = await(true, true, deadline);
      if (outcome == INTERRUPTED) {
        throw new InterruptedException();
      }
      if (outcome == TIMED_OUT) {
        throw new TimeoutException();
      }
    }
    return reportGet();
  }

  /** Runs the body unless the task is already done (cancelled); records the outcome. */
  final void exec() {
    if (status != PENDING) {
      return;
    }
    V r;
    try {
      r = doCompute();
    } catch (Throwable ex) {
      if (STATUS.compareAndSet(this, PENDING, COMPLETING)) {
        failure = new Failure(ex, Thread.currentThread());
        STATUS.setVolatile(this, EXCEPTIONAL);
        signalWaiters();
      }
      return;
    }
    result = r;
    if (STATUS.compareAndSet(this, PENDING, NORMAL)) {
      signalWaiters();
    }
  }

  /** After the final status is written: wakes the blocked waiters, if any. */
  private void signalWaiters() {
    stealer = null;
    if (waiters != null) {
      for (Waiter w = (Waiter) WAITERS.getAndSet(this, null); w != null; w = w.next) {
        LockSupport.unpark(w.thread);
      }
    }
  }

  private void awaitJoin() {
    if (Thread.currentThread() instanceof Worker w) {
      w.helpJoin(this);
    } else {
      await(false, false, 0L);
    }
  }

  private V reportJoin() {
    int s = status;
    if (s == NORMAL) {
      return result;
    }
    if (s == CANCELLED) {
      throw new CancellationException();
    }
    throw Task.<RuntimeException>sneakyThrow(failure.forThread());
  }

  private V reportGet() throws ExecutionException {
    int s = status;
    if (s == NORMAL) {
      return result;
    }
    if (s == CANCELLED) {
      throw new CancellationException();
    }
    throw new ExecutionException(failure.forThread());
  }

  @SuppressWarnings("unchecked")
  private static <X extends Throwable> X sneakyThrow(Throwable t) throws X {
    throw (X) t;
  }

  private static Worker currentWorker(String operation) {
    Thread t = Thread.currentThread();
    if (t instanceof Worker w) {
      return w;
    }
    throw new IllegalStateException(
        operation
            + " called from thread \""
            + t.getName()
            + "\", which is not a WorkStealingPool worker; use pool.submit(task) or pool.invoke(task)");
  }

  /** Blocks until done, the deadline passes or (if interruptible) the thread is interrupted. */
  private int await(boolean interruptible, boolean timed, long deadline) {
    Waiter node = new Waiter(Thread.currentThread());
    boolean interrupted = false;
    int outcome = DONE;
    while (status <= COMPLETING) {
      if (!node.queued) {
        enqueue(node);
        continue;
      }
      if (timed) {
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
          outcome = TIMED_OUT;
          break;
        }
        LockSupport.parkNanos(this, remaining);
      } else {
        LockSupport.park(this);
      }
      if (Thread.interrupted()) {
        if (interruptible) {
          outcome = INTERRUPTED;
          break;
        }
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    return outcome;
  }

  /**
   * Spins ({@link SpinBackoff#pause}) until this task is done or {@code nanos} pass. For {@link
   * WorkStealingPool#invoke(Task)} from outside, before it blocks in {@link #join()}.
   */
  final void spinUntilDone(long nanos) {
    long start = System.nanoTime();
    for (int turn = 1; status <= COMPLETING && System.nanoTime() - start < nanos; turn++) {
      SpinBackoff.pause(turn);
    }
  }

  /** For helping joiners: parks for at most {@code nanos} unless done; pushes {@code node} once. */
  final void parkWhilePending(Waiter node, long nanos) {
    if (!node.queued) {
      enqueue(node);
    }
    if (status <= COMPLETING) {
      LockSupport.parkNanos(this, nanos);
    }
  }

  private void enqueue(Waiter node) {
    Waiter head = waiters;
    node.next = head;
    node.queued = WAITERS.compareAndSet(this, head, node);
  }

  /**
   * A recorded failure and the thread that threw it. A joiner in another thread gets a copy with
   * the original as its cause, as {@code ForkJoinTask} gives it, so that its stack trace shows the
   * joiner too. Like {@code ForkJoinTask}, which lives in {@code java.base}, it only copies
   * exceptions of public classes in exported packages.
   */
  private record Failure(Throwable ex, Thread thrower) {
    Throwable forThread() {
      Class<?> type = ex.getClass();
      if (thrower == Thread.currentThread()
          || !Modifier.isPublic(type.getModifiers())
          || !type.getModule().isExported(type.getPackageName())) {
        return ex;
      }
      try {
        Constructor<?> noArg = null;
        for (Constructor<?> c : type.getConstructors()) {
          Class<?>[] ps = c.getParameterTypes();
          if (ps.length == 1 && ps[0] == Throwable.class) {
            return (Throwable) c.newInstance(ex);
          }
          if (ps.length == 0) {
            noArg = c;
          }
        }
        if (noArg != null) {
          Throwable copy = (Throwable) noArg.newInstance();
          copy.initCause(ex);
          return copy;
        }
      } catch (ReflectiveOperationException | RuntimeException e) {
        // not copyable (inaccessible class, a constructor that throws, a cause already set)
      }
      return ex;
    }
  }

  /** A thread blocked on a task. Nodes of waiters that gave up stay until the task completes. */
  static final class Waiter {
    final Thread thread;
    Waiter next;
    boolean queued;

    Waiter(Thread thread) {
      this.thread = thread;
    }
  }
}
