package dev.forkscope.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkscope.runtime.TestTasks.Fib;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BadInputTest {
  private WorkStealingPool pool;

  @BeforeEach
  void start() {
    pool = new WorkStealingPool(2, IdlePolicy.park());
  }

  @AfterEach
  void stop() throws InterruptedException {
    PoolTesting.stop(pool);
  }

  @Test
  void parallelismMustBePositive() {
    assertThatThrownBy(() -> new WorkStealingPool(0, IdlePolicy.park()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("parallelism must be positive: 0");
    assertThatThrownBy(() -> new WorkStealingPool(-3, IdlePolicy.park()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-3");
  }

  @Test
  void nullsAreRejectedWithTheirName() {
    assertThatThrownBy(() -> new WorkStealingPool(1, null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("policy");
    assertThatThrownBy(() -> pool.invoke(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("task");
    assertThatThrownBy(() -> pool.submit((Task<?>) null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> pool.submit((Callable<?>) null))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> pool.submit((Runnable) null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> pool.execute(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> Task.invokeAll(new Fib(1), null))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> IdlePolicy.spinThenPark(null))
        .isInstanceOf(NullPointerException.class);
  }

  @Test
  void forkAndInvokeAllOutsideAPoolExplainWhatToDo() {
    assertThatThrownBy(() -> new Fib(5).fork())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("not a WorkStealingPool worker")
        .hasMessageContaining("pool.invoke(task)");
    assertThatThrownBy(() -> Task.invokeAll(new Fib(5), new Fib(4)))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> Task.invokeAll(List.of(new Fib(5))))
        .isInstanceOf(IllegalStateException.class);
    assertThat(new Fib(1).invoke()).as("a leaf task can run in any thread").isEqualTo(1L);
    assertThatThrownBy(() -> new Fib(10).invoke())
        .as("a forking task cannot")
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void joiningFromOutsideThePoolWaitsForTheResult() throws Exception {
    Task<Long> fib = pool.submit(new Fib(20));
    assertThat(fib.join()).isEqualTo(TestTasks.seqFib(20));
    assertThat(fib.get(1, TimeUnit.SECONDS)).isEqualTo(TestTasks.seqFib(20));
  }

  @Test
  void tasksThrowingErrorsDoNotKillWorkers() {
    for (int i = 0; i < 10; i++) {
      OutOfMemoryError oom = new OutOfMemoryError("simulated " + i);
      assertThatThrownBy(() -> pool.invoke(new WorkStealingPoolTest.Failing(oom, 3)))
          .isInstanceOf(OutOfMemoryError.class)
          .hasRootCause(oom);
    }
    for (Worker w : pool.workers()) {
      assertThat(w.isAlive()).isTrue();
    }
    assertThat(pool.invoke(new Fib(18))).isEqualTo(TestTasks.seqFib(18));
  }

  @Test
  void idlePolicyArgumentsAreChecked() {
    assertThatThrownBy(() -> IdlePolicy.spinThenPark(Duration.ofNanos(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("negative");
    assertThatThrownBy(() -> IdlePolicy.Wait.sleep(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
