package dev.forkscope.bench.kernels;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * jsr166's {@code FJSums} pattern (as in the JDK-8080623 analysis): sum of squares over an array,
 * where each task forks off right halves until its part is small, sums that part, then joins the
 * forked halves newest first (the "apply more" idiom of the {@code RecursiveAction} javadoc). Longs
 * keep the sum exact.
 */
public final class SumsKernel implements Kernel {
  private final int length;
  private final int leaf;
  private final int[] data;
  private long result;

  public SumsKernel(int length, int leaf) {
    this.length = length;
    this.leaf = leaf;
    this.data = new Random(3).ints(length, -1_000_000, 1_000_000).toArray();
  }

  @Override
  public String name() {
    return "sums(" + length + ")";
  }

  /** Operations: elements summed. */
  @Override
  public long ops() {
    return length;
  }

  @Override
  public void run(Dialect d) {
    result = d.invoke(() -> sum(d, 0, length));
  }

  private long sum(Dialect d, int lo, int hi) {
    List<Dialect.Forked<Long>> forked = new ArrayList<>();
    while (hi - lo > leaf) {
      int mid = (lo + hi) >>> 1;
      int end = hi;
      forked.add(d.fork(() -> sum(d, mid, end)));
      hi = mid;
    }
    long s = sumOfSquares(lo, hi);
    for (int i = forked.size() - 1; i >= 0; i--) {
      s += forked.get(i).join();
    }
    return s;
  }

  private long sumOfSquares(int lo, int hi) {
    long s = 0;
    for (int i = lo; i < hi; i++) {
      s += (long) data[i] * data[i];
    }
    return s;
  }

  @Override
  public void verify() {
    Checks.equal(name(), sumOfSquares(0, length), result);
  }
}
