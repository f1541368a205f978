package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link PoolPerCall}: pool-per-call, a pool created per call or iteration and left running. */
class PoolPerCallTest {
  private final LintTestHelper helper;

  PoolPerCallTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("pool-per-call");
  }

  /** A benchmark harness that leaves a pool running for every thread count it measures. */
  @Test
  void poolCreatedInALoopAndLeftRunningIsFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Harness.java",
                """
                import java.util.concurrent.*;
                class Harness {
                    static long work() { return 1; }
                    public static void main(String[] args) {
                        for (int threads = 1; threads <= 8; threads *= 2) {
                            long t = new ForkJoinPool(threads).invoke(ForkJoinTask.adapt(Harness::work)); // expect: pool-per-call
                        }
                        ForkJoinPool last = null;
                        for (int threads = 1; threads <= 8; threads *= 2) {
                            last = new ForkJoinPool(threads); // expect: pool-per-call
                            last.invoke(ForkJoinTask.adapt(Harness::work));
                        }
                        last.shutdown();
                        for (String name : args) {
                            ForkJoinPool pool = new ForkJoinPool(); // expect: pool-per-call
                            pool.submit(() -> System.out.println(name));
                            pool.awaitQuiescence(1, TimeUnit.SECONDS);
                        }
                    }
                }
                """)
            .doTest();
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
    helper
        .addSourceLines(
            "Harness.java",
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
                """)
        .expectNoFindings();
  }

  /** One finding per statement, not per {@code new}. */
  @Test
  void aStatementThatCreatesTwoPoolsGetsOneFinding() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Service.java",
                """
                import java.util.concurrent.*;
                class Service {
                    long sized(long[] data) {
                        return new ForkJoinPool(new ForkJoinPool().getParallelism()).invoke(ForkJoinTask.adapt(() -> 1L)); // expect: pool-per-call
                    }
                    long twice() {
                        return new ForkJoinPool().invoke(ForkJoinTask.adapt(() -> 1L)) + new ForkJoinPool().invoke(ForkJoinTask.adapt(() -> 2L)); // expect: pool-per-call
                    }
                }
                class Inner extends RecursiveAction {
                    protected void compute() {
                        ForkJoinPool a = new ForkJoinPool(new ForkJoinPool().getParallelism()); // expect: pool-per-call: inside Inner.compute()
                        a.invoke(new Inner());
                        a.shutdown();
                    }
                }
                """)
            .doTest();
    assertThat(f.get(0).column()).isEqualTo(16);
  }

  @Test
  void aPoolAskedOnlyForItsParallelismIsClean() {
    helper
        .addSourceLines(
            "Sizing.java",
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
                """)
        .expectNoFindings();
  }

  @Test
  void poolCreatedPerCallAndNeverShutDownIsFlagged() {

    helper.addSourceLines(
        "Service.java",
        """
                import java.util.concurrent.*;
                class Service {
                    long total(long[] data) {
                        ForkJoinPool pool = new ForkJoinPool(); // expect: pool-per-call
                        return pool.invoke(ForkJoinTask.adapt(() -> data.length)).longValue();
                    }
                    long inline() {
                        return new ForkJoinPool().invoke(ForkJoinTask.adapt(() -> 1L)); // expect: pool-per-call
                    }
                }
                """);
  }

  @Test
  void poolsThatAreClosedSharedOrCreatedInMainAreClean() {
    helper
        .addSourceLines(
            "Fine.java",
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
                """)
        .expectNoFindings();
  }

  /**
   * Issue 29, tribuo's KNNModel: a pool made per call in a conditional expression, either branch,
   * and never shut down is flagged once per statement, on the line of its first creation.
   */
  @Test
  void poolMadeInAConditionalPerCallAndNeverShutDownIsFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Model.java",
                """
                import java.util.concurrent.*;
                class Model {
                    int numThreads;
                    long predict(long[] data) throws Exception {
                        if (numThreads > 1) {
                            ForkJoinPool fjp = System.getSecurityManager() == null ? new ForkJoinPool(numThreads) : new ForkJoinPool(numThreads, null, null, false); // expect: pool-per-call
                            return fjp.submit(() -> (long) data.length).get();
                        }
                        return data.length;
                    }
                    long inline() {
                        return ((ForkJoinPool) (numThreads > 1 ? new ForkJoinPool(numThreads) : null)).invoke(ForkJoinTask.adapt(() -> 1L)); // expect: pool-per-call
                    }
                }
                """)
            .doTest();
    assertThat(f.get(0).column()).isEqualTo(70);
  }

  /**
   * A pool made in a conditional expression is clean when it is shut down (through a cast too),
   * stored in a field, or returned, as a pool made plainly is.
   */
  @Test
  void poolMadeInAConditionalAndShutDownOrKeptIsClean() {
    helper
        .addSourceLines(
            "Model.java",
            """
                import java.util.concurrent.*;
                class Model {
                    int numThreads;
                    private ForkJoinPool kept;
                    long predict(long[] data) throws Exception {
                        ForkJoinPool fjp = numThreads > 1 ? new ForkJoinPool(numThreads) : new ForkJoinPool();
                        try { return fjp.submit(() -> (long) data.length).get(); } finally { ((ForkJoinPool) fjp).shutdown(); }
                    }
                    void keep() { kept = numThreads > 1 ? (new ForkJoinPool(numThreads)) : ForkJoinPool.commonPool(); }
                    ForkJoinPool make() { return numThreads > 1 ? new ForkJoinPool(numThreads) : ForkJoinPool.commonPool(); }
                    void batches(long[][] batches) {
                        for (long[] batch : batches) {
                            ForkJoinPool pool = (numThreads > 1 ? new ForkJoinPool(numThreads) : new ForkJoinPool());
                            pool.invoke(ForkJoinTask.adapt(() -> batch.length));
                            pool.shutdown();
                        }
                    }
                }
                """)
        .expectNoFindings();
  }

  @Test
  void poolCreatedInsideATaskIsFlagged() {
    helper
        .addSourceLines(
            "Inner.java",
            """
                import java.util.concurrent.*;
                class Inner extends RecursiveAction {
                    protected void compute() {
                        try (ForkJoinPool pool = new ForkJoinPool()) { pool.invoke(new Inner()); } // expect: pool-per-call: inside Inner.compute()
                    }
                }
                """)
        .doTest();
  }
}
