package dev.forkscope.profile;

import static org.assertj.core.api.Assertions.assertThat;

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
}
