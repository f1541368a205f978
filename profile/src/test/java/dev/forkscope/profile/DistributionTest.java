package dev.forkscope.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class DistributionTest {

  @Test
  void nearestRankPercentilesOfOneToHundred() {
    long[] values = LongStream.rangeClosed(1, 100).map(i -> 101 - i).toArray();

    assertThat(Distribution.of(values)).isEqualTo(new Distribution(100, 1, 50, 90, 99, 100, 5050));
  }

  @Test
  void ninetiethPercentileOfTenIsTheNinthValue() {
    long[] values = LongStream.rangeClosed(1, 10).toArray();

    Distribution d = Distribution.of(values);

    assertThat(d.p90()).isEqualTo(9);
    assertThat(d.median()).isEqualTo(5);
    assertThat(d.p99()).isEqualTo(10);
  }

  @Test
  void singleValueIsEveryPercentile() {
    assertThat(Distribution.of(new long[] {7})).isEqualTo(new Distribution(1, 7, 7, 7, 7, 7, 7));
  }

  @Test
  void emptyIsAllZero() {
    assertThat(Distribution.of(new long[0]).count()).isZero();
  }

  @Test
  void selectionGivesWhatSortingGives() {
    Random random = new Random(7);
    for (int n : new int[] {1, 2, 3, 17, 18, 100, 1_001, 100_000}) {
      for (int distinct : new int[] {1, 2, 10, Integer.MAX_VALUE}) {
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
          values[i] = random.nextInt(distinct) - distinct / 3;
        }
        for (long[] input : new long[][] {values, sorted(values), reversed(values)}) {
          long[] expected = sorted(input);
          assertThat(Distribution.of(input.clone()))
              .isEqualTo(
                  new Distribution(
                      n,
                      expected[0],
                      expected[(int) Math.max(1, (50L * n + 99) / 100) - 1],
                      expected[(int) Math.max(1, (90L * n + 99) / 100) - 1],
                      expected[(int) Math.max(1, (99L * n + 99) / 100) - 1],
                      expected[n - 1],
                      LongStream.of(input).sum()));
        }
      }
    }
  }

  private static long[] sorted(long[] values) {
    long[] copy = values.clone();
    Arrays.sort(copy);
    return copy;
  }

  private static long[] reversed(long[] values) {
    long[] copy = sorted(values);
    for (int i = 0, j = copy.length - 1; i < j; i++, j--) {
      long t = copy[i];
      copy[i] = copy[j];
      copy[j] = t;
    }
    return copy;
  }
}
