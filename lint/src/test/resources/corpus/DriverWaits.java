// Waiting and sleeping where it belongs: the main thread submits a job, polls for progress with
// sleeps, and shuts the pool down; the tasks themselves never block.
package corpus.driverwaits;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

final class CountPrimes extends RecursiveTask<Integer> {
  static final AtomicInteger LEAVES_DONE = new AtomicInteger();
  private final int lo;
  private final int hi;

  CountPrimes(int lo, int hi) {
    this.lo = lo;
    this.hi = hi;
  }

  @Override
  protected Integer compute() {
    if (hi - lo <= 10_000) {
      int n = 0;
      for (int i = Math.max(2, lo); i < hi; i++) {
        if (isPrime(i)) {
          n++;
        }
      }
      LEAVES_DONE.incrementAndGet();
      return n;
    }
    int mid = (lo + hi) >>> 1;
    CountPrimes left = new CountPrimes(lo, mid);
    CountPrimes right = new CountPrimes(mid, hi);
    left.fork();
    int r = right.compute();
    return left.join() + r;
  }

  private static boolean isPrime(int n) {
    for (int d = 2; (long) d * d <= n; d++) {
      if (n % d == 0) {
        return false;
      }
    }
    return true;
  }
}

public final class DriverWaits {
  public static void main(String[] args) throws Exception {
    ForkJoinPool pool = new ForkJoinPool();
    ForkJoinTask<Integer> job = pool.submit(new CountPrimes(0, 5_000_000));
    while (!job.isDone()) {
      System.out.println(CountPrimes.LEAVES_DONE.get() + " leaves done");
      Thread.sleep(200);
    }
    System.out.println(job.get() + " primes");
    pool.shutdown();
    pool.awaitTermination(10, TimeUnit.SECONDS);
  }
}
