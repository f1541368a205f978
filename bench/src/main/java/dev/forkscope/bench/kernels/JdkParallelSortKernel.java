package dev.forkscope.bench.kernels;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * Seed 004's subject itself: {@link Arrays#parallelSort(long[])} of fresh copies, each started
 * inside the ForkJoinPool under test so its subtasks fork into that pool. The JDK sizes its
 * parallelism from the common pool ({@code ncpu - 1}, so 1 on 2 cores, where it sorts
 * sequentially); the row reports that figure.
 */
public final class JdkParallelSortKernel implements Kernel {
  private final SortKernel reference;
  private final long[] input;
  private final long[] a;
  private final int repeat;

  /** Sorts the same input as {@code reference}, the same number of times. */
  public JdkParallelSortKernel(SortKernel reference) {
    this.reference = reference;
    this.input = reference.input();
    this.a = new long[input.length];
    this.repeat = reference.repeat();
  }

  @Override
  public String name() {
    return reference.name();
  }

  @Override
  public long ops() {
    return reference.ops();
  }

  @Override
  public void run(Dialect dialect) {
    ForkJoinPool pool = ((ForkJoinPoolDialect) dialect).pool();
    for (int r = 0; r < repeat; r++) {
      System.arraycopy(input, 0, a, 0, a.length);
      pool.invoke(ForkJoinTask.adapt(() -> Arrays.parallelSort(a)));
    }
  }

  @Override
  public void verify() {
    long[] expected = input.clone();
    Arrays.sort(expected);
    if (!Arrays.equals(expected, a)) {
      throw new IllegalStateException(
          name() + ": Arrays.parallelSort result differs from Arrays.sort");
    }
  }
}
