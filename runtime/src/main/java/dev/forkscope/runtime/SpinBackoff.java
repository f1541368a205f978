package dev.forkscope.runtime;

/**
 * Decides whether a thread about to park should first spin for a few microseconds: always, until a
 * spin goes unrewarded; then it skips the next 1, 2, 4, … up to {@value #MAX_SKIPS} spins, doubling
 * after every unrewarded spin, and starts again at once after a rewarded one. So a waiter whose
 * wait is usually short spins every time, and one whose waits are long spins once in {@value
 * #MAX_SKIPS} waits, which bounds the CPU spent on futile spins to a few percent of one spin budget
 * per wait.
 *
 * <p>Also the spin's turn, {@link #pause}, shared by the worker's spin before it parks and the
 * external invoker's spin before it blocks.
 *
 * <p>Implementation note: not thread-safe; each {@link Worker} has its own instance, with plain
 * fields.
 */
final class SpinBackoff {
  /** The most waits skipped after unrewarded spins. */
  static final int MAX_SKIPS = 64;

  /** A spin yields the processor once every this many turns (a power of two). */
  static final int YIELD_TURNS = 4;

  private int skips;
  private int backoff;

  /** True if the caller should spin before this wait; counts a skipped wait otherwise. */
  boolean shouldSpin() {
    if (skips > 0) {
      skips--;
      return false;
    }
    return true;
  }

  /**
   * One turn of a spin: {@link Thread#onSpinWait()}, and every {@value #YIELD_TURNS}th turn {@link
   * Thread#yield()} instead. When the machine is oversubscribed, the thread a spinner waits for
   * (the invoker that will resubmit, the worker that runs the invoker's task) may be queued on the
   * spinner's own processor and could not run before the spin ends; yielding lets it. When a
   * processor is free the yield returns at once; when other processes wait for one, it may cost the
   * spinner a time slice, which can delay a worker's park by a few milliseconds.
   *
   * @param turn the turn's number, counting from 1
   */
  static void pause(int turn) {
    if ((turn & (YIELD_TURNS - 1)) == 0) {
      Thread.yield();
    } else {
      Thread.onSpinWait();
    }
  }

  /** Records the outcome of a spin: whether what it waited for came during it. */
  void record(boolean rewarded) {
    if (rewarded) {
      backoff = 0;
    } else {
      backoff = Math.min(Math.max(1, backoff << 1), MAX_SKIPS);
      skips = backoff;
    }
  }
}
