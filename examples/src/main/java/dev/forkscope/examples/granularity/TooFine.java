package dev.forkscope.examples.granularity;

import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooProgram;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Tasks far too fine: the recursion has no sequential cutoff and splits down to single elements, so
 * a run creates about eight million tasks that each do about a hundred nanoseconds of work.
 */
public final class TooFine implements ZooProgram {

  public static void main(String[] args) {
    Zoo.run(new TooFine(), args);
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
      if (hi - lo == 1) {
        return Work.element(lo);
      }
      int mid = (lo + hi) >>> 1;
      SumTask left = new SumTask(lo, mid);
      left.fork();
      long right = new SumTask(mid, hi).compute();
      return left.join() + right;
    }
  }
}
