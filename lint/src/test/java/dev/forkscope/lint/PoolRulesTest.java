package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** centralized-pooling and pool-per-call (bottleneck 1). */
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
  void theExternalHalfOfAForkFirstDispatchIsClean() {
    List<Finding> f =
        Lint.of(
            "centralized-pooling",
            dir,
            """
                import java.util.concurrent.*;
                class Hop extends RecursiveAction {
                    final ForkJoinPool pool;
                    final int n;
                    Hop(ForkJoinPool pool, int n) { this.pool = pool; this.n = n; }
                    protected void compute() {
                        if (n == 0) return;
                        if (ForkJoinTask.getPool() == pool) {
                            new Hop(pool, n - 1).fork();
                        } else {
                            pool.execute(new Hop(pool, n - 1));
                        }
                        if (pool != getPool()) pool.execute(new Hop(pool, 0));
                        if (ForkJoinTask.getPool() == pool) pool.execute(new Hop(pool, 0));
                    }
                }
                """);
    assertThat(f).singleElement().satisfies(x -> assertThat(x.line()).isEqualTo(14));
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

  @Test
  void poolCreatedInALoopIsFlagged() {
    List<Finding> f =
        Lint.of(
            "pool-per-call",
            dir,
            """
                import java.util.concurrent.*;
                class Loop {
                    public static void main(String[] args) {
                        for (int i = 0; i < 10; i++) {
                            try (ForkJoinPool pool = new ForkJoinPool(4)) {
                                pool.invoke(ForkJoinTask.adapt(() -> { }));
                            }
                        }
                    }
                }
                """);
    assertThat(f).singleElement().satisfies(x -> assertThat(x.line()).isEqualTo(5));
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
