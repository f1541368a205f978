package dev.forkscope.runtime;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Policies and helpers shared by the pool tests. */
final class PoolTesting {
  private PoolTesting() {}

  /** Every built-in policy; the spin budget is small so idle phases stay short in tests. */
  static Stream<IdlePolicy> policies() {
    return Stream.of(
        IdlePolicy.park(),
        IdlePolicy.spinThenPark(Duration.ofNanos(50_000)),
        IdlePolicy.yieldThenSleep(),
        IdlePolicy.busySpin());
  }

  /** Stops the pool and waits for it, so no test leaves threads behind. */
  static void stop(WorkStealingPool pool) throws InterruptedException {
    pool.shutdownNow();
    if (!pool.awaitTermination(10, TimeUnit.SECONDS)) {
      throw new AssertionError("pool did not terminate: " + pool);
    }
  }
}
