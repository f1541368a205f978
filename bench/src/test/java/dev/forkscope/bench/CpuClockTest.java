package dev.forkscope.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuClockTest {

  @Test
  void aThreadThatEndsInTheWindowTakesNothingAway() throws InterruptedException {
    Object started = new Object();
    boolean[] go = {false};
    Thread burner =
        new Thread(
            () -> {
              long end = System.nanoTime() + 50_000_000L;
              synchronized (started) {
                go[0] = true;
                started.notifyAll();
              }
              while (System.nanoTime() < end) {
                Thread.onSpinWait();
              }
            });
    burner.start();
    synchronized (started) {
      while (!go[0]) {
        started.wait();
      }
    }
    Thread.sleep(30);
    Map<Long, Long> before = CpuClock.byThread();
    assertThat(before).containsKey(burner.getId());
    burner.join();

    // CpuClock.process() would drop by the burner's tens of milliseconds here
    assertThat(CpuClock.since(before)).isNotNegative();
  }

  @Test
  void aThreadStartedInTheWindowCountsInFull() throws InterruptedException {
    Map<Long, Long> before = CpuClock.byThread();
    Thread burner =
        new Thread(
            () -> {
              long end = System.nanoTime() + 20_000_000L;
              while (System.nanoTime() < end) {
                Thread.onSpinWait();
              }
            });
    burner.setDaemon(true);
    burner.start();
    Thread.sleep(5);
    long during = CpuClock.since(before);
    burner.join();
    assertThat(during).isPositive();
  }
}
