package sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.stream.LongStream;

/** What every test JVM runs: a sum in a pool, and tasks that sleep. */
final class Work {
  private Work() {}

  static void run() {
    long[] values = LongStream.range(0, 1_000_000).toArray();
    ForkJoinPool pool = new ForkJoinPool(2);
    try {
      assertEquals(999_999L * 1_000_000L / 2, pool.invoke(new SumTask(values, 0, values.length)));
      ForkJoinTask<?>[] naps = new ForkJoinTask<?>[6];
      for (int i = 0; i < naps.length; i++) {
        naps[i] = pool.submit(new NapTask());
      }
      for (ForkJoinTask<?> nap : naps) {
        nap.join();
      }
    } finally {
      pool.shutdown();
    }
  }
}
