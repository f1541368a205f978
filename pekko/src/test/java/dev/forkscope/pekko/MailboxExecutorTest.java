package dev.forkscope.pekko;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkscope.runtime.IdlePolicy;
import dev.forkscope.runtime.WorkerStats;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Where each mode queues work, seen in the pool's counters with one worker (no stealing). */
class MailboxExecutorTest {
  private static final int CHILDREN = 200;
  private MailboxExecutor executor;

  private MailboxExecutor executor(DispatchMode mode) {
    executor = new MailboxExecutor(new ExecutorSettings(1, IdlePolicy.park(), mode));
    return executor;
  }

  @AfterEach
  void stop() throws InterruptedException {
    executor.shutdownNow();
    assertThat(executor.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
  }

  /** Runs a root from outside that schedules {@link #CHILDREN} distinct mailboxes. */
  private WorkerStats fanOut(MailboxExecutor ex, long tasks) throws InterruptedException {
    CountDownLatch done = new CountDownLatch(CHILDREN);
    ex.execute(
        () -> {
          for (int i = 0; i < CHILDREN; i++) {
            ex.execute(done::countDown);
          }
        });
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    return afterTasks(ex, tasks);
  }

  /** Runs one mailbox that registers itself again {@link #CHILDREN} times, as a backlog does. */
  private WorkerStats backlog(MailboxExecutor ex, long tasks) throws InterruptedException {
    CountDownLatch done = new CountDownLatch(1);
    AtomicInteger left = new AtomicInteger(CHILDREN);
    Runnable[] self = new Runnable[1];
    self[0] =
        () -> {
          if (left.getAndDecrement() > 0) {
            ex.execute(self[0]);
          } else {
            done.countDown();
          }
        };
    ex.execute(self[0]);
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    return afterTasks(ex, tasks);
  }

  /** The counters once the pool has counted {@code tasks} tasks (they are read racily). */
  private static WorkerStats afterTasks(MailboxExecutor ex, long tasks)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    WorkerStats total;
    while ((total = ex.stats().total()).tasks() < tasks && System.nanoTime() < deadline) {
      Thread.sleep(1);
    }
    return total;
  }

  @Test
  void forkFirstRunsTheFirstScheduledMailboxNextAndQueuesTheRestOnItsOwnDeque()
      throws InterruptedException {
    WorkerStats total = fanOut(executor(DispatchMode.FORK_FIRST), CHILDREN);
    assertThat(total.tasks())
        .as("the root, with the slotted child, and the others")
        .isEqualTo(CHILDREN);
    assertThat(total.externalPolls()).as("only the root came from outside").isEqualTo(1);
    assertThat(total.localPops()).isEqualTo(CHILDREN - 1);
  }

  @Test
  void sharedQueueQueuesEverythingOnTheSharedQueues() throws InterruptedException {
    WorkerStats total = fanOut(executor(DispatchMode.SHARED_QUEUE), CHILDREN + 1);
    assertThat(total.externalPolls()).isEqualTo(CHILDREN + 1);
    assertThat(total.localPops()).isZero();
  }

  @Test
  void adaptiveForksWhileMailboxesAreFoundIdle() throws InterruptedException {
    WorkerStats total = fanOut(executor(DispatchMode.ADAPTIVE), CHILDREN);
    assertThat(total.externalPolls()).isEqualTo(1);
    assertThat(total.localPops()).isEqualTo(CHILDREN - 1);
  }

  @Test
  void forkFirstContinuesABacklogInTheSameTaskForAChainAtATime() throws InterruptedException {
    long runs = CHILDREN + 1;
    long tasks = (runs + MailboxExecutor.CHAIN - 1) / MailboxExecutor.CHAIN;
    WorkerStats total = backlog(executor(DispatchMode.FORK_FIRST), tasks);
    assertThat(total.tasks()).isEqualTo(tasks);
    assertThat(total.externalPolls()).isEqualTo(1);
  }

  @Test
  void adaptiveFallsBackToTheSharedQueuesUnderABacklog() throws InterruptedException {
    WorkerStats total = backlog(executor(DispatchMode.ADAPTIVE), CHILDREN - MailboxExecutor.WINDOW);
    assertThat(total.externalPolls())
        .as("every reschedule after the first window")
        .isGreaterThanOrEqualTo(CHILDREN - MailboxExecutor.WINDOW);
  }

  @Test
  void aMailboxLeftInTheSlotByAFailingRunStillRuns() throws InterruptedException {
    MailboxExecutor ex = executor(DispatchMode.FORK_FIRST);
    CountDownLatch ran = new CountDownLatch(1);
    ex.execute(
        () -> {
          ex.execute(ran::countDown);
          throw new IllegalStateException("expected by the test");
        });
    assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void afterShutdownExecuteFromOutsideIsRejected() throws InterruptedException {
    MailboxExecutor ex = executor(DispatchMode.FORK_FIRST);
    ex.shutdown();
    assertThat(ex.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    assertThatThrownBy(() -> ex.execute(() -> {})).isInstanceOf(RejectedExecutionException.class);
  }
}
