package dev.forkscope.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Collection;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * A task run by a {@link WorkStealingPool}: the analogue of Lea's FJTask and of {@code
 * java.util.concurrent.ForkJoinTask}. Extend {@link RecursiveTask} (with a result) or {@link
 * RecursiveAction} (without one).
 *
 * <p>A task runs at most once. Inside a pool, {@link #fork()} pushes the task onto the current
 * worker's deque and {@link #join()} waits for it while <em>helping</em>: the joining worker runs
 * the task itself if it is still on top of its deque, otherwise it runs its own local tasks, steals
 * from the worker that stole the joined task, steals from random workers or takes external
 * submissions, and only parks briefly when there is nothing to help with. Like FJTask, helping
 * assumes fork/join nesting: join tasks that this task or its subtasks forked, or tasks of an
 * unrelated computation submitted from outside; joining a task forked by an unrelated task of the
 * same pool can deadlock (there are no compensating threads).
 *
 * <p>Outside a pool (a thread that is not a worker): {@link #fork()} and {@link #invokeAll} throw
 * {@link IllegalStateException}, because there is no default pool; use {@link
 * WorkStealingPool#submit(Task)} or {@link WorkStealingPool#invoke(Task)}. {@link #join()} and
 * {@link #get()} block without helping. {@link #invoke()} runs {@link #compute} in the calling
 * thread (so a task that forks fails with that {@code IllegalStateException}). Joining a task that
 * was never forked, submitted or invoked throws {@code IllegalStateException} instead of waiting
 * forever (so fork or submit a task before handing it to another thread that joins it).
 *
 * <p>Exceptions: whatever {@code compute} throws, including {@link Error}s, completes the task
 * exceptionally; the worker survives. {@link #join()} and {@link #invoke()} rethrow the same
 * unchecked exception or error (its stack trace is the worker's), wrap a checked exception in
 * {@link CompletionException}, and throw {@link CancellationException} for a cancelled task; {@link
 * #get()} wraps any failure in {@link ExecutionException}.
 *
 * <p>Implementation note: {@code status} goes from {@code PENDING} to one final state exactly once,
 * by CAS, so completion and cancellation race safely; {@code result} and {@code exception} are
 * plain fields written before that CAS and read after a volatile read of a final status. Blocked
 * waiters push a node onto a Treiber stack ({@code waiters}) and then re-read {@code status}; the
 * completer sets {@code status} and then swaps the stack out and unparks every node. Both sides are
 * volatile, so either the waiter sees the final status or the completer sees the node.
 *
 * @param <V> the result type
 */
public abstract class Task<V> implements Future<V> {
  private static final int PENDING = 0;
  private static final int NORMAL = 1;
  private static final int EXCEPTIONAL = 2;
  private static final int CANCELLED = 3;

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
  private Throwable exception;

  /** Set by fork, submit and invoke; lets join reject a task that nobody will ever run. */
  boolean scheduled;

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
    Worker w = currentWorker("fork()");
    scheduled = true;
    w.push(this);
    return this;
  }

  /**
   * Waits for this task and returns its result, helping the pool while waiting if called from a
   * worker.
   *
   * @throws IllegalStateException if the task was never forked, submitted or invoked
   */
  public final V join() {
    if (status == PENDING) {
      awaitJoin();
    }
    return reportJoin();
  }

  /**
   * Runs this task in the calling thread and returns its result (see the class comment for
   * exceptions).
   */
  public final V invoke() {
    scheduled = true;
    exec();
    return reportJoin();
  }

  /**
   * Forks {@code b}, runs {@code a} and joins {@code b}; then rethrows the failure of the first
   * task that failed, if any. Both tasks are done when this returns or throws.
   *
   * @throws IllegalStateException if the current thread is not a pool worker
   */
  public static void invokeAll(Task<?> a, Task<?> b) {
    invokeAll(new Task<?>[] {a, b});
  }

  /**
   * Forks all but the first task, runs the first and joins the others; then rethrows the failure of
   * the first task (in argument order) that failed, if any. All tasks are done when this returns or
   * throws.
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
    tasks[0].scheduled = true;
    tasks[0].exec();
    for (int i = 1; i < tasks.length; i++) {
      if (tasks[i].status == PENDING) {
        tasks[i].awaitJoin();
      }
    }
    for (Task<?> t : tasks) {
      t.reportJoin();
    }
  }

  /**
   * {@link #invokeAll(Task...)} over a collection.
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
   * Cancels the task if it has not completed. A queued cancelled task is skipped when it is taken;
   * a running one keeps running but its result is discarded. Interrupts are not used, so {@code
   * mayInterruptIfRunning} has no effect.
   *
   * @return true if this call cancelled the task
   */
  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    return finish(CANCELLED);
  }

  @Override
  public final boolean isDone() {
    return status != PENDING;
  }

  @Override
  public final boolean isCancelled() {
    return status == CANCELLED;
  }

  /** True if the task completed by throwing or was cancelled. */
  public final boolean isCompletedAbnormally() {
    int s = status;
    return s == EXCEPTIONAL || s == CANCELLED;
  }

  /** The exception the task threw, a {@link CancellationException} if cancelled, or null. */
  public final Throwable getException() {
    int s = status;
    return s == EXCEPTIONAL ? exception : s == CANCELLED ? new CancellationException() : null;
  }

  @Override
  public final V get() throws InterruptedException, ExecutionException {
    if (status == PENDING) {
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
    if (status == PENDING) {
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
      exception = ex;
      finish(EXCEPTIONAL);
      return;
    }
    result = r;
    finish(NORMAL);
  }

  private boolean finish(int finalStatus) {
    if (!STATUS.compareAndSet(this, PENDING, finalStatus)) {
      return false;
    }
    stealer = null;
    for (Waiter w = (Waiter) WAITERS.getAndSet(this, null); w != null; w = w.next) {
      LockSupport.unpark(w.thread);
    }
    return true;
  }

  private void awaitJoin() {
    if (!scheduled) {
      throw new IllegalStateException(
          "join() on a task that was never forked, submitted or invoked: it would wait forever");
    }
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
    Throwable ex = exception;
    if (ex instanceof RuntimeException re) {
      throw re;
    }
    if (ex instanceof Error e) {
      throw e;
    }
    throw new CompletionException(ex);
  }

  private V reportGet() throws ExecutionException {
    int s = status;
    if (s == NORMAL) {
      return result;
    }
    if (s == CANCELLED) {
      throw new CancellationException();
    }
    throw new ExecutionException(exception);
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
    while (status == PENDING) {
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

  /** For helping joiners: parks for at most {@code nanos} unless done; pushes {@code node} once. */
  final void parkWhilePending(Waiter node, long nanos) {
    if (!node.queued) {
      enqueue(node);
    }
    if (status == PENDING) {
      LockSupport.parkNanos(this, nanos);
    }
  }

  private void enqueue(Waiter node) {
    Waiter head = waiters;
    node.next = head;
    node.queued = WAITERS.compareAndSet(this, head, node);
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
