package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** centralized-pooling (bottleneck 1) and pool-per-call (no bottleneck number). */
class PoolRulesTest {
  @TempDir Path dir;

  @Test
  void submissionToPoolFromInsideTaskIsFlagged() {
    List<Finding> f =
        Lint.of(
            "centralized-pooling",
            dir,
            """
                import java.util.concurrent.*;
                class Walker extends RecursiveAction {
                    static final ForkJoinPool POOL = new ForkJoinPool();
                    final int n;
                    Walker(int n) { this.n = n; }
                    protected void compute() {
                        if (n > 0) {
                            POOL.execute(new Walker(n - 1));
                        }
                    }
                }
                """);
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.line()).isEqualTo(8);
              assertThat(x.taskClass()).isEqualTo("Walker");
              assertThat(x.rule().bottleneck()).isEqualTo(1);
              assertThat(x.path()).isEmpty();
              assertThat(x.sourceLine()).contains("POOL.execute");
            });
  }

  @Test
  void akkaStyleDispatchReachedThroughCallsCarriesThePath() {
    List<Finding> f =
        Lint.of(
            "centralized-pooling",
            dir,
            """
                import java.util.concurrent.*;
                class Mailbox extends ForkJoinTask<Void> {
                    final Dispatcher dispatcher = new Dispatcher();
                    public Void getRawResult() { return null; }
                    protected void setRawResult(Void v) { }
                    protected boolean exec() { process(); return false; }
                    void process() { dispatcher.dispatch(this); }
                }
                """,
            """
                import java.util.concurrent.*;
                class Dispatcher {
                    final ForkJoinPool pool = ForkJoinPool.commonPool();
                    void dispatch(Mailbox m) { schedule(m); }
                    void schedule(Mailbox m) { pool.execute(m); }
                }
                """);
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.file().getFileName().toString()).isEqualTo("Dispatcher.java");
              assertThat(x.line()).isEqualTo(5);
              assertThat(x.message())
                  .contains(
                      "reached from Mailbox.exec() -> Mailbox.process() -> Dispatcher.dispatch() -> Dispatcher.schedule()");
              assertThat(x.path())
                  .extracting(Step::description)
                  .first()
                  .isEqualTo("Mailbox.exec()");
              assertThat(x.path()).hasSize(5);
            });
  }

  @Test
  void driverThatInvokesThePoolIsClean() {
    assertThat(
            Lint.run(
                    dir,
                    """
                import java.util.concurrent.*;
                class Sum extends RecursiveTask<Long> {
                    static final ForkJoinPool POOL = new ForkJoinPool();
                    final long n;
                    Sum(long n) { this.n = n; }
                    protected Long compute() {
                        if (n < 10_000) { long s = 0; for (long i = 0; i < n; i++) s += i; return s; }
                        Sum left = new Sum(n / 2);
                        left.fork();
                        return new Sum(n - n / 2).compute() + left.join();
                    }
                    static long run(long n) { return POOL.invoke(new Sum(n)); }
                    public static void main(String[] args) { System.out.println(run(1_000_000)); }
                }
                """)
                .findings())
        .isEmpty();
  }

  @Test
  void lambdaSubmittedFromAPoolLambdaIsFlagged() {
    List<Finding> f =
        Lint.of(
            "centralized-pooling",
            dir,
            """
                import java.util.concurrent.*;
                class Nested {
                    static void run(ForkJoinPool pool) {
                        pool.submit(() -> pool.submit(() -> System.out.println("inner")));
                    }
                }
                """);
    assertThat(f)
        .singleElement()
        .satisfies(x -> assertThat(x.message()).contains("ForkJoinPool.submit()"));
  }

  /** A benchmark harness that leaves a pool running for every thread count it measures. */
  @Test
  void poolCreatedInALoopAndLeftRunningIsFlagged() {
    List<Finding> f =
        Lint.of(
            "pool-per-call",
            dir,
            """
                import java.util.concurrent.*;
                class Harness {
                    static long work() { return 1; }
                    public static void main(String[] args) {
                        for (int threads = 1; threads <= 8; threads *= 2) {
                            long t = new ForkJoinPool(threads).invoke(ForkJoinTask.adapt(Harness::work));
                        }
                        ForkJoinPool last = null;
                        for (int threads = 1; threads <= 8; threads *= 2) {
                            last = new ForkJoinPool(threads);
                            last.invoke(ForkJoinTask.adapt(Harness::work));
                        }
                        last.shutdown();
                        for (String name : args) {
                            ForkJoinPool pool = new ForkJoinPool();
                            pool.submit(() -> System.out.println(name));
                            pool.awaitQuiescence(1, TimeUnit.SECONDS);
                        }
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(6, 10, 15);
    assertThat(f)
        .allSatisfy(
            x -> {
              assertThat(x.rule().bottleneck()).isNull();
              assertThat(x.message()).contains("does not shut it down in the same iteration");
            });
  }

  /** Issue 8: a pool created in a loop and shut down in the same iteration is fine. */
  @Test
  void poolShutDownInTheIterationThatCreatedItIsClean() {
    assertThat(
            Lint.of(
                "pool-per-call",
                dir,
                """
                import java.util.concurrent.*;
                class Harness {
                    static long work() { return 1; }
                    public static void main(String[] args) throws InterruptedException {
                        for (int threads = 1; threads <= 8; threads *= 2) {
                            try (ForkJoinPool pool = new ForkJoinPool(threads)) {
                                pool.invoke(ForkJoinTask.adapt(Harness::work));
                            }
                        }
                        for (int threads = 1; threads <= 8; threads *= 2) {
                            ForkJoinPool pool = new ForkJoinPool(threads);
                            try {
                                pool.invoke(ForkJoinTask.adapt(Harness::work));
                            } finally {
                                pool.shutdown();
                                pool.awaitTermination(1, TimeUnit.SECONDS);
                            }
                        }
                        int i = 0;
                        while (i++ < 3) {
                            ForkJoinPool pool = new ForkJoinPool();
                            pool.execute(() -> { });
                            pool.shutdownNow();
                        }
                    }
                    static ForkJoinPool[] shards(int n) {
                        ForkJoinPool[] shards = new ForkJoinPool[n];
                        for (int s = 0; s < n; s++) {
                            shards[s] = new ForkJoinPool(1);
                        }
                        int p = 0;
                        for (int s = 0; s < n; s++) {
                            p += new ForkJoinPool().getParallelism();
                        }
                        return shards;
                    }
                }
                """))
        .isEmpty();
  }

  /** One finding per statement, not per {@code new}. */
  @Test
  void aStatementThatCreatesTwoPoolsGetsOneFinding() {
    List<Finding> f =
        Lint.of(
            "pool-per-call",
            dir,
            """
                import java.util.concurrent.*;
                class Service {
                    long sized(long[] data) {
                        return new ForkJoinPool(new ForkJoinPool().getParallelism()).invoke(ForkJoinTask.adapt(() -> 1L));
                    }
                    long twice() {
                        return new ForkJoinPool().invoke(ForkJoinTask.adapt(() -> 1L)) + new ForkJoinPool().invoke(ForkJoinTask.adapt(() -> 2L));
                    }
                }
                class Inner extends RecursiveAction {
                    protected void compute() {
                        ForkJoinPool a = new ForkJoinPool(new ForkJoinPool().getParallelism());
                        a.invoke(new Inner());
                        a.shutdown();
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(4, 7, 12);
    assertThat(f.get(0).column()).isEqualTo(16);
    assertThat(f.get(2).message()).contains("inside Inner.compute()");
  }

  @Test
  void aPoolAskedOnlyForItsParallelismIsClean() {
    assertThat(
            Lint.of(
                "pool-per-call",
                dir,
                """
                import java.util.concurrent.*;
                class Sizing {
                    int threads() {
                        return new ForkJoinPool().getParallelism();
                    }
                    ForkJoinPool sized() {
                        ForkJoinPool pool = new ForkJoinPool(new ForkJoinPool().getParallelism() * 2);
                        return pool;
                    }
                }
                """))
        .isEmpty();
  }

  @Test
  void poolCreatedPerCallAndNeverShutDownIsFlagged() {
    List<Finding> f =
        Lint.of(
            "pool-per-call",
            dir,
            """
                import java.util.concurrent.*;
                class Service {
                    long total(long[] data) {
                        ForkJoinPool pool = new ForkJoinPool();
                        return pool.invoke(ForkJoinTask.adapt(() -> data.length)).longValue();
                    }
                    long inline() {
                        return new ForkJoinPool().invoke(ForkJoinTask.adapt(() -> 1L));
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(4, 8);
  }

  @Test
  void poolsThatAreClosedSharedOrCreatedInMainAreClean() {
    assertThat(
            Lint.of(
                "pool-per-call",
                dir,
                """
                import java.util.concurrent.*;
                class Fine {
                    static final ForkJoinPool SHARED = new ForkJoinPool();
                    private ForkJoinPool lazy;
                    long closed() {
                        try (ForkJoinPool pool = new ForkJoinPool(2)) { return pool.invoke(ForkJoinTask.adapt(() -> 1L)); }
                    }
                    long shutDown() {
                        ForkJoinPool pool = new ForkJoinPool(2);
                        try { return pool.invoke(ForkJoinTask.adapt(() -> 1L)); } finally { pool.shutdown(); }
                    }
                    ForkJoinPool factory() {
                        ForkJoinPool pool = new ForkJoinPool(2);
                        return pool;
                    }
                    void init() { lazy = new ForkJoinPool(); }
                    public static void main(String[] args) {
                        ForkJoinPool pool = new ForkJoinPool(2);
                        pool.invoke(ForkJoinTask.adapt(() -> { }));
                    }
                }
                """))
        .isEmpty();
  }

  @Test
  void poolCreatedInsideATaskIsFlagged() {
    List<Finding> f =
        Lint.of(
            "pool-per-call",
            dir,
            """
                import java.util.concurrent.*;
                class Inner extends RecursiveAction {
                    protected void compute() {
                        try (ForkJoinPool pool = new ForkJoinPool()) { pool.invoke(new Inner()); }
                    }
                }
                """);
    assertThat(f)
        .singleElement()
        .satisfies(x -> assertThat(x.message()).contains("inside Inner.compute()"));
  }
}
