package dev.forkscope.bench.kernels;

import java.util.List;
import java.util.Map;

/**
 * A minimal fork/join dialect that every benchmark kernel is written against, so that one kernel
 * runs unchanged on forkscope's {@code WorkStealingPool} (under each idle policy) and on {@code
 * java.util.concurrent.ForkJoinPool}.
 *
 * <p>Both implementations wrap a {@link Body} in one framework task, so each fork costs both
 * frameworks the same extra object; the ratio between them stays fair.
 */
public interface Dialect extends AutoCloseable {

  /** A unit of work: the {@code compute()} of a task. */
  @FunctionalInterface
  interface Body<T> {
    T compute();
  }

  /** A forked task that has not been joined yet. */
  interface Forked<T> {
    T join();
  }

  /** Names the runtime and its policy, e.g. {@code forkscope/PARK} or {@code forkjoinpool}. */
  String variant();

  int parallelism();

  /** Runs {@code body} as a root task in the pool, from a thread outside it, and waits. */
  <T> T invoke(Body<T> body);

  /** Forks {@code body} from inside a running task. */
  <T> Forked<T> fork(Body<T> body);

  /** Hands {@code command} to the pool without waiting, the way {@code Executor.execute} does. */
  void execute(Runnable command);

  /**
   * The pool's worker threads alive now (those that have started); used to see whether all of them
   * are parked.
   */
  List<Thread> workers();

  /** Cumulative scheduler counters, summed over workers; keys are stable counter names. */
  Map<String, Long> counters();

  /** Shuts the pool down and waits for its workers to end. */
  @Override
  void close();
}
