package sample;

import java.util.concurrent.RecursiveTask;

/** Sums a range of an array, splitting it down to 10,000 elements. */
public final class SumTask extends RecursiveTask<Long> {
  private final long[] values;
  private final int from;
  private final int to;

  public SumTask(long[] values, int from, int to) {
    this.values = values;
    this.from = from;
    this.to = to;
  }

  @Override
  protected Long compute() {
    if (to - from <= 10_000) {
      long sum = 0;
      for (int i = from; i < to; i++) {
        sum += values[i];
      }
      return sum;
    }
    int mid = (from + to) >>> 1;
    SumTask left = new SumTask(values, from, mid);
    left.fork();
    return new SumTask(values, mid, to).compute() + left.join();
  }
}
