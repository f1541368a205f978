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

  /**
   * A get or join on a future that is complete wherever it runs returns at once: made complete,
   * behind an isDone() test, or in a callback of the future or of allOf(..) over it. The same wait
   * on a future that may still be running is flagged, also through a cast ({@code ((Future<?>)
   * response).get()}).
   */
  @Test
  void joinsOnFuturesAlreadyCompleteAreClean() {
    helper
        .addSourceLines(
            "Done.java",
            """
                import java.util.*;
                import java.util.concurrent.*;
                import java.util.stream.*;
                class Done {
                    static CompletableFuture<List<Integer>> all(List<CompletableFuture<Integer>> fs) {
                        return CompletableFuture.allOf(fs.toArray(new CompletableFuture[0]))
                            .thenApplyAsync(v -> fs.stream().map(CompletableFuture::join).collect(Collectors.toList()));
                    }
                    static void each(CompletableFuture<Integer> a, CompletableFuture<Integer> b, Map<String, CompletableFuture<Integer>> cache) {
                        CompletableFuture<Integer> now = CompletableFuture.completedFuture(1);
                        CompletableFuture<Integer> direct = CompletableFuture.supplyAsync(() -> 2, Runnable::run);
                        CompletableFuture.runAsync(() -> now.join());
                        CompletableFuture.runAsync(() -> direct.join());
                        CompletableFuture.allOf(a, b).thenRunAsync(() -> System.out.println(a.join() + b.join()));
                        a.thenRunAsync(() -> a.join());
                        CompletableFuture.runAsync(() -> {
                            CompletableFuture<Integer> f = cache.get("k");
                            if (f == null || !f.isDone()) {
                                return;
                            }
                            f.join();
                        });
                        CompletableFuture.runAsync(() -> { if (a.isDone()) { a.join(); } });
                        CompletableFuture.runAsync(() -> b.join()); // expect: blocking-in-async: b.join() waits for a future
                        a.thenRunAsync(() -> b.join()); // expect: blocking-in-async: b.join() waits for a future
                        CompletableFuture.runAsync(() -> { if (!a.isDone()) { a.join(); } }); // expect: blocking-in-async: a.join() waits for a future
                    }
                    static CompletableFuture<Object> adapt(Object response) throws Exception {
                        return CompletableFuture.supplyAsync(() -> {
                            try {
                                return ((Future<?>) response).get(); // expect: blocking-in-async: get() waits for a future
                            } catch (InterruptedException | ExecutionException e) {
                                throw new IllegalStateException(e);
                            }
                        });
                    }
                }
                """)
        .doTest();
  }

  /**
   * amazon-kinesis-client's graceful shutdown: a runAsync lambda calls a Callable parameter, and
   * the class hands it a Callable it builds itself, whose call() waits on latches read through an
   * accessor Lombok generates, in a file lint parses only on demand. A Callable of another type
   * argument is not that one.
   */
  @Test
  void aCallableTheClassBuildsIsFollowedFromTheLambdaThatCallsIt() {
    helper
        .addSourceLines(
            "Shutdown.java",
            """
                import java.util.concurrent.*;
                class Shutdown {
                    CompletableFuture<Boolean> start(Callable<Boolean> shutdown) {
                        CompletableFuture<Boolean> cf = new CompletableFuture<>();
                        CompletableFuture.runAsync(() -> {
                            try { cf.complete(shutdown.call()); } catch (Exception e) { cf.completeExceptionally(e); }
                        });
                        return cf;
                    }
                    Callable<Boolean> shutdownOf(Context context) {
                        return new Waiting(context);
                    }
                    static class Waiting implements Callable<Boolean> {
                        private final Context context;
                        Waiting(Context context) { this.context = context; }
                        @Override
                        public Boolean call() throws Exception {
                            while (!context.done().await(1, TimeUnit.SECONDS)) { // expect: blocking-in-async: await(1, TimeUnit.SECONDS) waits on a synchronizer
                                Thread.onSpinWait();
                            }
                            return true;
                        }
                    }
                }
                """)
        .addSourceLines(
            "Context.java",
            """
                import java.util.concurrent.CountDownLatch;
                import lombok.Data;
                import lombok.experimental.Accessors;
                @Data
                @Accessors(fluent = true)
                class Context {
                    private final CountDownLatch done;
                }
                """)
        .addSourceLines(
            "Naming.java",
            """
                import java.util.concurrent.*;
                class Naming {
                    CompletableFuture<String> name(Callable<String> named) {
                        return CompletableFuture.supplyAsync(() -> {
                            try { return named.call(); } catch (Exception e) { return ""; }
                        });
                    }
                    static class Sleepy implements Callable<Boolean> {
                        @Override
                        public Boolean call() throws Exception {
                            Thread.sleep(1000);
                            return true;
                        }
                    }
                }
                """)
        .doTest();
  }

  /**
   * seatunnel's savepoint: get() on futures of a type of another module, named as a future, taken
   * from an array through a stream; a project type named like a future is read instead.
   */
  @Test
  void aGetOnAFutureTypeOfAnotherModuleWaits() {
    helper
        .addSourceLines(
            "Savepoints.java",
            """
                import java.util.*;
                import java.util.concurrent.*;
                import other.module.PassiveCompletableFuture;
                class Savepoints {
                    static class LocalFuture { Object get() { return ""; } }
                    CompletableFuture<Boolean> all(PassiveCompletableFuture<String>[] futures, List<LocalFuture> locals) {
                        CompletableFuture.runAsync(() -> locals.forEach(f -> f.get()));
                        return CompletableFuture.supplyAsync(
                            () -> Arrays.stream(futures).allMatch(future -> {
                                try {
                                    return future.get() != null; // expect: blocking-in-async: future.get() waits for a future
                                } catch (Exception e) {
                                    throw new IllegalStateException(e);
                                }
                            }));
                    }
                }
                """)
        .doTest();
  }

  /**
   * A call's result is typed by the declared return type of the project method it calls, and a
   * project interface that extends Future is a future (janusgraph's {@code
   * scanBuilder.execute().get()}, reached through {@code supplyAsync(this::submitAsync)}); a
   * project type that declares its own get() is read instead.
   */
  @Test
  void aGetOnAProjectFutureReturnedByACallWaits() {
    helper
        .addSourceLines(
            "ScanJobFuture.java",
            """
                import java.util.concurrent.Future;
                public interface ScanJobFuture extends Future<String> {}
                """)
        .addSourceLines(
            "Scanner.java",
            """
                public class Scanner {
                    public class Builder {
                        public ScanJobFuture execute() { return null; }
                        public Done done() { return new Done(); }
                    }
                    public static class Done { public String get() { return ""; } }
                }
                """)
        .addSourceLines(
            "Computer.java",
            """
                import java.util.concurrent.*;
                class Computer {
                    CompletableFuture<String> submit() {
                        return CompletableFuture.supplyAsync(this::submitAsync);
                    }
                    private String submitAsync() {
                        Scanner.Builder scanBuilder = new Scanner().new Builder();
                        return scan(scanBuilder) + scanBuilder.done().get();
                    }
                    private String scan(Scanner.Builder scanBuilder) {
                        try {
                            return scanBuilder.execute().get(); // expect: blocking-in-async
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }
                """)
        .doTest();
  }

  /**
   * hadoop-azure's listing iterator: an async stage puts each batch in a bounded queue (a wait on
   * the task's own path) and, in its catch block, the error instead. The second wait happens once,
   * when listing failed, and how often that is is not shown: a note, as intra-task-sync says of a
   * lock there.
   */
  @Test
  void aWaitReachedOnlyFromACatchBlockIsANote() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Lister.java",
                """
                import java.io.*;
                import java.util.concurrent.*;
                class Lister {
                    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(10);
                    void fetch() {
                        CompletableFuture.runAsync(() -> {
                            try {
                                queue.put(next()); // expect: blocking-in-async: put(next())
                            } catch (IOException e) {
                                try {
                                    queue.put(e); // expect: blocking-in-async: a note: the tasks reach it only in a catch block
                                } catch (InterruptedException ie) {
                                    Thread.currentThread().interrupt();
                                }
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        });
                    }
                    Object next() throws IOException { return new Object(); }
                }
                """)
            .doTest();
    assertThat(f).extracting(Finding::severity).containsExactly(Severity.WARNING, Severity.NOTE);
  }

  /**
   * An async call given ForkJoinPool.commonPool() as its executor runs on the common pool, as one
   * given none; one given another executor does not.
   */
  @Test
  void theCommonPoolPassedAsTheExecutorIsTheCommonPool() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Close.java",
                """
                import java.io.*;
                import java.net.*;
                import java.util.concurrent.*;
                class Close {
                    static CompletableFuture<Void> close(Closeable writer, ExecutorService io) {
                        CompletableFuture.runAsync(() -> shut(writer), io);
                        return CompletableFuture.runAsync(() -> shut(writer), ForkJoinPool.commonPool());
                    }
                    static void shut(Closeable writer) {
                        try (Socket s = new Socket("host", 80)) { writer.close(); } catch (IOException e) { throw new UncheckedIOException(e); } // expect: blocking-in-async: new Socket() does blocking I/O
                    }
                }
                """)
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(
            x ->
                assertThat(x.message())
                    .contains("with ForkJoinPool.commonPool()")
                    .contains("the executor passed is the common pool"));
  }

  /** BufferedReader.lines() reads the reader line by line, as readLine() does. */
  @Test
  void aBufferedReadersLinesReadsAsReadLineDoes() {
    helper
        .addSourceLines(
            "Pump.java",
            """
                import java.io.*;
                import java.util.concurrent.*;
                class Pump {
                    static void pump(InputStream is) {
                        CompletableFuture.runAsync(() -> {
                            try (BufferedReader reader = new BufferedReader(new InputStreamReader(is))) {
                                reader.lines().forEach(System.out::println); // expect: blocking-in-async: reader.lines() does blocking I/O
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        });
                    }
                }
                """)
        .doTest();
  }
}
