package dev.forkscope.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HarnessTest {

  /** Counts what the harness calls; its result is wrong when {@code broken}. */
  private static final class CountingKernel implements Kernel {
    int prepared;
    int runs;
    int verified;
    final boolean broken;

    CountingKernel(boolean broken) {
      this.broken = broken;
    }

    @Override
    public String name() {
      return "counting";
    }

    @Override
    public long ops() {
      return 10;
    }

    @Override
    public void prepare() {
      prepared++;
    }

    @Override
    public void run(Dialect d) {
      runs++;
      d.invoke(() -> null);
    }

    @Override
    public void verify() {
      verified++;
      if (broken) {
        throw new IllegalStateException("wrong");
      }
    }
  }

  @Test
  void warmsUpRunsAndChecksTheResult() {
    CountingKernel k = new CountingKernel(false);
    Result r;
    try (Dialect d = new ForkJoinPoolDialect(2)) {
      r = new Harness(2, 5, Optional.empty()).measure(k, d);
    }
    assertThat(k.runs).isEqualTo(7);
    assertThat(k.prepared).isEqualTo(7);
    assertThat(k.verified).isEqualTo(2);
    assertThat(r.benchmark()).isEqualTo("counting");
    assertThat(r.variant()).isEqualTo("forkjoinpool");
    assertThat(r.threads()).isEqualTo(2);
    assertThat(r.ops()).isEqualTo(10);
    assertThat(r.wallMsMedian()).isPositive();
    assertThat(r.cpuMsMedian()).isGreaterThanOrEqualTo(0);
    assertThat(r.counters()).containsKeys("steals", "threadsCreated");
  }

  @Test
  void aWrongResultStopsTheMeasurement() {
    try (Dialect d = new ForkJoinPoolDialect(1)) {
      assertThatThrownBy(
              () -> new Harness(1, 1, Optional.empty()).measure(new CountingKernel(true), d))
          .isInstanceOf(IllegalStateException.class);
    }
  }

  @Test
  void countersAreAveragedPerRunExceptThreadsCreated() {
    Map<String, Long> perRun =
        Harness.perRun(
            Map.of("steals", 10L, "threadsCreated", 2L),
            Map.of("steals", 40L, "threadsCreated", 3L),
            3);
    assertThat(perRun).containsEntry("steals", 10L).containsEntry("threadsCreated", 3L);
  }
}
