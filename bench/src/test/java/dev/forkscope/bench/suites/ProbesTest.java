package dev.forkscope.bench.suites;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.bench.Harness;
import dev.forkscope.bench.Measurement;
import dev.forkscope.bench.kernels.Dialect;
import dev.forkscope.bench.kernels.Variants;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The probes' bookkeeping on small inputs; the figures themselves are benchmarks, not tests. */
class ProbesTest {

  @Test
  void latencyProbeReportsPercentilesForEveryRequest() {
    try (Dialect d = Variants.open("forkscope/PARK", 2)) {
      Measurement r = Probes.latency(d, 10_000, 50);
      assertThat(r.ops()).isEqualTo(50);
      assertThat((Double) r.extra().get("latencyUsP99"))
          .isGreaterThanOrEqualTo((Double) r.extra().get("latencyUsP50"));
      assertThat(r.benchmark()).isEqualTo("latency(gap=10us)");
    }
  }

  @Test
  void latencyRunsMakeOneRowOfTheirMedians() {
    Measurement row =
        Probes.latencyMedian(
            List.of(
                latencyRun(10, 4, 3.0, 6), latencyRun(30, 2, 1.0, 2), latencyRun(20, 9, 2.0, 4)));

    assertThat(row.benchmark()).isEqualTo("latency(gap=20us)");
    assertThat(row.wallMsMedian()).isEqualTo(20);
    assertThat(row.cpuMsMedian()).isEqualTo(4);
    assertThat(row.extra())
        .containsEntry("gapUs", 20L)
        .containsEntry("latencyUsP50", 2.0)
        .containsEntry(Harness.SPREAD, 100.0);
    assertThat(row.counters()).containsEntry("steals", 4L).containsEntry("threadsCreated", 3L);
  }

  private static Measurement latencyRun(double wallMs, double cpuMs, double p50, long steals) {
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("gapUs", 20L);
    extra.put("latencyUsP50", p50);
    extra.put("latencyUsP99", 2 * p50);
    extra.put("cpuCores", cpuMs / wallMs);
    return Measurement.measured(
        "latency(gap=20us)",
        "forkscope/PARK",
        2,
        wallMs,
        cpuMs,
        100,
        Map.of("steals", steals, "threadsCreated", steals / 2),
        null,
        extra);
  }

  @Test
  void parkingPoolIsSeenIdleAndBusySpinningPoolIsNot() {
    try (Dialect d = Variants.open("forkscope/PARK", 2)) {
      assertThat(Probes.idle(d, Duration.ofMillis(20)).extra().get("allParkedMs")).isNotNull();
    }
    try (Dialect d = Variants.open("forkscope/BUSY_SPIN", 2)) {
      assertThat(Probes.idle(d, Duration.ofMillis(20)).extra().get("allParkedMs")).isNull();
    }
  }

  @Test
  void forkscopeServesExternalPingsDespiteSelfResubmittingTasks() {
    try (Dialect d = Variants.open("forkscope/PARK", 2)) {
      Measurement r = Probes.starvation(d, 20, Duration.ofSeconds(2));
      assertThat(r.extra()).containsEntry("served", 20).containsEntry("passed", true);
    }
  }

  @Test
  void sleepySubmittersCountEveryTaskTheySubmitted() {
    try (Dialect d = Variants.open("forkjoinpool", 2)) {
      Measurement r = Probes.sleepySubmitters(d, 2, Duration.ofMillis(100));
      assertThat(r.ops()).isPositive();
      assertThat(r.extra()).containsEntry("submitters", 2);
      assertThat((Double) r.extra().get("throughputOpsPerSec")).isPositive();
    }
  }
}
