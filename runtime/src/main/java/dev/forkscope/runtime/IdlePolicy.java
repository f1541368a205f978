package dev.forkscope.runtime;

import java.time.Duration;
import java.util.Objects;

/**
 * How an idle worker waits for work: a small service-provider interface.
 *
 * <p>After every scan of all queues that finds nothing, the worker asks its policy what to do next,
 * passing the number of consecutive failed scans and the time since it became idle (or was last
 * woken). The policy only decides <em>how</em> to wait; the pool owns signalling. A worker that is
 * told to {@link Wait#PARK} registers itself as parked and is woken by the next task that is pushed
 * or submitted (unless another worker is searching, which then takes it); any other kind of wait is
 * followed by another scan, so a task published during a spin, yield or sleep is found by that scan
 * (sleeping workers are never signalled, which is exactly the lag of Lea's 2000 design).
 *
 * <p>Whatever the policy, a worker that has just run a task, and whose policy's first wait is
 * {@link Wait#PARK}, first spins for up to 10 µs looking for work while external invokes come back
 * to back (less often while such spins find nothing), so that the next request finds it awake; and
 * if {@code next(1, 0)} is {@code PARK} (the pool asks once, when it is built), an external {@code
 * invoke} may spin for its result; see {@link WorkStealingPool}.
 *
 * <p>Implementations must be thread-safe and should be stateless: one instance serves all workers.
 */
public interface IdlePolicy {

  /** The policy's name, as used in benchmark and report output. */
  String name();

  /**
   * Decides the next wait.
   *
   * @param failedScans consecutive scans that found no work, starting at 1
   * @param idleNanos nanoseconds since the worker became idle or was last woken from a park
   */
  Wait next(int failedScans, long idleNanos);

  /**
   * Park at once (JDK 8u60 and later after JDK-8080623: {@code SPINS = 0}). Lowest idle CPU; a
   * wake-up costs an {@code unpark} system call and the scheduler's latency.
   */
  static IdlePolicy park() {
    return IdlePolicies.PARK;
  }

  /**
   * Spin with {@link Thread#onSpinWait()} for {@code budget}, rescanning, then park (the bounded
   * spin of today's JDK). Buys wake-up latency with at most {@code budget} of CPU per idle period.
   *
   * @throws IllegalArgumentException if budget is negative
   */
  static IdlePolicy spinThenPark(Duration budget) {
    Objects.requireNonNull(budget, "budget");
    if (budget.isNegative()) {
      throw new IllegalArgumentException("spin budget must not be negative: " + budget);
    }
    return new IdlePolicies.SpinThenPark(budget.toNanos());
  }

  /**
   * Lea 2000's backoff (FJTask): 15 scans separated by {@link Thread#yield()}, then sleeps between
   * scans that grow by 1 ms every 15 scans, up to 100 ms. Sleeping workers are not woken by new
   * work. Unlike FJTask it never blocks indefinitely, so a quiescent pool still wakes each worker
   * every 100 ms.
   */
  static IdlePolicy yieldThenSleep() {
    return IdlePolicies.YIELD_THEN_SLEEP;
  }

  /**
   * Spin with {@link Thread#onSpinWait()} forever: one full core per idle worker. For reference
   * only.
   */
  static IdlePolicy busySpin() {
    return IdlePolicies.BUSY_SPIN;
  }

  /** One waiting step, as decided by an {@link IdlePolicy}. */
  final class Wait {
    /** Kinds of wait. */
    public enum Kind {
      /** One {@link Thread#onSpinWait()}. */
      SPIN,
      /** One {@link Thread#yield()}. */
      YIELD,
      /** Sleep for {@link Wait#sleepNanos()} without being signalled. */
      SLEEP,
      /** Park until a new task signals this worker. */
      PARK
    }

    /** Spin once, then rescan. */
    public static final Wait SPIN = new Wait(Kind.SPIN, 0);

    /** Yield once, then rescan. */
    public static final Wait YIELD = new Wait(Kind.YIELD, 0);

    /** Park until signalled, then rescan. */
    public static final Wait PARK = new Wait(Kind.PARK, 0);

    private final Kind kind;
    private final long sleepNanos;

    private Wait(Kind kind, long sleepNanos) {
      this.kind = kind;
      this.sleepNanos = sleepNanos;
    }

    /**
     * Sleep for {@code nanos}, then rescan.
     *
     * @throws IllegalArgumentException if nanos is not positive
     */
    public static Wait sleep(long nanos) {
      if (nanos <= 0) {
        throw new IllegalArgumentException("sleep must be positive: " + nanos + " ns");
      }
      return new Wait(Kind.SLEEP, nanos);
    }

    /** The kind of wait. */
    public Kind kind() {
      return kind;
    }

    /** Sleep time for {@link Kind#SLEEP}, else 0. */
    public long sleepNanos() {
      return sleepNanos;
    }

    @Override
    public String toString() {
      return kind == Kind.SLEEP ? "SLEEP(" + sleepNanos + " ns)" : kind.name();
    }
  }
}
