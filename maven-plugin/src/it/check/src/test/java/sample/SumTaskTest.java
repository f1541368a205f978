package sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.ForkJoinPool;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class SumTaskTest {
  @Test
  void sums() {
    long[] values = LongStream.range(0, 400_000).toArray();
    int leaf = Integer.getInteger("leaf");
    ForkJoinPool pool = new ForkJoinPool(2);
    try {
      assertEquals(
          399_999L * 400_000L / 2, pool.invoke(new SumTask(values, 0, values.length, leaf)));
    } finally {
      pool.shutdown();
    }
  }
}
