package dev.forkscope.examples.granularity;

import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooProgram;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Well-tuned granularity: the recursion stops splitting at {@link #THRESHOLD} elements (tens of
 * microseconds of work per leaf), which leaves many more leaves than workers to balance, at a
 * negligible task overhead.
 */
public final class WellTuned implements ZooProgram {
  static final int THRESHOLD = 4_096;

  public static void main(String[] args) {
    Zoo.run(new WellTuned(), args);
  }

  @Override
  public long compute(int size) {
    return ForkJoinPool.commonPool().invoke(new SumTask(0, size));
  }

  @Override
  public int defaultSize() {
    return Work.DEFAULT_SIZE;
  }

  static final class SumTask extends RecursiveTask<Long> {
    private final int lo;
    private final int hi;

    SumTask(int lo, int hi) {
      this.lo = lo;
      this.hi = hi;
    }

    @Override
    protected Long compute() {
      if (hi - lo <= THRESHOLD) {
        return Work.sum(lo, hi);
      }
      int mid = (lo + hi) >>> 1;
      SumTask left = new SumTask(lo, mid);
      left.fork();
      long right = new SumTask(mid, hi).compute();
      return left.join() + right;
    }
  }
}
