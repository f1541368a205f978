package dev.forkscope.bench.kernels;

import dev.forkscope.runtime.IdlePolicy;
import dev.forkscope.runtime.RecursiveTask;
import dev.forkscope.runtime.WorkStealingPool;
import dev.forkscope.runtime.WorkerStats;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * forkscope's {@link WorkStealingPool} under one idle policy.
 *
 * <p>The pool does not hand out its threads; they are found by name ({@code
 * forkscope-<pool>-worker-<i>}, started by the constructor) as the ones that appear while this
 * dialect builds its pool, so two dialects must not be built at the same time.
 */
final class ForkscopeDialect implements Dialect {
  private static final Pattern WORKER_NAME = Pattern.compile("forkscope-\\d+-worker-\\d+");

  private final WorkStealingPool pool;
  private final List<Thread> workers;

  ForkscopeDialect(int parallelism, IdlePolicy policy) {
    Set<Thread> before = workerThreads();
    this.pool = new WorkStealingPool(parallelism, policy);
    Set<Thread> after = workerThreads();
    after.removeAll(before);
    this.workers = List.copyOf(after);
  }

  private static Set<Thread> workerThreads() {
    Set<Thread> found = new HashSet<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (WORKER_NAME.matcher(t.getName()).matches()) {
        found.add(t);
      }
    }
    return found;
  }

  @Override
  public String variant() {
    return "forkscope/" + pool.idlePolicy().name();
  }

  @Override
  public int parallelism() {
    return pool.parallelism();
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
    return workers;
  }

  @Override
  public Map<String, Long> counters() {
    WorkerStats total = pool.stats().total();
    Map<String, Long> counters = new LinkedHashMap<>();
    counters.put("tasks", total.tasks());
    counters.put("localPops", total.localPops());
    counters.put("steals", total.steals());
    counters.put("failedSteals", total.failedSteals());
    counters.put("externalPolls", total.externalPolls());
    counters.put("parks", total.parks());
    counters.put("futileWakeups", total.futileWakeups());
    counters.put("idleNanos", total.idleNanos());
    counters.put("threadsCreated", (long) pool.stats().workers().size());
    return counters;
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
