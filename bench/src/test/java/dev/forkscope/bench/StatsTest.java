package dev.forkscope.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatsTest {

  @Test
  void medianOfOddAndEvenCounts() {
    assertThat(Stats.median(new long[] {5, 1, 3})).isEqualTo(3.0);
    assertThat(Stats.median(new long[] {4, 1, 3, 10})).isEqualTo(3.5);
    assertThat(Stats.median(new double[] {2.5, 0.5})).isEqualTo(1.5);
    assertThatThrownBy(() -> Stats.median(new long[0]))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void nearestRankPercentile() {
    long[] v = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100};
    assertThat(Stats.percentile(v, 50)).isEqualTo(50);
    assertThat(Stats.percentile(v, 99)).isEqualTo(100);
    assertThat(Stats.percentile(v, 100)).isEqualTo(100);
    assertThat(Stats.percentile(v, 1)).isEqualTo(10);
  }

  @Test
  void geometricMeanOfRatios() {
    assertThat(Stats.geometricMean(List.of(2.0, 0.5))).isCloseTo(1.0, within(1e-12));
    assertThat(Stats.geometricMean(List.of(1.21, 1.0))).isCloseTo(1.1, within(1e-12));
  }

  @Test
  void confidenceIntervalOfTheGeometricMeanOfRatios() {
    // logs -0.1, 0, 0.1: mean 0, standard error 0.1 / sqrt(3), t(2) = 4.303
    double[] ci = Stats.ci95OfGeometricMean(new double[] {Math.exp(-0.1), 1.0, Math.exp(0.1)});
    double half = 4.303 * 0.1 / Math.sqrt(3);
    assertThat(ci[0]).isCloseTo(Math.exp(-half), within(1e-9));
    assertThat(ci[1]).isCloseTo(Math.exp(half), within(1e-9));

    double[] clear = Stats.ci95OfGeometricMean(new double[] {1.8, 1.9, 1.85, 1.75, 1.95});
    assertThat(clear[0]).isGreaterThan(1.7);
    assertThat(clear[1]).isLessThan(2.0);
    assertThat(Stats.ci95OfGeometricMean(new double[] {2.0})).isNull();
  }
}
