package dev.forkscope.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The estimates of a sampled class against populations whose answer is known: the agent's design (a
 * warm-up recorded in full, then one task in 2^k by identity hash, the period growing) replayed
 * with seeded random numbers.
 */
class SampleEstimateTest {

  /** Recorded values and weights of one simulated run, and the population's true figures. */
  private record Run(long[] values, long[] weights, long population, long median, long total) {}

  /**
   * {@code n} executions of costs drawn by {@code cost}: the first 1,000 recorded in full, the next
   * 20,000 at 1 in 16, the rest at 1 in 64, each kept when its (random) identity hash says so.
   */
  private static Run run(long seed, int n, LongUnaryOperator cost) {
    Random random = new Random(seed);
    long[] all = new long[n];
    long[] values = new long[n];
    long[] weights = new long[n];
    int recorded = 0;
    long total = 0;
    for (int i = 0; i < n; i++) {
      all[i] = cost.applyAsLong(random.nextLong());
      total += all[i];
      int period = i < 1_000 ? 1 : i < 21_000 ? 16 : 64;
      if ((random.nextInt() & (period - 1)) == 0) {
        values[recorded] = all[i];
        weights[recorded++] = period;
      }
    }
    long median = Distribution.of(all).median();
    return new Run(
        Arrays.copyOf(values, recorded), Arrays.copyOf(weights, recorded), n, median, total);
  }

  /** Two modes: 70 % around 2 µs, 30 % around 50 µs, each spread ±50 % (log-uniform-ish). */
  private static long bimodal(long r) {
    Random random = new Random(r);
    double centre = random.nextDouble() < 0.7 ? 2_000 : 50_000;
    return Math.round(centre * Math.exp((random.nextDouble() - 0.5) * 0.8));
  }

  @Test
  void withoutSamplesTheFiguresAreExactAndTheIntervalsPoints() {
    long[] values = {5, 1, 4, 2, 3};
    SampleEstimate.Result r = SampleEstimate.of(values, new long[] {1, 1, 1, 1, 1}, 5);
    assertThat(r.sampled()).isFalse();
    assertThat(r.distribution()).isEqualTo(Distribution.of(values.clone()));
    assertThat(r.median()).isEqualTo(new TaskClassProfile.Interval(3, 3));
    assertThat(r.total()).isEqualTo(new TaskClassProfile.Interval(15, 15));
  }

  @Test
  void aHundredThousandOneMicrosecondTasksSampledOneIn64() {
    Run run = run(1, 100_000, r -> 1_000);
    SampleEstimate.Result r = SampleEstimate.of(run.values, run.weights, run.population);
    assertThat(r.sampleSize()).isBetween(1_000L, 3_000L);
    assertThat(r.distribution().count()).isEqualTo(100_000);
    assertThat(r.distribution().median()).isEqualTo(1_000);
    assertThat(r.distribution().total()).isEqualTo(100_000_000);
    assertThat(r.median().contains(1_000)).isTrue();
    assertThat(r.total().contains(100_000_000)).isTrue();
  }

  @Test
  void theIntervalsCoverTheTruthOfABimodalMixInAtLeast90PercentOf200Runs() {
    int medianCovered = 0;
    int totalCovered = 0;
    double widest = 0;
    for (long seed = 0; seed < 200; seed++) {
      Run run = run(seed, 100_000, SampleEstimateTest::bimodal);
      SampleEstimate.Result r = SampleEstimate.of(run.values, run.weights, run.population);
      medianCovered += r.median().contains(run.median) ? 1 : 0;
      totalCovered += r.total().contains(run.total) ? 1 : 0;
      widest = Math.max(widest, (double) (r.total().high() - r.total().low()) / run.total);
    }
    assertThat(medianCovered).isGreaterThanOrEqualTo(180);
    assertThat(totalCovered).isGreaterThanOrEqualTo(180);
    assertThat(widest).as("an interval that says something").isLessThan(0.25);
  }

  @Test
  void anEstimateFromTheWeightsAloneCoversTooWhenTheCountIsUnknown() {
    int covered = 0;
    for (long seed = 0; seed < 200; seed++) {
      Run run = run(seed, 50_000, SampleEstimateTest::bimodal);
      SampleEstimate.Result r = SampleEstimate.of(run.values, run.weights, -1);
      covered += r.median().contains(run.median) ? 1 : 0;
    }
    assertThat(covered).isGreaterThanOrEqualTo(180);
  }
}
