package dev.forkscope.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
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
