package dev.forkscope.runtime;

import java.util.concurrent.TimeUnit;

/** The built-in {@link IdlePolicy} implementations. */
final class IdlePolicies {
  static final Park PARK = new Park();
  static final BusySpin BUSY_SPIN = new BusySpin();
  static final YieldThenSleep YIELD_THEN_SLEEP = new YieldThenSleep();

  private IdlePolicies() {}

  record Park() implements IdlePolicy {
    @Override
    public String name() {
      return "PARK";
    }

    @Override
    public Wait next(int failedScans, long idleNanos) {
      return Wait.PARK;
    }

    @Override
    public String toString() {
      return name();
    }
  }

  record BusySpin() implements IdlePolicy {
    @Override
    public String name() {
      return "BUSY_SPIN";
    }

    @Override
    public Wait next(int failedScans, long idleNanos) {
      return Wait.SPIN;
    }

    @Override
    public String toString() {
      return name();
    }
  }

  /**
   * Lea 2000: yield between the first scans, then sleep 1 ms more every {@code YIELD_SCANS} scans,
   * up to 100 ms.
   */
  record YieldThenSleep() implements IdlePolicy {
    static final int YIELD_SCANS = 15;
    private static final int MAX_SLEEP_MILLIS = 100;
    private static final Wait[] SLEEPS = new Wait[MAX_SLEEP_MILLIS];

    static {
      for (int i = 0; i < SLEEPS.length; i++) {
        SLEEPS[i] = Wait.sleep(TimeUnit.MILLISECONDS.toNanos(i + 1L));
      }
    }

    @Override
    public String name() {
      return "YIELD_THEN_SLEEP";
    }

    @Override
    public Wait next(int failedScans, long idleNanos) {
      if (failedScans <= YIELD_SCANS) {
        return Wait.YIELD;
      }
      return SLEEPS[Math.min(failedScans / YIELD_SCANS, MAX_SLEEP_MILLIS) - 1];
    }

    @Override
    public String toString() {
      return name();
    }
  }

  record SpinThenPark(long budgetNanos) implements IdlePolicy {
    @Override
    public String name() {
      return "SPIN_THEN_PARK";
    }

    @Override
    public Wait next(int failedScans, long idleNanos) {
      return idleNanos < budgetNanos ? Wait.SPIN : Wait.PARK;
    }

    @Override
    public String toString() {
      return name() + "(" + budgetNanos + " ns)";
    }
  }
}
