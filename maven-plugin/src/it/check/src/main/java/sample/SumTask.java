package sample;

import java.util.concurrent.RecursiveTask;

/** Sums a range of an array, splitting it down to {@code leaf} elements. */
public final class SumTask extends RecursiveTask<Long> {
  private final long[] values;
  private final int from;
  private final int to;
  private final int leaf;

  public SumTask(long[] values, int from, int to, int leaf) {
    this.values = values;
    this.from = from;
    this.to = to;
    this.leaf = leaf;
  }

  @Override
  protected Long compute() {
    if (to - from <= leaf) {
      long sum = 0;
      for (int i = from; i < to; i++) {
        sum += values[i];
      }
      return sum;
    }
    int mid = (from + to) >>> 1;
    SumTask left = new SumTask(values, from, mid, leaf);
    left.fork();
    return new SumTask(values, mid, to, leaf).compute() + left.join();
  }
}
