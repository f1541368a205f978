package dev.forkscope.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkscope.bench.kernels.Dialect;
import dev.forkscope.bench.kernels.ForkJoinPoolDialect;
import dev.forkscope.bench.kernels.Kernel;
import java.util.ArrayList;
import java.util.List;
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
    Measurement r;
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

  @Test
  void rotationStartsAtTheTurnAndKeepsEveryVariant() {
    List<String> v = List.of("a", "b", "c");
    assertThat(Harness.rotated(v, 0)).containsExactly("a", "b", "c");
    assertThat(Harness.rotated(v, 4)).containsExactly("b", "c", "a");
  }

  @Test
  void rotatingRunsEveryVariantEachRepetitionInTurnAndPairsTheSamples() {
    List<String> order = new ArrayList<>();
    Map<String, List<Harness.Sample>> samples =
        Harness.rotating(
            List.of("off", "on"),
            3,
            variant ->
                () -> {
                  order.add(variant);
                  return new Harness.Sample(order.size(), 0);
                });

    assertThat(order).containsExactly("off", "on", "on", "off", "off", "on");
    assertThat(samples.get("off")).extracting(Harness.Sample::wallNs).containsExactly(1L, 4L, 5L);
    assertThat(samples.get("on")).extracting(Harness.Sample::wallNs).containsExactly(2L, 3L, 6L);
  }

  @Test
  void mediansOfWallCpuAndOwnFigures() {
    List<Harness.Sample> samples =
        List.of(
            new Harness.Sample(3_000_000, 1_000_000, Map.of("heap", 7.0)),
            new Harness.Sample(1_000_000, 4_000_000, Map.of("heap", 1.0)),
            new Harness.Sample(2_000_000, 2_000_000, Map.of("heap", 3.0)),
            new Harness.Sample(4_000_000, 3_000_000, Map.of("heap", 5.0)));

    assertThat(Harness.medianWallMs(samples)).isEqualTo(2.5);
    assertThat(Harness.medianCpuMs(samples)).isEqualTo(2.5);
    assertThat(Harness.median(samples, "heap")).isEqualTo(4.0);
  }
}
