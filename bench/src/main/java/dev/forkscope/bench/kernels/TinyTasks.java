package dev.forkscope.bench.kernels;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * The fine-grained workload of the overhead benchmark: a fork/join sum split down to single
 * elements, one forked task per element (262,144 by default), each doing tens of nanoseconds of
 * work: where a profiler's per-task cost shows most.
 */
public final class TinyTasks {

  static final int DEFAULT_SIZE = 1 << 18;

  private TinyTasks() {}

  public static void main(String[] args) {
    int size = args.length > 0 ? Integer.parseInt(args[0]) : DEFAULT_SIZE;
    long sum = ForkJoinPool.commonPool().invoke(new Sum(0, size));
    System.out.println("TinyTasks size=" + size + " result=" + sum);
  }

  static long element(int i) {
    long x = i;
    for (int round = 0; round < 16; round++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
    }
    return x >>> 40;
  }

  static final class Sum extends RecursiveTask<Long> {
    private final int lo;
    private final int hi;

    Sum(int lo, int hi) {
      this.lo = lo;
      this.hi = hi;
    }

    @Override
    protected Long compute() {
      if (hi - lo == 1) {
        return element(lo);
      }
      int mid = (lo + hi) >>> 1;
      Sum left = new Sum(lo, mid);
      left.fork();
      long right = new Sum(mid, hi).compute();
      return left.join() + right;
    }
  }
}
