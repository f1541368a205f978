package sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.ForkJoinPool;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class SumTaskTest {
  @Test
  void sumsInAPool() {
    long[] values = LongStream.range(0, 2_000_000).toArray();
    ForkJoinPool pool = new ForkJoinPool(2);
    try {
      assertEquals(1_999_999L * 2_000_000L / 2, pool.invoke(new SumTask(values)));
    } finally {
      pool.shutdown();
    }
  }
}
