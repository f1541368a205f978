package dev.forkscope.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.profile.layers.Layers;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThreadCpuTest {

  private static ThreadCpu samples() {
    // thread 7: 0 ms of CPU at 100, 40 at 200, 40 at 300 (samples out of order)
    return ThreadCpu.of(
        new Layers(
            List.of(),
            List.of(),
            List.of(
                new Layers.ThreadSample(7, "t", 300, 40, 0, 0),
                new Layers.ThreadSample(7, "t", 100, 0, 0, 0),
                new Layers.ThreadSample(7, "t", 200, 40, 0, 0),
                new Layers.ThreadSample(8, "u", 100, -1, 0, 0)),
            List.of()));
  }

  @Test
  void interpolatesBetweenSamples() {
    ThreadCpu cpu = samples();

    assertThat(cpu.cpuNs(7, 100, 300)).isEqualTo(40);
    assertThat(cpu.cpuNs(7, 150, 250)).isEqualTo(20);
    assertThat(cpu.cpuNs(7, 200, 300)).isZero();
  }

  @Test
  void scalesWhatHalfTheIntervalCoversAndKnowsNothingBelowHalf() {
    ThreadCpu cpu = samples();

    // [0, 300]: the samples cover [100, 300], 2/3 of it, which used 40
    assertThat(cpu.cpuNs(7, 0, 300)).isEqualTo(60);
    assertThat(cpu.cpuNs(7, 0, 199)).isEqualTo(-1);
    assertThat(cpu.cpuNs(8, 100, 200)).isEqualTo(-1);
    assertThat(cpu.cpuNs(9, 100, 200)).isEqualTo(-1);
    assertThat(ThreadCpu.NONE.cpuNs(7, 100, 300)).isEqualTo(-1);
  }
}
