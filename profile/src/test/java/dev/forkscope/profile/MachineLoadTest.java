package dev.forkscope.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.profile.layers.Layers;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The machine's load from the OS layer's samples, and the summary's line. */
class MachineLoadTest {
  private static final long MS = 1_000_000;

  private static Layers layers(
      List<Layers.MachineSample> machine, List<Layers.ThreadSample> threads) {
    return new Layers(List.of(), List.of(), threads, List.of(), machine, List.of());
  }

  /** Two samples of one thread: it ran {@code ranMs} and waited {@code waitedMs} for a CPU. */
  private static List<Layers.ThreadSample> thread(long ranMs, long waitedMs) {
    return List.of(
        new Layers.ThreadSample(1, "worker", 0, 0, 0, 10, 0),
        new Layers.ThreadSample(1, "worker", 1_000 * MS, ranMs * MS, 0, 13, waitedMs * MS));
  }

  /** Two samples of the machine, {@code procsRunning} each, {@code steal} of 1,000 ticks. */
  private static List<Layers.MachineSample> machine(long procsRunning, long steal) {
    return List.of(
        new Layers.MachineSample(0, procsRunning, 0, 0),
        new Layers.MachineSample(1_000 * MS, procsRunning, steal, 1_000));
  }

  @Test
  void withoutProcItIsNotKnownAndSaysSo() {
    MachineLoad load = MachineLoad.of(Layers.none("no layers"), 2);

    assertThat(load.known()).isFalse();
    assertThat(load.overloaded()).isFalse();
    assertThat(load.summary())
        .isEqualTo(
            "machine load: n/a (no /proc samples: not Linux, or not recorded by forkscope"
                + " profile)");
  }

  @Test
  void aQuietMachineIsNotOverloaded() {
    MachineLoad load = MachineLoad.of(layers(machine(2, 0), thread(1_000, 10)), 2);

    assertThat(load.overloaded()).isFalse();
    assertThat(load.summary())
        .isEqualTo(
            "machine load: not overloaded (1.0 runnable threads on average for 2 CPUs, 0.0% of"
                + " CPU time stolen; the program's threads ran 1.00 s and waited 10.0 ms for a"
                + " CPU, 3 involuntary context switches)");
  }

  @Test
  void moreRunnableThreadsThanCpusOverloadIt() {
    MachineLoad load = MachineLoad.of(layers(machine(6, 0), thread(1_000, 10)), 2);

    assertThat(load.runnable()).isEqualTo(5.0);
    assertThat(load.overloaded()).isTrue();
    assertThat(load.summary())
        .startsWith("machine load: overloaded during the run (5.0 runnable threads")
        .contains("figures in wall time are stretched");
  }

  @Test
  void stolenTimeOverloadsIt() {
    MachineLoad load = MachineLoad.of(layers(machine(2, 60), thread(1_000, 10)), 2);

    assertThat(load.stealShare()).isEqualTo(0.06);
    assertThat(load.overloaded()).isTrue();
  }

  @Test
  void threadsWaitingForACpuOverloadItWithoutTheMachinesSamples() {
    MachineLoad load = MachineLoad.of(layers(List.of(), thread(500, 400)), 2);

    assertThat(load.runnable()).isEqualTo(-1);
    assertThat(load.waitedForCpuNs()).isEqualTo(400 * MS);
    assertThat(load.overloaded()).isTrue();
    assertThat(load.summary())
        .startsWith(
            "machine load: overloaded during the run (the program's threads ran 500 ms and"
                + " waited 400 ms for a CPU, 3 involuntary context switches)");
  }

  @Test
  void withoutSchedstatTheTimeWaitedIsNotKnown() {
    List<Layers.ThreadSample> fromStat =
        List.of(
            new Layers.ThreadSample(1, "worker", 0, 0, 0, 10),
            new Layers.ThreadSample(1, "worker", 1_000 * MS, 900 * MS, 0, 13));
    MachineLoad load = MachineLoad.of(layers(machine(2, 0), fromStat), 2);

    assertThat(load.waitedForCpuNs()).isEqualTo(-1);
    assertThat(load.overloaded()).isFalse();
    assertThat(load.summary()).contains("ran 900 ms (time waited for a CPU n/a)");
  }
}
