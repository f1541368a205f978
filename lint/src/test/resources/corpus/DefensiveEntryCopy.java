// A recursive task that copies its input once, in the public constructor the caller uses, and
// recurses through a private constructor that only takes bounds: the copy is not repeated.
package corpus.defensive;

import java.util.List;
import java.util.concurrent.RecursiveTask;

public final class MaxTask extends RecursiveTask<Integer> {
  private final List<Integer> values;
  private final int lo;
  private final int hi;

  public MaxTask(List<Integer> values) {
    this(List.copyOf(values), 0, values.size());
  }

  private MaxTask(List<Integer> values, int lo, int hi) {
    this.values = values;
    this.lo = lo;
    this.hi = hi;
  }

  @Override
  protected Integer compute() {
    if (hi - lo <= 1024) {
      int max = Integer.MIN_VALUE;
      for (int i = lo; i < hi; i++) {
        max = Math.max(max, values.get(i));
      }
      return max;
    }
    int mid = (lo + hi) >>> 1;
    MaxTask left = new MaxTask(values, lo, mid);
    MaxTask right = new MaxTask(values, mid, hi);
    left.fork();
    int r = right.compute();
    return Math.max(r, left.join());
  }
}
