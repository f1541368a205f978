package dev.forkscope.profile.overhead;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class OverheadBenchmarkTest {

  private static OverheadBenchmark.Measurement measured(
      String name, boolean fine, double wall, double cpu) {
    return new OverheadBenchmark.Measurement(
        new OverheadBenchmark.Program(name, "x." + name, List.of()),
        100,
        100,
        wall,
        100,
        100,
        cpu,
        200,
        200,
        fine);
  }

  @Test
  void geomeanLeavesTheFineGrainedWorkloadApart() {
    OverheadBenchmark.Result r =
        OverheadBenchmark.summarize(
            List.of(
                measured("a", false, 1.0, 1.0),
                measured("b", false, 1.21, 1.0),
                measured("fine", true, 1.5, 1.0)));

    assertThat(r.wallGeomean()).isCloseTo(1.1, within(1e-9));
    assertThat(r.fineRatio()).isEqualTo(1.5);
    assertThat(r.cpuGeomean()).isCloseTo(1.0, within(1e-9));
    assertThat(r.meetsTargets()).isFalse();
  }

  @Test
  void targetsHoldWithinBounds() {
    OverheadBenchmark.Result r =
        OverheadBenchmark.summarize(
            List.of(measured("a", false, 1.04, 1.02), measured("fine", true, 1.29, 1.03)));

    assertThat(r.meetsTargets()).isTrue();
  }

  @Test
  void mediansOfOddCounts() {
    assertThat(OverheadBenchmark.median(new long[] {5, 1, 3})).isEqualTo(3);
    assertThat(OverheadBenchmark.median(new double[] {2.0, 1.0, 9.0})).isEqualTo(2.0);
  }
}
