package dev.forkscope.bench.suites;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.forkscope.bench.Harness;
import dev.forkscope.bench.Result;
import dev.forkscope.bench.Suite;
import java.util.List;
import org.junit.jupiter.api.Test;

class ZooSuiteTest {

  @Test
  void registeredAsTheZooSuite() {
    assertThat(Suites.byName("zoo")).containsInstanceOf(ZooSuite.class);
  }

  @Test
  void theSpeedupPairsRunsByRepetitionThenTakesTheMedian() {
    List<Harness.Sample> before =
        List.of(new Harness.Sample(300, 1), new Harness.Sample(100, 1), new Harness.Sample(200, 1));
    List<Harness.Sample> after =
        List.of(new Harness.Sample(100, 1), new Harness.Sample(100, 1), new Harness.Sample(400, 1));

    assertThat(ZooSuite.pairedRatio(before, after)).isCloseTo(1.0, within(1e-9));
  }

  /**
   * One run of each program at p = 1, with answers known from the programs: the sleepy worker's fix
   * removes 1 s of sleeping, the copy on fork's fix allocates no copies.
   */
  @Test
  void measuresEveryBottleneckBeforeAndAfterInChildJvms() throws Exception {
    Suite.Outcome outcome =
        new ZooSuite().run(new Suite.Context(List.of(1), 1, List.of(), true, line -> {}));

    assertThat(outcome.results()).hasSize(12);
    assertThat(outcome.results())
        .allSatisfy(
            r -> {
              assertThat(r.threads()).isEqualTo(1);
              assertThat(r.wallMsMedian()).isPositive();
              assertThat((Long) r.extra().get("allocatedBytes")).isPositive();
              assertThat(r.extra().get("speedup") != null).isEqualTo(r.variant().equals("after"));
            });
    assertThat(speedup(outcome, "sleepy-worker")).isGreaterThan(3);
    assertThat(allocated(outcome, "copy-on-fork", "before"))
        .isGreaterThan(allocated(outcome, "copy-on-fork", "after") * 3 / 2);
    assertThat(outcome.json()).contains("\"speedupGeomean\"");
    assertThat(outcome.svg()).startsWith("<svg");
  }

  private static double speedup(Suite.Outcome outcome, String rule) {
    return (Double) row(outcome, rule, "after").extra().get("speedup");
  }

  private static long allocated(Suite.Outcome outcome, String rule, String variant) {
    return (Long) row(outcome, rule, variant).extra().get("allocatedBytes");
  }

  private static Result row(Suite.Outcome outcome, String rule, String variant) {
    return outcome.results().stream()
        .filter(r -> r.benchmark().equals(rule) && r.variant().equals(variant))
        .findFirst()
        .orElseThrow();
  }
}
