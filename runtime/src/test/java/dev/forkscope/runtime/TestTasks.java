package dev.forkscope.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Workloads with known answers, shared by the pool tests. */
final class TestTasks {
  private TestTasks() {}

  static long seqFib(int n) {
    return n < 2 ? n : seqFib(n - 1) + seqFib(n - 2);
  }

  /** Number of forks {@link Fib} makes for {@code n}. */
  static long fibForks(int n) {
    return n < Fib.THRESHOLD ? 0 : 1 + fibForks(n - 1) + fibForks(n - 2);
  }

  /** Lea's Fib: fork one half, compute the other, join. */
  static final class Fib extends RecursiveTask<Long> {
    static final int THRESHOLD = 4;
    private final int n;

    Fib(int n) {
      this.n = n;
    }

    @Override
    protected Long compute() {
      if (n < THRESHOLD) {
        return seqFib(n);
      }
      Fib f1 = new Fib(n - 1);
      f1.fork();
      return new Fib(n - 2).compute() + f1.join();
    }
  }

  /**
   * A random series-parallel task graph (the shape fork/join produces): each node has a value,
   * forks a random mix of children (fork/join, invokeAll of two, invokeAll of a list, or a fork
   * taken back with tryUnfork) and returns the sum over its subtree of {@code mix(value)}. {@link
   * #sequential} computes the same sum.
   */
  static final class TreeSum extends RecursiveTask<Long> {
    private final long seed;
    private final int depth;

    TreeSum(long seed, int depth) {
      this.seed = seed;
      this.depth = depth;
    }

    static long mix(long x) {
      x ^= x >>> 33;
      x *= 0xff51afd7ed558ccdL;
      return x ^ (x >>> 33);
    }

    static long sequential(long seed, int depth) {
      long sum = mix(seed);
      if (depth > 0) {
        Random r = new Random(seed);
        int children = r.nextInt(4);
        for (int i = 0; i < children; i++) {
          sum += sequential(r.nextLong(), depth - 1);
        }
      }
      return sum;
    }

    @Override
    protected Long compute() {
      long sum = mix(seed);
      if (depth == 0) {
        return sum;
      }
      Random r = new Random(seed);
      int children = r.nextInt(4);
      List<TreeSum> tasks = new ArrayList<>(children);
      for (int i = 0; i < children; i++) {
        tasks.add(new TreeSum(r.nextLong(), depth - 1));
      }
      switch ((int) Long.remainderUnsigned(seed, 4)) {
        case 0 -> {
          tasks.forEach(Task::fork);
          for (int i = tasks.size() - 1; i >= 0; i--) {
            sum += tasks.get(i).join();
          }
        }
        case 1 -> {
          if (tasks.size() == 2) {
            Task.invokeAll(tasks.get(0), tasks.get(1));
          } else {
            Task.invokeAll(tasks);
          }
          for (TreeSum t : tasks) {
            sum += t.join();
          }
        }
        case 2 -> {
          Task.invokeAll(tasks.toArray(new Task<?>[0]));
          for (TreeSum t : tasks) {
            sum += t.join();
          }
        }
        default -> {
          for (TreeSum t : tasks) {
            t.fork();
            sum += t.tryUnfork() ? t.invoke() : t.join();
          }
        }
      }
      return sum;
    }
  }
}
