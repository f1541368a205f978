package dev.forkscope.profile;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LogHistogramTest {

  @Test
  void bucketsArePowersOfTheFourthRootOfTen() {
    LogHistogram h = new LogHistogram();
    h.add(0, 1);
    h.add(1, 1);
    h.add(9, 1);
    h.add(10, 1);
    h.add(17, 1);
    h.add(18, 1);
    h.add(1_000_000, 1);
    h.add(Long.MAX_VALUE, 1);

    long[] counts = h.counts();
    assertThat(counts[0]).isEqualTo(2);
    assertThat(counts[3]).isEqualTo(1);
    assertThat(counts[4]).isEqualTo(2);
    assertThat(counts[5]).isEqualTo(1);
    assertThat(counts[24]).isEqualTo(1);
    assertThat(counts[LogHistogram.BUCKETS - 1]).isEqualTo(1);
    assertThat(LogHistogram.lowerBoundNs(4)).isEqualTo(10.0);
  }
}
