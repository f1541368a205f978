package dev.forkscope.agent.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.hooked.HookFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class SamplingTest {
  /** Task classes of each test's own, so that no other test's TaskClass state leaks in. */
  private static final class Fine implements Runnable {
    @Override
    public void run() {}
  }

  private static final class Fine2 implements Runnable {
    @Override
    public void run() {}
  }

  private static final class Coarse implements Runnable {
    @Override
    public void run() {}
  }

  private static final class Spawner extends Thread {}

  @Test
  void periodKeepsRecordingCostUnderBudgetOfTheMeanTaskTime() {
    assertThat(Sampling.shiftFor(1e9)).isZero(); // a second per task: record everything
    int shift = Sampling.shiftFor(250); // a quarter of a microsecond
    double period = 1L << shift;
    assertThat(Sampling.RECORD_COST_NS / period).isLessThanOrEqualTo(Sampling.BUDGET * 250);
    assertThat(Sampling.RECORD_COST_NS / (period / 2)).isGreaterThan(Sampling.BUDGET * 250);
    assertThat(Sampling.shiftFor(0)).isEqualTo(Sampling.MAX_SHIFT);
  }

  @Test
  void aFineClassIsSampledOnlyAfterItsWarmUpAndItsPeriodNeverShrinks() {
    Sampling s = new Sampling(true);
    TaskClass fine = TaskClass.of(Fine.class);
    s.register(fine);
    for (int i = 0; i < Sampling.WARM_UP - 1; i++) {
      s.executed(fine.id, 0, 200);
    }
    s.adjust();
    assertThat(fine.sampleShift).as("still warming up").isZero();

    s.executed(fine.id, 0, 200);
    s.adjust();
    int first = fine.sampleShift;
    assertThat(first).isEqualTo(Sampling.shiftFor(200));

    for (int i = 0; i < Sampling.WINDOW; i++) {
      s.executed(fine.id, first, 1_000_000); // the tasks got much slower
    }
    s.adjust();
    assertThat(fine.sampleShift).isEqualTo(first);
  }

  @Test
  void theMeanIsWeightedByPeriodAndTakenOverTheRecentWindow() {
    Sampling s = new Sampling(true);
    TaskClass fine = TaskClass.of(Fine2.class);
    s.register(fine);
    for (int i = 0; i < Sampling.WARM_UP; i++) {
      s.executed(fine.id, 0, 50_000); // interpreted warm-up: slow
    }
    s.adjust();
    int warm = fine.sampleShift;
    // compiled: 1 sample at period 2^warm of a 50 us task beside WINDOW samples of 100 ns tasks
    s.executed(fine.id, warm, 50_000);
    for (int i = 0; i < Sampling.WINDOW; i++) {
      s.executed(fine.id, warm, 100);
    }
    s.adjust();
    double mean = (50_000.0 + Sampling.WINDOW * 100.0) / (Sampling.WINDOW + 1);
    assertThat(fine.sampleShift).isEqualTo(Math.max(warm, Sampling.shiftFor(mean)));
    assertThat(fine.sampleShift).isGreaterThan(warm);
  }

  @Test
  void coarseClassesThreadsAndADisabledPolicyAreNeverSampled() {
    Sampling on = new Sampling(true);
    TaskClass coarse = TaskClass.of(Coarse.class);
    TaskClass thread = TaskClass.of(Spawner.class);
    on.register(coarse);
    on.register(thread);
    for (int i = 0; i < Sampling.WARM_UP; i++) {
      on.executed(coarse.id, 0, 10_000_000);
      on.executed(thread.id, 0, 10);
    }
    on.adjust();
    assertThat(coarse.sampleShift).isZero();
    assertThat(thread.sampleShift).isZero();

    Sampling off = new Sampling(false);
    TaskClass fine = TaskClass.of(FineElsewhere.class);
    off.register(fine);
    for (int i = 0; i < Sampling.WARM_UP; i++) {
      off.executed(fine.id, 0, 10);
    }
    off.adjust();
    assertThat(fine.sampleShift).isZero();
  }

  private static final class FineElsewhere implements Runnable {
    @Override
    public void run() {}
  }

  @Test
  void countsOfDeadAndLiveThreadsAddUp() throws InterruptedException {
    // a class outside the agent's packages (whose classes the recorder ignores)
    TaskClass fine = TaskClass.of(HookFixtures.Delegating.class);
    fine.sampleShift = 20; // 1 in a million: practically every execution is only counted
    ThreadState[] states = new ThreadState[2];
    try {
      for (int t = 0; t < 2; t++) {
        int slot = t;
        Thread thread =
            new Thread(
                () -> {
                  ThreadState st = ThreadState.forCurrentThread(1);
                  for (int i = 0; i < 1000; i++) {
                    if (st.enter(new HookFixtures.Delegating(), ThreadState.RUN, false)) {
                      st.exit();
                    }
                  }
                  states[slot] = st;
                });
        thread.start();
        thread.join();
      }
    } finally {
      fine.sampleShift = 0;
    }
    Sampling s = new Sampling(true);
    s.register(fine);
    s.fold(states[0]);
    long[] counts = s.counts(fine, List.of(states[1]));
    assertThat(counts[0]).isBetween(1990L, 2000L); // a recorded sample is not counted here
    assertThat(counts[1]).isZero();
  }
}
