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

  /**
   * Akka's shape (Listing 1): the dispatcher's executor is the pool the mailboxes run in, so since
   * JDK 9 the submission lands on the worker's own deque; a note, costly on JDK 8 only.
   */
  @Test
  void mailboxResubmittedToItsOwnExecutorIsANote() {
    List<Finding> f =
        Lint.of(
            "centralized-pooling",
            dir,
            """
                import java.util.concurrent.*;
                class Mailbox extends ForkJoinTask<Void> {
                    final ConcurrentLinkedQueue<Object> queue = new ConcurrentLinkedQueue<>();
                    Dispatcher dispatcher;
                    public Void getRawResult() { return null; }
                    protected void setRawResult(Void v) { }
                    protected boolean exec() {
                        while (queue.poll() != null) { }
                        dispatcher.registerForExecution(this);
                        return false;
                    }
                }
                """,
            """
                import java.util.concurrent.*;
                class Dispatcher {
                    private final ExecutorService executorService;
                    Dispatcher(ExecutorService executorService) { this.executorService = executorService; }
                    void registerForExecution(Mailbox mbox) {
                        if (!mbox.queue.isEmpty()) {
                            executorService.execute(mbox);
                        }
                    }
                }
                """);
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.rule().id()).isEqualTo("centralized-pooling");
              assertThat(x.rule().bottleneck()).isEqualTo(1);
              assertThat(x.rule().severity()).isEqualTo(Severity.NOTE);
              assertThat(x.message())
                  .contains("submits to the pool it runs in (executorService)")
                  .contains("costly on JDK 8 only")
                  .contains("use fork()");
              assertThat(x.rule().why()).contains("since JDK 9");
            });
  }

  @Test
  void resubmissionThroughGetPoolIsANote() {
    List<Finding> f =
        Lint.of(
            "centralized-pooling",
            dir,
            """
                import java.util.*;
                import java.util.concurrent.*;
                class Crawl extends RecursiveAction {
                    final String url; final Set<String> seen;
                    Crawl(String url, Set<String> seen) { this.url = url; this.seen = seen; }
                    protected void compute() {
                        for (String link : List.of(url + "/a", url + "/b")) {
                            if (seen.add(link)) {
                                getPool().submit(ForkJoinTask.adapt(() -> System.out.println(link)));
                            }
                        }
                    }
                }
                """);
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.line()).isEqualTo(9);
              assertThat(x.rule().severity()).isEqualTo(Severity.NOTE);
            });
  }

  /** A task of a custom pool hands work to the common pool: another pool's shared queue. */
  @Test
  void submissionToTheCommonPoolFromATaskOfACustomPoolIsAWarning() {
    List<Finding> f =
        Lint.of(
            "centralized-pooling",
            dir,
            """
                import java.util.*;
                import java.util.concurrent.*;
                class Index extends RecursiveAction {
                    final List<String> docs; final int lo, hi;
                    Index(List<String> docs, int lo, int hi) { this.docs = docs; this.lo = lo; this.hi = hi; }
                    protected void compute() {
                        if (hi - lo > 8) {
                            int mid = (lo + hi) >>> 1;
                            invokeAll(new Index(docs, lo, mid), new Index(docs, mid, hi));
                            return;
                        }
                        for (int i = lo; i < hi; i++) {
                            String d = docs.get(i);
                            ForkJoinPool.commonPool().submit(() -> d.split(" ")).join();
                        }
                    }
                    static void run(List<String> docs) {
                        ForkJoinPool pool = new ForkJoinPool(4);
                        try { pool.invoke(new Index(docs, 0, docs.size())); } finally { pool.shutdown(); }
                    }
                }
                """);
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.line()).isEqualTo(14);
              assertThat(x.rule().severity()).isEqualTo(Severity.WARNING);
              assertThat(x.message())
                  .contains("submits to another pool (ForkJoinPool.commonPool())")
                  .contains("shared submission queue");
            });
  }

  @Test
  void submissionToTheCommonPoolFromATaskThatRunsThereIsANote() {
    List<Finding> f =
        Lint.of(
            "centralized-pooling",
            dir,
            """
                import java.util.concurrent.*;
                class Walk extends RecursiveAction {
                    final int depth;
                    Walk(int depth) { this.depth = depth; }
                    protected void compute() {
                        if (depth > 0) {
                            ForkJoinPool.commonPool().execute(ForkJoinTask.adapt(() -> System.out.println(depth)));
                        }
                    }
                    static void run() { ForkJoinPool.commonPool().invoke(new Walk(3)); }
                }
                """);
    assertThat(f)
        .singleElement()
        .satisfies(x -> assertThat(x.rule().severity()).isEqualTo(Severity.NOTE));
  }

  @Test
  void executorSubmissionFromInsideATaskIsAWarning() {
    List<Finding> f =
        Lint.of(
            "centralized-pooling",
            dir,
            """
                import java.util.*;
                import java.util.concurrent.*;
                class Export extends RecursiveAction {
                    static final ExecutorService WRITER = Executors.newSingleThreadExecutor();
                    final List<String> rows; final int lo, hi;
                    Export(List<String> rows, int lo, int hi) { this.rows = rows; this.lo = lo; this.hi = hi; }
                    protected void compute() {
                        if (hi - lo > 100) {
                            int mid = (lo + hi) >>> 1;
                            invokeAll(new Export(rows, lo, mid), new Export(rows, mid, hi));
                            return;
                        }
                        String chunk = String.join(", ", rows.subList(lo, hi));
                        WRITER.submit(() -> System.out.println(chunk));
                    }
                }
                """);
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.line()).isEqualTo(14);
              assertThat(x.rule().severity()).isEqualTo(Severity.WARNING);
              assertThat(x.message()).contains("hands work to the executor WRITER");
            });
  }

  @Test
  void submissionToAPoolOfUnknownRelationSaysBothCases() {
    List<Finding> f =
        Lint.of(
            "centralized-pooling",
            dir,
            """
                import java.util.concurrent.*;
                class Relay extends RecursiveAction {
                    final ForkJoinPool target;
                    Relay(ForkJoinPool target) { this.target = target; }
                    protected void compute() {
                        target.execute(() -> System.out.println("relayed"));
                    }
                }
                """);
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.rule().severity()).isEqualTo(Severity.WARNING);
              assertThat(x.message()).contains("unless it is the pool this code runs in");
            });
  }

  /**
   * Fork-first dispatch as Akka's fix writes it: fork on a worker, execute only from outside the
   * pool. The execute branch never runs inside a task.
   */
  @Test
  void submissionGuardedToRunOffTheWorkersIsClean() {
    assertThat(
            Lint.run(
                    dir,
                    """
                import java.util.concurrent.*;
                class Box extends RecursiveAction {
                    final ConcurrentLinkedQueue<Object> queue = new ConcurrentLinkedQueue<>();
                    final ForkJoinPool pool;
                    Box(ForkJoinPool pool) { this.pool = pool; }
                    protected void compute() {
                        while (queue.poll() != null) { }
                        schedule();
                        send("pong");
                    }
                    void schedule() {
                        if (Thread.currentThread() instanceof ForkJoinWorkerThread) {
                            fork();
                        } else {
                            pool.execute(this);
                        }
                    }
                    void send(Object m) {
                        boolean onWorker = ForkJoinTask.inForkJoinPool();
                        queue.add(m);
                        if (!onWorker) {
                            pool.execute(new Box(pool));
                            return;
                        }
                        new Box(pool).fork();
                    }
                }
                """)
                .findings())
        .extracting(x -> x.rule().id() + "@" + x.line())
        .doesNotContain("centralized-pooling@14", "centralized-pooling@21");
  }

  @Test
  void executorUsedByTheDriverIsClean() {
    assertThat(
            Lint.of(
                "centralized-pooling",
                dir,
                """
                import java.util.concurrent.*;
                class Batch extends RecursiveTask<Integer> {
                    protected Integer compute() { return 1; }
                    public static void main(String[] args) throws Exception {
                        ExecutorService io = Executors.newFixedThreadPool(4);
                        Future<Integer> f = io.submit(() -> new Batch().invoke());
                        System.out.println(f.get());
                        io.shutdown();
                    }
                }
                """))
        .isEmpty();
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
