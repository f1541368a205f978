package dev.forkscope.profile.layers;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Parsing {@code /proc/stat}, from the text a Linux kernel writes. */
class ProcSamplerTest {

  /** A 2-CPU machine's {@code /proc/stat}, trimmed of the interrupt counts. */
  private static final String STAT =
      "cpu  4705 150 1120 16250 520 0 13 37 0 0\n"
          + "cpu0 2355 75 560 8125 260 0 7 18 0 0\n"
          + "cpu1 2350 75 560 8125 260 0 6 19 0 0\n"
          + "ctxt 1990473\n"
          + "btime 1062191376\n"
          + "processes 2915\n"
          + "procs_running 5\n"
          + "procs_blocked 0\n";

  @Test
  void theMachineRowHoldsTheRunnableThreadsAndTheStolenAndTotalTicks() {
    // total: user + nice + system + idle + iowait + irq + softirq + steal
    assertThat(ProcSampler.machineRow(42, STAT))
        .containsExactly(42, 5, 37, 4705 + 150 + 1120 + 16250 + 520 + 13 + 37);
  }

  @Test
  void aStatWithoutTheRunnableCountGivesNoRow() {
    assertThat(ProcSampler.machineRow(42, STAT.replace("procs_running 5\n", ""))).isNull();
  }

  @Test
  void aStatWithoutTheStealColumnGivesNoRow() {
    assertThat(ProcSampler.machineRow(42, "cpu  4705 150 1120 16250\nprocs_running 5\n")).isNull();
  }
}
