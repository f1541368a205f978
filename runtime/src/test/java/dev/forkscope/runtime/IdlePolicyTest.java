package dev.forkscope.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class IdlePolicyTest {

  @Test
  void namesAreStable() {
    assertThat(PoolTesting.policies().map(IdlePolicy::name))
        .containsExactly("PARK", "SPIN_THEN_PARK", "YIELD_THEN_SLEEP", "BUSY_SPIN");
  }

  @Test
  void parkParksAtOnceAndBusySpinNeverParks() {
    assertThat(IdlePolicy.park().next(1, 0)).isSameAs(IdlePolicy.Wait.PARK);
    assertThat(IdlePolicy.busySpin().next(1_000_000, Long.MAX_VALUE))
        .isSameAs(IdlePolicy.Wait.SPIN);
  }

  @Test
  void spinThenParkSpinsForItsBudgetOnly() {
    IdlePolicy p = IdlePolicy.spinThenPark(Duration.ofNanos(30_000));
    assertThat(p.next(1, 0)).isSameAs(IdlePolicy.Wait.SPIN);
    assertThat(p.next(500, 29_999)).isSameAs(IdlePolicy.Wait.SPIN);
    assertThat(p.next(501, 30_000)).isSameAs(IdlePolicy.Wait.PARK);
    assertThat(IdlePolicy.spinThenPark(Duration.ZERO).next(1, 0)).isSameAs(IdlePolicy.Wait.PARK);
    assertThat(p.toString()).isEqualTo("SPIN_THEN_PARK(30000 ns)");
  }

  @Test
  void yieldThenSleepFollowsLea2000() {
    IdlePolicy p = IdlePolicy.yieldThenSleep();
    assertThat(p.next(1, 0)).isSameAs(IdlePolicy.Wait.YIELD);
    assertThat(p.next(15, 0)).isSameAs(IdlePolicy.Wait.YIELD);
    assertThat(p.next(16, 0).kind()).isEqualTo(IdlePolicy.Wait.Kind.SLEEP);
    assertThat(p.next(16, 0).sleepNanos()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(1));
    assertThat(p.next(45, 0).sleepNanos()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(3));
    assertThat(p.next(Integer.MAX_VALUE, 0).sleepNanos())
        .isEqualTo(TimeUnit.MILLISECONDS.toNanos(100));
  }

  @Test
  void customPoliciesArePluggable() throws InterruptedException {
    IdlePolicy yieldForever =
        new IdlePolicy() {
          @Override
          public String name() {
            return "YIELD_FOREVER";
          }

          @Override
          public Wait next(int failedScans, long idleNanos) {
            return Wait.YIELD;
          }
        };
    WorkStealingPool pool = new WorkStealingPool(2, yieldForever);
    try {
      assertThat(pool.invoke(new TestTasks.Fib(15))).isEqualTo(TestTasks.seqFib(15));
      assertThat(pool.stats().total().parks()).isZero();
    } finally {
      PoolTesting.stop(pool);
    }
  }

  @Test
  void sleepingWorkersCountFutileWakeups() throws InterruptedException {
    WorkStealingPool pool = new WorkStealingPool(1, IdlePolicy.yieldThenSleep());
    try {
      pool.invoke(new TestTasks.Fib(5));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (pool.stats().total().futileWakeups() < 3 && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      WorkerStats s = pool.stats().total();
      assertThat(s.futileWakeups()).isGreaterThanOrEqualTo(3);
      assertThat(s.parks()).isZero();
      assertThat(s.idleNanos()).isPositive();
    } finally {
      PoolTesting.stop(pool);
    }
  }
}
