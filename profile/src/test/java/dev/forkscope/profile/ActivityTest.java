package dev.forkscope.profile;

import static dev.forkscope.profile.Executions.exec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ActivityTest {

  @Test
  void busyShareSumsSelfTimesAndIgnoresWorkerLoops() {
    Activity a =
        Activity.of(
            List.of(
                exec(1, "java.util.concurrent.ThreadPoolExecutor$Worker")
                    .at(0, 1_000)
                    .self(10)
                    .build(),
                exec(2, "Job").outer(1).at(100, 300).self(150).build(),
                exec(3, "Nested").outer(2).at(150, 200).build(),
                exec(4, "Other").on(2).at(200, 400).build()),
            ThreadCpu.NONE);

    assertThat(a.spanNs()).isEqualTo(300);
    // [100, 400] on 2 CPUs: Job 150 + Nested 50 + Other 200 = 400 of 600
    assertThat(a.busyShare(100, 400, 2)).isCloseTo(2.0 / 3, within(1e-9));
    // [300, 400]: half of Other's 200
    assertThat(a.busyShare(300, 400, 1)).isCloseTo(1.0, within(1e-9));
    assertThat(a.busyShare(500, 600, 2)).isZero();
  }

  @Test
  void measuredCpuTimeMakesAJoinerWaitingForItsStolenChildIdle() {
    // the parent does 30 of work and then waits in join() for a child stolen by another thread
    Activity a =
        Activity.of(
            List.of(
                exec(1, "Halves").at(0, 500).self(500).cpu(30).build(),
                exec(2, "Part").on(2).at(10, 490).cpu(470).build()),
            ThreadCpu.NONE);

    assertThat(a.busyShare(0, 500, 2)).isCloseTo(0.5, within(1e-9));
  }

  @Test
  void aWaitingServiceLoopRunsOnlyItsCpuTimeButABusyTaskOnALoadedMachineRunsItsWallTime() {
    Activity a =
        Activity.of(
            List.of(
                // a message loop: 1,000 of wall, 10 on a CPU
                exec(1, "Loop").on(2).at(0, 1_000).cpu(10).build(),
                // a task that got a CPU 40 % of its wall time on a loaded machine
                exec(2, "Work").on(3).at(0, 1_000).cpu(400).build()),
            ThreadCpu.NONE);

    assertThat(a.runningShare(0, 1_000, 2)).isCloseTo(1_010.0 / 2_000, within(1e-9));
    assertThat(a.busyShare(0, 1_000, 2)).isCloseTo(410.0 / 2_000, within(1e-9));
    assertThat(a.runningShare(250, 750, 1)).isCloseTo(505.0 / 500, within(0.02));
  }

  @Test
  void aloneAreTheLongExecutionsWhileHalfACpuRanNoTask() {
    List<dev.forkscope.profile.trace.TaskExecution> runners =
        List.of(
            // two partitions side by side: not alone
            exec(1, "Runner").on(2).at(0, 100_000_000).cpu(40_000_000).build(),
            exec(2, "Runner").on(3).at(0, 100_000_000).cpu(40_000_000).build(),
            // then one partition alone, twice
            exec(3, "Runner").on(2).at(100_000_000, 400_000_000).build(),
            exec(4, "Runner").on(3).at(500_000_000, 600_000_000).build(),
            // too short to count
            exec(5, "Runner").on(2).at(700_000_000, 709_000_000).build(),
            // alone but asleep
            exec(6, "Runner").on(2).at(800_000_000, 900_000_000).cpu(1_000_000).build());
    Activity a = Activity.of(runners, ThreadCpu.NONE);

    Diagnosis.Alone alone = a.alone(runners, 10_000_000, 2);

    assertThat(alone.executions()).isEqualTo(2);
    assertThat(alone.longestNs()).isEqualTo(300_000_000);
    assertThat(alone.coverNs()).isEqualTo(400_000_000);
    assertThat(alone.busyShare()).isCloseTo(0.5, within(1e-9));
    assertThat(a.alone(runners, 10_000_000, 1)).isEqualTo(Diagnosis.Alone.NONE);
  }
}
