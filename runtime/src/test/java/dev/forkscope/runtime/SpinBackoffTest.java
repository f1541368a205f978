package dev.forkscope.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SpinBackoffTest {

  /** Counts the waits skipped before the next spin. */
  private static int skipped(SpinBackoff b) {
    int n = 0;
    while (!b.shouldSpin()) {
      n++;
    }
    return n;
  }

  @Test
  void spinsUntilASpinGoesUnrewardedThenSkipsDoublingWaitsUpToTheCap() {
    SpinBackoff b = new SpinBackoff();
    assertThat(skipped(b)).isZero();
    b.record(true);
    assertThat(skipped(b)).isZero();
    int expected = 1;
    for (int failure = 0; failure < 10; failure++) {
      b.record(false);
      assertThat(skipped(b)).isEqualTo(expected);
      expected = Math.min(expected * 2, SpinBackoff.MAX_SKIPS);
    }
    assertThat(expected).isEqualTo(SpinBackoff.MAX_SKIPS);
  }

  @Test
  void aRewardedSpinEndsTheBackoff() {
    SpinBackoff b = new SpinBackoff();
    for (int failure = 0; failure < 8; failure++) {
      b.record(false);
      skipped(b);
    }
    b.record(true);
    assertThat(skipped(b)).isZero();
    b.record(false);
    assertThat(skipped(b)).isEqualTo(1);
  }
}
