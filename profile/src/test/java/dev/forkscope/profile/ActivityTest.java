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
                exec(4, "Other").on(2).at(200, 400).build()));

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
                exec(2, "Part").on(2).at(10, 490).cpu(470).build()));

    assertThat(a.busyShare(0, 500, 2)).isCloseTo(0.5, within(1e-9));
  }
}
