package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link SleepyWorker}: sleepy-worker (bottleneck 6), sleeping and waiting inside tasks. */
class SleepyWorkerTest {
  private final LintTestHelper helper;

  SleepyWorkerTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("sleepy-worker");
  }

  /** Pinto et al. 2017, CTask. */
  @Test
  void sleepWaitTakeAndAwaitInTasksAreFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Sleepy.java",
                """
                import java.util.concurrent.*;
                class Sleepy extends RecursiveAction {
                    static final BlockingQueue<Integer> Q = new LinkedBlockingQueue<>();
                    static final CountDownLatch LATCH = new CountDownLatch(1);
                    protected void compute() {
                        try {
                            Thread.sleep(1000); // expect: sleepy-worker
                            TimeUnit.MILLISECONDS.sleep(5); // expect: sleepy-worker
                            Q.take(); // expect: sleepy-worker
                            LATCH.await(); // expect: sleepy-worker
                            pause();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    void pause() throws InterruptedException { synchronized (this) { wait(10); } } // expect: sleepy-worker
                }
                """)
            .doTest();
    assertThat(f.get(0).rule().severity()).isEqualTo(Severity.ERROR);
    assertThat(f.get(4).path())
        .extracting(Step::description)
        .containsExactly("Sleepy.compute()", "Sleepy.pause()", "wait(10)");
  }

  /**
   * A put waits only while its queue is full: on a queue made without a bound (a {@code
   * LinkedBlockingQueue} without capacity, a {@code PriorityBlockingQueue}) it never waits. A
   * bounded queue, one made where the file does not show, and a take on any queue still wait.
   */
  @Test
  void puttingIntoAQueueWithoutBoundNeverWaits() {
    helper
        .addSourceLines(
            "Feed.java",
            """
                import java.util.concurrent.*;
                class Feed extends RecursiveAction {
                    static final BlockingQueue<Integer> OPEN = new LinkedBlockingQueue<>();
                    static final BlockingQueue<Integer> CAPPED = new LinkedBlockingQueue<>(16);
                    private final BlockingQueue<Integer> ranked;
                    private final BlockingQueue<Integer> given;
                    private BlockingQueue<Integer> ring;
                    Feed(BlockingQueue<Integer> given) {
                        this.ranked = new PriorityBlockingQueue<>(11);
                        this.given = given;
                    }
                    void open(int size) {
                        ring = new ArrayBlockingQueue<>(size);
                    }
                    protected void compute() {
                        try {
                            OPEN.put(1);
                            OPEN.offer(2, 1, TimeUnit.SECONDS);
                            ranked.put(3);
                            CAPPED.put(4); // expect: sleepy-worker: blocks on a queue
                            given.put(5); // expect: sleepy-worker: blocks on a queue
                            ring.put(6); // expect: sleepy-worker: blocks on a queue
                            OPEN.take(); // expect: sleepy-worker: blocks on a queue
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }
                """)
        .doTest();
  }

  @Test
  void sleepingInMainOrUnderManagedBlockIsClean() {
    helper
        .addSourceLines(
            "Driver.java",
            """
                import java.util.concurrent.*;
                class Driver {
                    public static void main(String[] args) throws Exception {
                        ForkJoinPool.commonPool().invoke(new Work());
                        Thread.sleep(100);
                    }
                }
                class Work extends RecursiveAction {
                    protected void compute() {
                        try {
                            ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {
                                public boolean block() throws InterruptedException { Thread.sleep(10); return true; }
                                public boolean isReleasable() { return false; }
                            });
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }
                """)
        .expectNoFindings();
  }

  @Test
  void sleepInALambdaHandedToAPoolIsFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Submit.java",
                """
                import java.util.concurrent.*;
                class Submit {
                    static final ForkJoinPool POOL = new ForkJoinPool();
                    static void go() {
                        POOL.submit(() -> { try { Thread.sleep(5); } catch (InterruptedException e) { } }); // expect: sleepy-worker
                        new Thread(() -> { try { Thread.sleep(5); } catch (InterruptedException e) { } }).start();
                    }
                }
                """)
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.taskClass()).isNull();
            });
  }

  /**
   * A task that waits only when its work failed (in a catch block) waits once in a while, how often
   * not shown: a note. A wait in a {@code finally} block runs on every path: an error.
   */
  @Test
  void aWaitReachedOnlyFromACatchBlockIsANote() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Step.java",
                """
                import java.util.concurrent.*;
                class Step extends RecursiveAction {
                    private final CountDownLatch done;
                    Step(CountDownLatch done) { this.done = done; }
                    protected void compute() {
                        try {
                            work();
                        } catch (RuntimeException e) {
                            backOff();
                        } finally {
                            await();
                        }
                    }
                    void work() {}
                    void backOff() {
                        try { Thread.sleep(10); } catch (InterruptedException e) { } // expect: sleepy-worker: a note: the tasks reach it only in a catch block
                    }
                    void await() {
                        try { done.await(); } catch (InterruptedException e) { } // expect: sleepy-worker: done.await()
                    }
                }
                """)
            .doTest();
    assertThat(f).extracting(Finding::severity).containsExactly(Severity.NOTE, Severity.ERROR);
  }
}
