package dev.forkscope.bench.kernels;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** The baseline: {@link ForkJoinPool} with explicit parallelism, LIFO mode (the default). */
public final class ForkJoinPoolDialect implements Dialect {

  public static final String VARIANT = "forkjoinpool";

  private final ForkJoinPool pool;
  private final Set<Thread> workers = ConcurrentHashMap.newKeySet();
  private final AtomicLong threadsCreated = new AtomicLong();

  public ForkJoinPoolDialect(int parallelism) {
    this.pool = new ForkJoinPool(parallelism, this::newWorker, null, false);
  }

  private ForkJoinWorkerThread newWorker(ForkJoinPool p) {
    ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
    workers.add(t);
    threadsCreated.incrementAndGet();
    return t;
  }

  /** The pool itself, for JDK code that must run inside it (Arrays.parallelSort). */
  ForkJoinPool pool() {
    return pool;
  }

  @Override
  public String variant() {
    return VARIANT;
  }

  @Override
  public int parallelism() {
    return pool.getParallelism();
  }

  @Override
  public <T> T invoke(Body<T> body) {
    return pool.invoke(new Job<>(body));
  }

  @Override
  public <T> Forked<T> fork(Body<T> body) {
    Job<T> job = new Job<>(body);
    job.fork();
    return job;
  }

  @Override
  public void execute(Runnable command) {
    pool.execute(command);
  }

  @Override
  public List<Thread> workers() {
    workers.removeIf(t -> t.getState() == Thread.State.TERMINATED);
    return List.copyOf(workers);
  }

  @Override
  public Map<String, Long> counters() {
    return Map.of("steals", pool.getStealCount(), "threadsCreated", threadsCreated.get());
  }

  @Override
  public void close() {
    pool.shutdownNow();
    try {
      pool.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static final class Job<T> extends RecursiveTask<T> implements Forked<T> {
    private final Body<T> body;

    Job(Body<T> body) {
      this.body = body;
    }

    @Override
    protected T compute() {
      return body.compute();
    }
  }
}
