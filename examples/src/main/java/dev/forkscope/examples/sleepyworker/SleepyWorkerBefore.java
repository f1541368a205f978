package dev.forkscope.examples.sleepyworker;

import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooProgram;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Bottleneck 6, sleepy workers: each leaf sleeps after a synchronous computation, to "wait" for a
 * result that is already there (CTask in Section V of Pinto et al.).
 */
public final class SleepyWorkerBefore implements ZooProgram {

  public static void main(String[] args) {
    Zoo.run(new SleepyWorkerBefore(), args);
  }

  @Override
  public long compute(int size) {
    return ForkJoinPool.commonPool().invoke(new DigestTask(0, size));
  }

  @Override
  public int defaultSize() {
    return Chunks.DEFAULT_SIZE;
  }

  static final class DigestTask extends RecursiveTask<Long> {
    private final int lo;
    private final int hi;

    DigestTask(int lo, int hi) {
      this.lo = lo;
      this.hi = hi;
    }

    @Override
    protected Long compute() {
      if (hi - lo > Chunks.CHUNKS_PER_TASK) {
        int mid = (lo + hi) >>> 1;
        DigestTask left = new DigestTask(lo, mid);
        left.fork();
        long right = new DigestTask(mid, hi).compute();
        return left.join() + right;
      }
      long sum = 0;
      for (int i = lo; i < hi; i++) {
        long digest = Chunks.digest(i);
        try {
          Thread.sleep(Chunks.SETTLE_MILLIS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        sum += digest;
      }
      return sum;
    }
  }
}
