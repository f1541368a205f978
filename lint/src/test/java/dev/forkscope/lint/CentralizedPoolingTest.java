package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CentralizedPooling}: centralized-pooling (bottleneck 1), work handed to a pool from inside
 * a task.
 */
class CentralizedPoolingTest {
  private final LintTestHelper helper;

  CentralizedPoolingTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("centralized-pooling");
  }

  @Test
  void submissionToPoolFromInsideTaskIsFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Walker.java",
                """
                import java.util.concurrent.*;
                class Walker extends RecursiveAction {
                    static final ForkJoinPool POOL = new ForkJoinPool();
                    final int n;
                    Walker(int n) { this.n = n; }
                    protected void compute() {
                        if (n > 0) {
                            POOL.execute(new Walker(n - 1)); // expect: centralized-pooling
                        }
                    }
                }
                """)
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.taskClass()).isEqualTo("Walker");
              assertThat(x.rule().bottleneck()).isEqualTo(1);
              assertThat(x.path()).isEmpty();
              assertThat(x.sourceLine()).contains("POOL.execute");
            });
  }

  @Test
  void theExternalHalfOfAForkFirstDispatchIsClean() {

    helper.addSourceLines(
        "Hop.java",
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
                        if (ForkJoinTask.getPool() == pool) pool.execute(new Hop(pool, 0)); // expect: centralized-pooling
                    }
                }
                """);
  }

  @Test
  void akkaStyleDispatchReachedThroughCallsCarriesThePath() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Mailbox.java",
                """
                import java.util.concurrent.*;
                class Mailbox extends ForkJoinTask<Void> {
                    final Dispatcher dispatcher = new Dispatcher();
                    public Void getRawResult() { return null; }
                    protected void setRawResult(Void v) { }
                    protected boolean exec() { process(); return false; }
                    void process() { dispatcher.dispatch(this); }
                }
                """)
            .addSourceLines(
                "Dispatcher.java",
                """
                import java.util.concurrent.*;
                class Dispatcher {
                    final ForkJoinPool pool = ForkJoinPool.commonPool();
                    void dispatch(Mailbox m) { schedule(m); }
                    void schedule(Mailbox m) { pool.execute(m); } // expect: centralized-pooling
                }
                """)
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
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
        helper
            .addSourceLines(
                "Mailbox.java",
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
                """)
            .addSourceLines(
                "Dispatcher.java",
                """
                import java.util.concurrent.*;
                class Dispatcher {
                    private final ExecutorService executorService;
                    Dispatcher(ExecutorService executorService) { this.executorService = executorService; }
                    void registerForExecution(Mailbox mbox) {
                        if (!mbox.queue.isEmpty()) {
                            executorService.execute(mbox); // expect: centralized-pooling: submits to the pool it runs in (executorService)
                        }
                    }
                }
                """)
            .doTest();
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
        helper
            .addSourceLines(
                "Crawl.java",
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Crawl extends RecursiveAction {
                    final String url; final Set<String> seen;
                    Crawl(String url, Set<String> seen) { this.url = url; this.seen = seen; }
                    protected void compute() {
                        for (String link : List.of(url + "/a", url + "/b")) {
                            if (seen.add(link)) {
                                getPool().submit(ForkJoinTask.adapt(() -> System.out.println(link))); // expect: centralized-pooling
                            }
                        }
                    }
                }
                """)
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.rule().severity()).isEqualTo(Severity.NOTE);
            });
  }

  /** The note says what the submission costs on the JDK the project's build targets. */
  @Test
  void theOwnPoolNoteNamesTheReleaseTheBuildTargets() {
    List<Finding> f =
        helper
            .addSourceLines(
                "pom.xml",
                "<project><properties><maven.compiler.release>11</maven.compiler.release></properties></project>")
            .addSourceLines(
                "Resubmit.java",
                """
                import java.util.concurrent.*;
                class Resubmit extends RecursiveAction {
                    final int n;
                    Resubmit(int n) { this.n = n; }
                    protected void compute() {
                        if (n > 0) getPool().execute(new Resubmit(n - 1)); // expect: centralized-pooling: built for JDK 11, where it lands on this worker's own deque
                    }
                }
                """)
            .doTest();
    assertThat(f).singleElement().satisfies(x -> assertThat(x.message()).doesNotContain("costly"));
  }

  /** A task of a custom pool hands work to the common pool: another pool's shared queue. */
  @Test
  void submissionToTheCommonPoolFromATaskOfACustomPoolIsAWarning() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Index.java",
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
                            ForkJoinPool.commonPool().submit(() -> d.split(" ")).join(); // expect: centralized-pooling
                        }
                    }
                    static void run(List<String> docs) {
                        ForkJoinPool pool = new ForkJoinPool(4);
                        try { pool.invoke(new Index(docs, 0, docs.size())); } finally { pool.shutdown(); }
                    }
                }
                """)
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.rule().severity()).isEqualTo(Severity.WARNING);
              assertThat(x.message())
                  .contains("submits to another pool (ForkJoinPool.commonPool())")
                  .contains("shared submission queue");
            });
  }

  @Test
  void submissionToTheCommonPoolFromATaskThatRunsThereIsANote() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Walk.java",
                """
                import java.util.concurrent.*;
                class Walk extends RecursiveAction {
                    final int depth;
                    Walk(int depth) { this.depth = depth; }
                    protected void compute() {
                        if (depth > 0) {
                            ForkJoinPool.commonPool().execute(ForkJoinTask.adapt(() -> System.out.println(depth))); // expect: centralized-pooling
                        }
                    }
                    static void run() { ForkJoinPool.commonPool().invoke(new Walk(3)); }
                }
                """)
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(x -> assertThat(x.rule().severity()).isEqualTo(Severity.NOTE));
  }

  /**
   * A library's maintenance task handed to the Executor its user configured (caffeine's shape):
   * fork() would bypass the user's choice, so it is not a finding.
   */
  @Test
  void submissionToTheUsersConfiguredExecutorIsClean() {
    helper
        .addSourceLines(
            "Cache.java",
            """
                import java.util.concurrent.*;
                class Cache {
                    final Executor executor;
                    final Drain drain = new Drain(this);
                    Cache(Executor executor) { this.executor = executor; }
                    void scheduleDrain() { executor.execute(drain); }
                    void maintenance() { scheduleDrain(); }
                }
                class Drain extends ForkJoinTask<Void> implements Runnable {
                    final Cache cache;
                    Drain(Cache cache) { this.cache = cache; }
                    public boolean exec() { run(); return false; }
                    public void run() { cache.maintenance(); }
                    public Void getRawResult() { return null; }
                    protected void setRawResult(Void v) { }
                }
                """)
        .expectNoFindings();
  }

  @Test
  void executorSubmissionFromInsideATaskIsAWarning() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Export.java",
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
                        WRITER.submit(() -> System.out.println(chunk)); // expect: centralized-pooling
                    }
                }
                """)
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.rule().severity()).isEqualTo(Severity.WARNING);
              assertThat(x.message()).contains("hands work to the executor WRITER");
            });
  }

  @Test
  void submissionToAPoolOfUnknownRelationSaysBothCases() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Relay.java",
                """
                import java.util.concurrent.*;
                class Relay extends RecursiveAction {
                    final ForkJoinPool target;
                    Relay(ForkJoinPool target) { this.target = target; }
                    protected void compute() {
                        target.execute(() -> System.out.println("relayed")); // expect: centralized-pooling: unless it is the pool this code runs in
                    }
                }
                """)
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.rule().severity()).isEqualTo(Severity.WARNING);
            });
  }

  /**
   * Fork-first dispatch as Akka's fix writes it: fork on a worker, execute only from outside the
   * pool. The execute branch never runs inside a task.
   */
  @Test
  void submissionGuardedToRunOffTheWorkersIsClean() {
    helper
        .addSourceLines(
            "Box.java",
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
        .expectNoFindings();
  }

  @Test
  void executorUsedByTheDriverIsClean() {
    helper
        .addSourceLines(
            "Batch.java",
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
                """)
        .expectNoFindings();
  }

  @Test
  void driverThatInvokesThePoolIsClean() {
    helper
        .rules()
        .addSourceLines(
            "Sum.java",
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
        .expectNoFindings();
  }

  @Test
  void lambdaSubmittedFromAPoolLambdaIsFlagged() {
    helper
        .addSourceLines(
            "Nested.java",
            """
                import java.util.concurrent.*;
                class Nested {
                    static void run(ForkJoinPool pool) {
                        pool.submit(() -> pool.submit(() -> System.out.println("inner"))); // expect: centralized-pooling: ForkJoinPool.submit()
                    }
                }
                """)
        .doTest();
  }
}
