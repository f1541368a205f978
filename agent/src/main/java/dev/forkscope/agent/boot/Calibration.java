package dev.forkscope.agent.boot;

/**
 * Measures the recorder's own cost per task and the clock's step (at exit, see {@link
 * TraceWriter}). The cost per task: one submission record plus one execution (enter and exit, with
 * the nanoTime reads, sampled CPU-time and stack reads as configured, and the record write), on an
 * empty task and a recorder whose records are discarded.
 *
 * <p>The loop first runs long enough for the JIT to compile the recorder, then times short rounds
 * and keeps the fastest: on a shared machine preemption only ever adds time, so the minimum is the
 * best estimate of the steady-state cost.
 */
final class Calibration {
  private static final int WARM_UP_TASKS = 40_000;
  private static final int ROUNDS = 10;
  private static final int TASKS_PER_ROUND = 2_000;
  private static final int CLOCK_ROUNDS = 2_500;

  private Calibration() {}

  /** Cost per task in ns. */
  static long perTaskNs() {
    ThreadState s = ThreadState.forCalibration();
    Runnable empty = new EmptyTask();
    Object executor = new Object();
    for (int i = 0; i < WARM_UP_TASKS; i++) {
      oneTask(s, executor, empty);
    }
    long best = Long.MAX_VALUE;
    for (int r = 0; r < ROUNDS; r++) {
      long t0 = System.nanoTime();
      for (int i = 0; i < TASKS_PER_ROUND; i++) {
        oneTask(s, executor, empty);
      }
      best = Math.min(best, (System.nanoTime() - t0) / TASKS_PER_ROUND);
    }
    return best;
  }

  /**
   * The smallest step between two successive {@code System.nanoTime} reads that differ, in ns, or
   * -1 if the clock never moved: the finest time an execution can be measured to (its resolution,
   * or the cost of a read where that is larger). The reads come four in a row, so that the
   * interpreter, which runs this once at exit, adds little between them (a loop of single reads
   * measured 60–70 ns here before the JIT compiled it, 20 ns after; four in a row 30 ns).
   */
  static long clockStepNs() {
    long smallest = Long.MAX_VALUE;
    for (int i = 0; i < CLOCK_ROUNDS; i++) {
      long a = System.nanoTime();
      long b = System.nanoTime();
      long c = System.nanoTime();
      long d = System.nanoTime();
      smallest = Math.min(smallest, Math.min(step(a, b), Math.min(step(b, c), step(c, d))));
    }
    return smallest == Long.MAX_VALUE ? -1 : smallest;
  }

  /** {@code to - from} if the clock moved, else the largest long. */
  private static long step(long from, long to) {
    return to > from ? to - from : Long.MAX_VALUE;
  }

  private static void oneTask(ThreadState s, Object executor, Runnable task) {
    s.submitted(executor, task, false);
    if (s.enter(task, ThreadState.RUN, false)) {
      s.exit();
    }
  }

  private static final class EmptyTask implements Runnable {
    @Override
    public void run() {
      // the calibrated task does nothing: only the recorder's cost is timed
    }
  }
}
