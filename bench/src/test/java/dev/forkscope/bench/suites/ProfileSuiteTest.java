package dev.forkscope.bench.suites;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.forkscope.bench.Harness;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProfileSuiteTest {

  private static Harness.Sample sample(long wall, long cpu) {
    return new Harness.Sample(wall, cpu, Map.of("processMs", 1.0));
  }

  /** A program whose repetitions had wall ratios {@code walls} and CPU ratios {@code cpus}. */
  private static ProfileSuite.Overhead measured(
      String name, boolean fine, double[] walls, double[] cpus) {
    List<Harness.Sample> off = new java.util.ArrayList<>();
    List<Harness.Sample> on = new java.util.ArrayList<>();
    for (int i = 0; i < walls.length; i++) {
      off.add(sample(1000, 1000));
      on.add(sample(Math.round(1000 * walls[i]), Math.round(1000 * cpus[i])));
    }
    return new ProfileSuite.Overhead(new ProfileSuite.Program(name, "x." + name), off, on, fine);
  }

  @Test
  void runsEveryZooProgramOnceAndTheTinyTasks() {
    assertThat(ProfileSuite.programs())
        .extracting(ProfileSuite.Program::name)
        .doesNotHaveDuplicates()
        .contains("TooFine", "WellTuned", "TooCoarse", "CopyOnForkBefore", "CopyOnForkAfter")
        .endsWith("TinyTasks");
  }

  @Test
  void atSteadyStateAChildsSampleIsItsMedianWallAndMeanCpuTime() {
    Harness.Sample s =
        ProfileSuite.steadySample("300 10\n100 10\n200 40\n", Map.of("processMs", 9.0));

    assertThat(s.wallNs()).isEqualTo(200);
    assertThat(s.cpuNs()).isEqualTo(20); // (10 + 10 + 40) / 3: ticks of CPU time, not their median
    assertThat(s.figures()).containsEntry("processMs", 9.0);
  }

  @Test
  void registeredAsTheProfileSuite() {
    assertThat(Suites.byName("profile")).containsInstanceOf(ProfileSuite.class);
  }

  @Test
  void ratiosArePairedByRepetitionThenTheMedianIsTaken() {
    ProfileSuite.Overhead o =
        measured("a", false, new double[] {1.5, 1.1, 1.2}, new double[] {1.0, 3.0, 2.0});

    assertThat(o.wallRatio()).isCloseTo(1.2, within(1e-3));
    assertThat(o.cpuRatio()).isCloseTo(2.0, within(1e-3));
  }

  @Test
  void geomeanLeavesTheFineGrainedWorkloadApart() {
    ProfileSuite.Summary s =
        ProfileSuite.Summary.of(
            List.of(
                measured("a", false, new double[] {1.0}, new double[] {1.0}),
                measured("b", false, new double[] {1.21}, new double[] {1.0}),
                measured("fine", true, new double[] {1.5}, new double[] {1.0})));

    assertThat(s.wallGeomean()).isCloseTo(1.1, within(1e-3));
    assertThat(s.fineRatio()).isCloseTo(1.5, within(1e-3));
    assertThat(s.cpuGeomean()).isCloseTo(1.0, within(1e-3));
    assertThat(s.missedTargets())
        .containsExactly(
            "wall geomean 1.100x > target 1.03x", "fine-grained wall 1.500x > target 1.30x");
  }

  @Test
  void theLayersAreMeasuredAgainstTheAgentAlone() {
    List<Harness.Sample> off = List.of(sample(1000, 1000), sample(1000, 1000));
    List<Harness.Sample> agent = List.of(sample(1010, 1000), sample(1020, 1000));
    List<Harness.Sample> layers = List.of(sample(1100, 1000), sample(1080, 1000));
    ProfileSuite.Overhead o =
        new ProfileSuite.Overhead(new ProfileSuite.Program("a", "x.a"), off, layers, false, agent);

    assertThat(o.wallRatio()).isCloseTo(1.09, within(1e-3));
    assertThat(o.layersWallRatio()).isCloseTo((1100 / 1010.0 + 1080 / 1020.0) / 2, within(1e-6));
    ProfileSuite.Summary s = ProfileSuite.Summary.of(List.of(o));
    assertThat(s.layersGeomean()).isCloseTo(o.layersWallRatio(), within(1e-9));
    assertThat(s.missedTargets())
        .containsExactly(
            "wall geomean 1.090x > target 1.03x", "layers wall geomean 1.074x > target 1.03x");
  }

  @Test
  void theLayersCostIsBoundedByTheirCpuTimeOverTheWallTime() {
    List<Harness.Sample> off = List.of(sample(1000, 1000), sample(1000, 1000), sample(1000, 1000));
    ProfileSuite.Overhead o =
        new ProfileSuite.Overhead(
            new ProfileSuite.Program("a", "x.a"),
            off,
            List.of(
                layers(200_000_000, 1000, 2.0),
                layers(100_000_000, 1000, 9.0),
                layers(200_000_000, 1000, 8.0)),
            false,
            off);

    assertThat(o.layersCostBound()).isCloseTo(0.04, within(1e-9)); // of 1 %, 9 % and 4 %
    assertThat(
            measured("agent only", false, new double[] {1.0}, new double[] {1.0}).layersCostBound())
        .isNaN();
  }

  /** A run with the layers on: {@code wallNs} of the program's, {@code layersCpuMs} of theirs. */
  private static Harness.Sample layers(long wallNs, long cpu, double layersCpuMs) {
    return new Harness.Sample(wallNs, cpu, Map.of("processMs", 1.0, "layersCpuMs", layersCpuMs));
  }

  @Test
  void targetsHoldWithinBoundsAndWithoutAFineGrainedProgram() {
    ProfileSuite.Summary s =
        ProfileSuite.Summary.of(
            List.of(
                measured("a", false, new double[] {1.04}, new double[] {1.02}),
                measured("b", false, new double[] {1.01}, new double[] {1.0})));

    assertThat(s.fineRatio()).isNaN();
    assertThat(s.missedTargets()).isEmpty();
  }
}
