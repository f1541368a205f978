package sample;

import java.util.Arrays;
import java.util.concurrent.RecursiveTask;

/** Copies each half before forking it (copy-on-fork, twice). */
public final class SumTask extends RecursiveTask<Long> {
  private final long[] values;

  public SumTask(long[] values) {
    this.values = values;
  }

  @Override
  protected Long compute() {
    if (values.length <= 10_000) {
      long sum = 0;
      for (long v : values) {
        sum += v;
      }
      return sum;
    }
    int half = values.length / 2;
    long[] left = Arrays.copyOfRange(values, 0, half);
    long[] right = Arrays.copyOfRange(values, half, values.length);
    SumTask first = new SumTask(left);
    first.fork();
    return new SumTask(right).compute() + first.join();
  }

  static long[] ones(int n) {
    long[] ones = new long[n];
    Arrays.fill(ones, 1);
    return ones;
  }
}
