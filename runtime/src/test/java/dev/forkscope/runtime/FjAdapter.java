package dev.forkscope.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The {@code ForkJoinTask} API that the conformance scenarios are written against, once, with one
 * implementation over {@link ForkJoinPool} and one over {@link WorkStealingPool}.
 */
interface FjAdapter extends AutoCloseable {

  /** A task's body; it gets the adapter so that it can fork, join and block. */
  @FunctionalInterface
  interface Body<T> {
    T compute(FjAdapter fj) throws Exception;
  }

  /** A task of either framework. */
  interface Handle<T> {
    /** {@code fork()}, returning this handle. */
    Handle<T> forked();

    T join();

    T invoke();

    T get() throws InterruptedException, ExecutionException;

    T get(long timeout, TimeUnit unit)
        throws InterruptedException, ExecutionException, TimeoutException;

    void quietlyJoin();

    boolean cancel();

    boolean isDone();

    boolean isCancelled();

    boolean isCompletedAbnormally();

    boolean isCompletedNormally();

    Throwable getException();

    void complete(T value);

    void completeExceptionally(Throwable ex);
  }

  /** {@code forkjoinpool} or {@code forkscope}. */
  String name();

  int parallelism();

  /** A new task, not yet forked. */
  <T> Handle<T> task(Body<T> body);

  /** {@code pool.invoke(task)} from outside the pool. */
  <T> T invoke(Handle<T> task);

  /** {@code pool.submit(task)}. */
  <T> Handle<T> submit(Handle<T> task);

  void invokeAll(Handle<?> a, Handle<?> b);

  /** {@code invokeAll(Collection)}; returns what it returned. */
  List<Handle<?>> invokeAll(List<Handle<?>> tasks);

  void helpQuiesce();

  boolean awaitQuiescence(long timeout, TimeUnit unit);

  boolean isQuiescent();

  /** True if the current thread is a worker of any pool of this framework. */
  boolean inPool();

  /** True if the current thread is a worker of this very pool. */
  boolean inThisPool();

  void managedBlock(ForkJoinPool.ManagedBlocker blocker) throws InterruptedException;

  /** A second pool of the same framework and parallelism. */
  FjAdapter another();

  @Override
  void close();

  static FjAdapter forkJoinPool(int parallelism) {
    return new OnForkJoinPool(new ForkJoinPool(parallelism));
  }

  static FjAdapter forkscope(int parallelism) {
    return new OnForkscope(new WorkStealingPool(parallelism, IdlePolicy.park()));
  }

  /** The reference: {@code java.util.concurrent}. */
  final class OnForkJoinPool implements FjAdapter {
    private final ForkJoinPool pool;

    OnForkJoinPool(ForkJoinPool pool) {
      this.pool = pool;
    }

    @Override
    public String name() {
      return "forkjoinpool";
    }

    @Override
    public int parallelism() {
      return pool.getParallelism();
    }

    @Override
    public <T> Handle<T> task(Body<T> body) {
      return new Job<>(this, body);
    }

    @Override
    public <T> T invoke(Handle<T> task) {
      return pool.invoke((Job<T>) task);
    }

    @Override
    public <T> Handle<T> submit(Handle<T> task) {
      pool.submit((Job<T>) task);
      return task;
    }

    @Override
    public void invokeAll(Handle<?> a, Handle<?> b) {
      ForkJoinTask.invokeAll((Job<?>) a, (Job<?>) b);
    }

    @Override
    public List<Handle<?>> invokeAll(List<Handle<?>> tasks) {
      List<Job<?>> jobs = new ArrayList<>();
      tasks.forEach(t -> jobs.add((Job<?>) t));
      return new ArrayList<>(ForkJoinTask.invokeAll(jobs));
    }

    @Override
    public void helpQuiesce() {
      ForkJoinTask.helpQuiesce();
    }

    @Override
    public boolean awaitQuiescence(long timeout, TimeUnit unit) {
      return pool.awaitQuiescence(timeout, unit);
    }

