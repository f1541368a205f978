package dev.forkscope.runtime;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH micro-benchmarks of the runtime's primitives against {@link ForkJoinPool}: average time per
 * operation, and with {@code -prof gc} the bytes allocated per operation. Run them with {@link
 * JmhPrimitivesTest} (see docs/runtime.md); the normal build only compiles them.
 *
 * <ul>
 *   <li>{@code forkJoin}: inside a task, fork an empty task and join it at once ({@value #OPS}
 *       times per invocation); with one worker this is the fork/join fast path, with two it
 *       includes the steals and wake-ups the idle worker causes. {@code -prof gc} gives the
 *       allocation per task.
 *   <li>{@code handOff}: inside a task on one worker, fork an empty task and wait for it without
 *       helping, so the other worker must steal it: a wake-up, a successful steal and a completion
 *       signal.
 *   <li>{@code submitJoin}: from a thread outside the pool, submit an empty task and join it: an
 *       external submission, the wake-up of a parked worker (park/unpark) and the completion
 *       signal.
 *   <li>{@code dequeStealHit}, {@code dequeStealMiss}: forkscope's deque alone (ForkJoinPool's
 *       queues are not accessible): an uncontended successful steal after a push, and a failed
 *       steal of an empty deque.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx512m")
public class RuntimePrimitives {
  static final int OPS = 1000;

  /** A pool of one framework, opened by the subclasses. */
  @State(Scope.Benchmark)
  public abstract static class PoolState {
    @Param({"forkscope", "forkjoinpool"})
    public String pool;

    WorkStealingPool forkscope;
    ForkJoinPool forkJoinPool;

    void open(int parallelism) {
      if (pool.equals("forkscope")) {
        forkscope = new WorkStealingPool(parallelism, IdlePolicy.park());
      } else {
        forkJoinPool = new ForkJoinPool(parallelism);
      }
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
      if (forkscope != null) {
        forkscope.shutdownNow();
        forkscope.awaitTermination(10, TimeUnit.SECONDS);
      } else {
        forkJoinPool.shutdownNow();
        forkJoinPool.awaitTermination(10, TimeUnit.SECONDS);
      }
    }
  }

  /** One or two workers. */
  @State(Scope.Benchmark)
  public static class Pools extends PoolState {
    @Param({"1", "2"})
    public int parallelism;

    @Setup(Level.Trial)
    public void start() {
      open(parallelism);
    }
  }

  /** Two workers: a hand-off needs a second one to steal. */
  @State(Scope.Benchmark)
  public static class TwoWorkers extends PoolState {
    @Setup(Level.Trial)
    public void start() {
      open(2);
    }
  }

  /** A deque with one element pushed per steal. */
  @State(Scope.Thread)
  public static class Deque {
    final WorkDeque<Object> deque = new WorkDeque<>();
    final Object element = new Object();
  }

  @Benchmark
  @OperationsPerInvocation(OPS)
  public Object forkJoin(Pools p) {
    return p.forkscope != null
        ? p.forkscope.invoke(new OursForkJoin())
        : p.forkJoinPool.invoke(new TheirsForkJoin());
  }

  @Benchmark
  public Object handOff(TwoWorkers p) {
    return p.forkscope != null
        ? p.forkscope.invoke(new OursHandOff())
        : p.forkJoinPool.invoke(new TheirsHandOff());
  }

  @Benchmark
  public Object submitJoin(Pools p) {
    return p.forkscope != null
        ? p.forkscope.submit(new OursEmpty()).join()
        : p.forkJoinPool.submit(new TheirsEmpty()).join();
  }

  @Benchmark
  public Object dequeStealHit(Deque d) {
    d.deque.push(d.element);
    return d.deque.steal();
  }

  @Benchmark
  public Object dequeStealMiss(Deque d) {
    return d.deque.steal();
  }

  static final class OursEmpty extends RecursiveAction {
    @Override
    protected void compute() {}
  }

  static final class TheirsEmpty extends java.util.concurrent.RecursiveAction {
    @Override
    protected void compute() {}
  }

  static final class OursForkJoin extends RecursiveAction {
    @Override
    protected void compute() {
      for (int i = 0; i < OPS; i++) {
        new OursEmpty().fork().join();
      }
    }
  }

  static final class TheirsForkJoin extends java.util.concurrent.RecursiveAction {
    @Override
    protected void compute() {
      for (int i = 0; i < OPS; i++) {
        new TheirsEmpty().fork().join();
      }
    }
  }

  static final class OursHandOff extends RecursiveAction {
    @Override
    protected void compute() {
      OursEmpty t = new OursEmpty();
      t.fork();
      while (!t.isDone()) {
        Thread.onSpinWait();
      }
    }
  }

  static final class TheirsHandOff extends java.util.concurrent.RecursiveAction {
    @Override
    protected void compute() {
      TheirsEmpty t = new TheirsEmpty();
      t.fork();
      while (!t.isDone()) {
        Thread.onSpinWait();
      }
    }
  }
}
