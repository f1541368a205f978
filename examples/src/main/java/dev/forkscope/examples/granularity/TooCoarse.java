package dev.forkscope.examples.granularity;

import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooProgram;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Tasks far too coarse: the work is cut once, into two huge tasks of very unequal size (1/16 and
 * 15/16), on a pool with four workers. Whatever the number of cores, one worker carries almost all
 * the work while the others idle, and there are no smaller tasks left to steal and balance the
 * load.
 */
public final class TooCoarse implements ZooProgram {
  private static final ForkJoinPool POOL = new ForkJoinPool(4);

  public static void main(String[] args) {
    Zoo.run(new TooCoarse(), args);
  }

  @Override
  public long compute(int size) {
    return POOL.invoke(new SplitOnceTask(size));
  }

  @Override
  public int defaultSize() {
    return Work.DEFAULT_SIZE;
  }

  static final class SplitOnceTask extends RecursiveTask<Long> {
    private final int size;

    SplitOnceTask(int size) {
      this.size = size;
    }

    @Override
    protected Long compute() {
      int mid = size / 16;
      RecursiveTask<Long> first = new PartTask(0, mid);
      RecursiveTask<Long> second = new PartTask(mid, size);
      invokeAll(first, second);
      return first.join() + second.join();
    }
  }

  static final class PartTask extends RecursiveTask<Long> {
    private final int lo;
    private final int hi;

    PartTask(int lo, int hi) {
      this.lo = lo;
      this.hi = hi;
    }

    @Override
    protected Long compute() {
      return Work.sum(lo, hi);
    }
  }
}