    @Override
    public boolean isQuiescent() {
      return pool.isQuiescent();
    }

    @Override
    public boolean inPool() {
      return ForkJoinTask.inForkJoinPool();
    }

    @Override
    public boolean inThisPool() {
      return ForkJoinTask.getPool() == pool;
    }

    @Override
    public void managedBlock(ForkJoinPool.ManagedBlocker blocker) throws InterruptedException {
      ForkJoinPool.managedBlock(blocker);
    }

    @Override
    public FjAdapter another() {
      return forkJoinPool(parallelism());
    }

    @Override
    public void close() {
      pool.shutdownNow();
      awaitTermination(pool);
    }

    private static final class Job<T> extends java.util.concurrent.RecursiveTask<T>
        implements Handle<T> {
      private final FjAdapter fj;
      private final Body<T> body;

      Job(FjAdapter fj, Body<T> body) {
        this.fj = fj;
        this.body = body;
      }

      @Override
      protected T compute() {
        return Conformance.sneaky(() -> body.compute(fj));
      }

      @Override
      public Handle<T> forked() {
        fork();
        return this;
      }

      @Override
      public boolean cancel() {
        return cancel(false);
      }
    }
  }

  /** forkscope's pool. */
  final class OnForkscope implements FjAdapter {
    private final WorkStealingPool pool;

    OnForkscope(WorkStealingPool pool) {
      this.pool = pool;
    }

    @Override
    public String name() {
      return "forkscope";
    }

    @Override
    public int parallelism() {
      return pool.parallelism();
    }

    @Override
    public <T> Handle<T> task(Body<T> body) {
      return new Job<>(this, body);
    }

    @Override
    public <T> T invoke(Handle<T> task) {
      return pool.invoke((Job<T>) task);
    }

    @Override
    public <T> Handle<T> submit(Handle<T> task) {
      pool.submit((Job<T>) task);
      return task;
    }

    @Override
    public void invokeAll(Handle<?> a, Handle<?> b) {
      Task.invokeAll((Job<?>) a, (Job<?>) b);
    }

    @Override
    public List<Handle<?>> invokeAll(List<Handle<?>> tasks) {
      List<Job<?>> jobs = new ArrayList<>();
      tasks.forEach(t -> jobs.add((Job<?>) t));
      return new ArrayList<>(Task.invokeAll(jobs));
    }

    @Override
    public void helpQuiesce() {
      Task.helpQuiesce();
    }

    @Override
    public boolean awaitQuiescence(long timeout, TimeUnit unit) {
      return pool.awaitQuiescence(timeout, unit);
    }

    @Override
    public boolean isQuiescent() {
      return pool.isQuiescent();
    }

    @Override
    public boolean inPool() {
      return Task.inPool();
    }

    @Override
    public boolean inThisPool() {
      return Task.getPool() == pool;
    }

    @Override
    public void managedBlock(ForkJoinPool.ManagedBlocker blocker) throws InterruptedException {
      WorkStealingPool.managedBlock(blocker);
    }

    @Override
    public FjAdapter another() {
      return forkscope(parallelism());
    }

    @Override
    public void close() {
      pool.shutdownNow();
      awaitTermination(pool);
    }

    private static final class Job<T> extends RecursiveTask<T> implements Handle<T> {
      private final FjAdapter fj;
      private final Body<T> body;

      Job(FjAdapter fj, Body<T> body) {
        this.fj = fj;
        this.body = body;
      }

      @Override
      protected T compute() {
        return Conformance.sneaky(() -> body.compute(fj));
      }

      @Override
      public Handle<T> forked() {
        fork();
        return this;
      }

      @Override
      public boolean cancel() {
        return cancel(false);
      }
    }
  }

  private static void awaitTermination(java.util.concurrent.ExecutorService pool) {
    try {
      if (!pool.awaitTermination(10, TimeUnit.SECONDS)) {
        throw new AssertionError("pool did not terminate: " + pool);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
