package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link BlockingInAsync}: blocking-in-async, blocking in async stages that run in the common pool.
 */
class BlockingInAsyncTest {
  private final LintTestHelper helper;

  BlockingInAsyncTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("blocking-in-async");
  }

  @Test
  void blockingInAsyncStageWithoutExecutorIsFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Fetch.java",
                """
                import java.util.concurrent.*;
                class Fetch {
                    static final ExecutorService IO = Executors.newCachedThreadPool();
                    static CompletableFuture<String> get() {
                        CompletableFuture<String> a = CompletableFuture.supplyAsync(() -> { sleep(); return "a"; });
                        CompletableFuture<String> b = CompletableFuture.supplyAsync(() -> { sleep(); return "b"; }, IO);
                        return a.thenApplyAsync(s -> { sleep(); return s; });
                    }
                    static void sleep() {
                        try { Thread.sleep(100); } catch (InterruptedException e) { Thread.currentThread().interrupt(); } // expect: blocking-in-async
                    }
                }
                """)
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(helper.sourceLine(x.path().get(0)))
                  .as("the stage the path starts at runs in the common pool")
                  .contains("Async(")
                  .doesNotContain(", IO)");
            });
  }

  /**
   * A get(timeout) printed as written; a non-async callback registered inside an async lambda runs
   * on the thread that completes its stage, not in the lambda.
   */
  @Test
  void callbacksOfNestedStagesAreNotTheLambdasAndCallsReadAsWritten() {
    helper
        .addSourceLines(
            "Compose.java",
            """
                import java.util.concurrent.*;
                class Compose {
                    static CompletableFuture<String> load(CompletableFuture<String> f, CompletableFuture<String> other) {
                        return f.thenComposeAsync(s -> other.thenApply(o -> { sleep(); return o + s; }));
                    }
                    static CompletableFuture<String> wait(CompletableFuture<String> f, Future<String> other) {
                        return f.thenApplyAsync(s -> {
                            try { return other.get(Long.MAX_VALUE, TimeUnit.NANOSECONDS); } // expect: blocking-in-async: other.get(Long.MAX_VALUE, TimeUnit.NANOSECONDS) waits for a future
                            catch (Exception e) { return s; }
                        });
                    }
                    static void sleep() {
                        try { Thread.sleep(100); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
                    }
                }
                """)
        .doTest();
  }

  /**
   * An unqualified runAsync(..) is CompletableFuture's only where the file imports it statically;
   * otherwise it is the class's own (Flink's RPC endpoint runs it in its main thread, Ignite's
   * snapshot task passes its own executor).
   */
  @Test
  void aClassesOwnRunAsyncIsNotTheCommonPool() {
    helper
        .addSourceLines(
            "Endpoint.java",
            """
                import java.util.concurrent.*;
                class Endpoint {
                    final Executor mainThread = Runnable::run;
                    void runAsync(Runnable r) { mainThread.execute(r); }
                    void stop(Thread worker) {
                        runAsync(() -> { try { worker.join(); } catch (InterruptedException e) { } });
                    }
                }
                """)
        .addSourceLines(
            "Imported.java",
            """
                import static java.util.concurrent.CompletableFuture.runAsync;
                class Imported {
                    void stop(Thread worker) {
                        runAsync(() -> { try { worker.join(); } catch (InterruptedException e) { } }); // expect: blocking-in-async: worker.join() waits
                    }
                }
                """)
        .doTest();
  }
}
