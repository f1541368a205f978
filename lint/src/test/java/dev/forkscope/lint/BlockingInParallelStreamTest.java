package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link BlockingInParallelStream}: blocking-in-parallel-stream, blocking calls in parallel stream
 * lambdas.
 */
class BlockingInParallelStreamTest {
  private final LintTestHelper helper;

  BlockingInParallelStreamTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("blocking-in-parallel-stream");
  }

  @Test
  void blockingInAParallelStreamLambdaIsFlagged() {
    helper
        .addSourceLines(
            "Crawl.java",
            """
                import java.nio.file.*;
                import java.util.*;
                class Crawl {
                    static long sizes(List<Path> paths) {
                        return paths.parallelStream().mapToLong(p -> read(p)).sum();
                    }
                    static long read(Path p) {
                        try { return Files.readAllBytes(p).length; } catch (Exception e) { return 0; } // expect: blocking-in-parallel-stream: reached from parallel stream lambda in mapToLong() -> Crawl.read()
                    }
                    static void nap(List<Integer> xs) {
                        xs.stream().parallel().forEach(x -> { try { Thread.sleep(x); } catch (InterruptedException e) { } }); // expect: blocking-in-parallel-stream
                    }
                }
                """)
        .doTest();
  }

  /** ZooKeeper's reachability check: a ping per address, each up to its timeout, on the pool. */
  @Test
  void pingingHostsFromAParallelStreamIsFlagged() {
    helper
        .addSourceLines(
            "Addresses.java",
            """
                import java.net.*;
                import java.util.*;
                import java.util.stream.*;
                class Addresses {
                    static Set<InetSocketAddress> reachable(Set<InetSocketAddress> all) {
                        return all.parallelStream().filter(Addresses::ping).collect(Collectors.toSet());
                    }
                    static boolean ping(InetSocketAddress a) {
                        try { return a.getAddress().isReachable(1000); } catch (Exception e) { return false; } // expect: blocking-in-parallel-stream: does blocking I/O
                    }
                }
                """)
        .doTest();
  }

  /** Joining every future of a list from a parallel stream (the miss). */
  @Test
  void joiningFuturesFromAParallelStreamIsFlagged() {
    helper
        .addSourceLines(
            "Gather.java",
            """
                import java.util.*;
                import java.util.concurrent.*;
                import java.util.stream.*;
                class Gather {
                    static List<String> all(List<CompletableFuture<String>> fs) {
                        fs.parallelStream().map((CompletableFuture<String> f) -> f.join()).count(); // expect: blocking-in-parallel-stream: f.join() waits for a future
                        return fs.stream().parallel().map(CompletableFuture::join).collect(Collectors.toList()); // expect: blocking-in-parallel-stream: CompletableFuture::join waits for a future
                    }
                }
                """)
        .doTest();
  }

  @Test
  void sequentialStreamsAndStreamsMadeSequentialAreClean() {
    helper
        .addSourceLines(
            "Calm.java",
            """
                import java.util.*;
                class Calm {
                    static void nap(List<Integer> xs) {
                        xs.stream().forEach(x -> { try { Thread.sleep(x); } catch (InterruptedException e) { } });
                        xs.parallelStream().sequential().forEach(x -> { try { Thread.sleep(x); } catch (InterruptedException e) { } });
                    }
                }
                """)
        .expectNoFindings();
  }

  /**
   * A stream whose terminal operation runs in a task submitted to a pool runs in that pool: nothing
   * to report in a ForkJoinPool of its own, a warning in the common pool or under a plain
   * executor's thread, a note where lint cannot tell the pool (paimon's pool of another module).
   */
  @Test
  void aStreamInsideASubmittedTaskRunsInThatTasksPool() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Clean.java",
                """
                import java.util.*;
                import java.util.concurrent.*;
                import java.util.stream.*;
                class Clean {
                    static final ForkJoinPool IO = new ForkJoinPool(8);
                    static final ExecutorService PLAIN = Executors.newFixedThreadPool(2);
                    static List<String> own(List<String> xs) throws Exception {
                        return IO.submit(() -> xs.parallelStream().map(Clean::slow).collect(Collectors.toList())).get();
                    }
                    static List<String> common(List<String> xs) throws Exception {
                        return ForkJoinPool.commonPool().submit(() -> xs.parallelStream().map(Clean::slowToo).collect(Collectors.toList())).get();
                    }
                    static List<String> plain(List<String> xs) throws Exception {
                        return PLAIN.submit(() -> xs.parallelStream().map(x -> { try { Thread.sleep(1); } catch (InterruptedException e) { } return x; }).collect(Collectors.toList())).get(); // expect: blocking-in-parallel-stream: sleeps
                    }
                    static List<String> unknown(List<String> xs) throws Exception {
                        return Pools.SHARED.submit(() -> xs.parallelStream().map(x -> { try { TimeUnit.MILLISECONDS.sleep(5); } catch (InterruptedException e) { } return x; }).collect(Collectors.toList())).get(); // expect: blocking-in-parallel-stream: a note: the stream runs inside a task submitted to Pools.SHARED, which lint cannot trace
                    }
                    static String slow(String x) {
                        try { Thread.sleep(1); } catch (InterruptedException e) { }
                        return x;
                    }
                    static String slowToo(String x) {
                        try { Thread.sleep(1); } catch (InterruptedException e) { } // expect: blocking-in-parallel-stream: common-pool worker
                        return x;
                    }
                }
                """)
            .doTest();
    assertThat(f)
        .extracting(Finding::severity)
        .containsExactly(Severity.WARNING, Severity.NOTE, Severity.WARNING);
  }

  /**
   * A stream in a private method runs where the method's calls run, all of them in its file: in a
   * ForkJoinPool of its own when every call is in a task submitted to one (or the method is the
   * submitted function); in the common pool when one call is not. A public method's stream may be
   * started from any thread.
   */
  @Test
  void aStreamInAPrivateMethodRunsWhereItsCallsRun() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Scan.java",
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Scan {
                    static final ForkJoinPool IO = new ForkJoinPool(8);
                    final List<CompletableFuture<Long>> fs = new ArrayList<>();
                    void start() throws Exception {
                        IO.submit(() -> list()).get();
                        IO.submit(this::listed).get();
                        IO.submit(() -> shared()).get();
                        IO.submit(() -> open()).get();
                        ForkJoinPool.commonPool().submit(() -> common()).get();
                    }
                    void elsewhere() { shared(); }
                    private long list() { return viaHelper(); }
                    private long viaHelper() { return fs.parallelStream().mapToLong((CompletableFuture<Long> f) -> f.join()).sum(); }
                    private long listed() { return fs.parallelStream().mapToLong((CompletableFuture<Long> f) -> f.join()).sum(); }
                    private long shared() { return fs.parallelStream().mapToLong((CompletableFuture<Long> f) -> f.join()).sum(); } // expect: blocking-in-parallel-stream: waits for a future
                    long open() { return fs.parallelStream().mapToLong((CompletableFuture<Long> f) -> f.join()).sum(); } // expect: blocking-in-parallel-stream: waits for a future
                    private long common() { return fs.parallelStream().mapToLong((CompletableFuture<Long> f) -> f.join()).sum(); } // expect: blocking-in-parallel-stream: waits for a future
                }
                """)
            .doTest();
    assertThat(f).extracting(Finding::severity).containsOnly(Severity.WARNING);
  }

  /**
   * {@code ForkJoinTask.getPool()} is the pool the submitting code runs in: a stream submitted to
   * it from a task of a new ForkJoinPool stays there, from a common-pool task it runs in the common
   * pool, and where the submitting task's pool is not shown (a task class's compute()) the thread
   * is still a worker of some pool: a note, not the common pool taken for granted.
   */
  @Test
  void aStreamSubmittedToGetPoolRunsInThePoolOfTheSubmittingCode() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Nested.java",
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Nested extends RecursiveAction {
                    static final ForkJoinPool IO = new ForkJoinPool(8);
                    static List<CompletableFuture<Long>> fs = new ArrayList<>();
                    static void start() throws Exception {
                        IO.submit(() -> ForkJoinTask.getPool().submit(() -> fs.parallelStream().forEach((CompletableFuture<Long> f) -> f.join())).join()).get();
                        ForkJoinPool.commonPool().submit(() -> ForkJoinTask.getPool().submit(() -> fs.parallelStream().forEach((CompletableFuture<Long> f) -> f.join())).join()).get(); // expect: blocking-in-parallel-stream: common-pool worker
                    }
                    protected void compute() {
                        getPool().submit(() -> fs.parallelStream().forEach((CompletableFuture<Long> f) -> f.join())).join(); // expect: blocking-in-parallel-stream: a note: the stream runs inside a task submitted to getPool()
                    }
                }
                """)
            .doTest();
    assertThat(f).extracting(Finding::severity).containsExactly(Severity.WARNING, Severity.NOTE);
  }

  /**
   * paimon's I/O pool: a static field of another class, set in a static initialiser by a factory
   * method that names the pool's threads and returns a new ForkJoinPool. Traced, the stream runs
   * there; a field one of whose values may be the common pool stays a note.
   */
  @Test
  void aPoolMadeInAStaticInitialiserByAFactoryMethodIsTraced() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Pools.java",
                """
                import java.util.concurrent.*;
                public class Pools {
                    public static final ForkJoinPool IO;
                    public static final ForkJoinPool ANY = pick(false);
                    static {
                        IO = create("io", 4);
                    }
                    private static ForkJoinPool create(String name, int n) {
                        ForkJoinPool.ForkJoinWorkerThreadFactory threads = pool -> {
                            ForkJoinWorkerThread w = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
                            w.setName(name);
                            return w;
                        };
                        return new ForkJoinPool(n, threads, null, false);
                    }
                    private static ForkJoinPool pick(boolean own) {
                        if (own) {
                            return new ForkJoinPool(2);
                        }
                        return ForkJoinPool.commonPool();
                    }
                }
                """)
            .addSourceLines(
                "Orphans.java",
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Orphans {
                    static long clean(List<CompletableFuture<Long>> fs) throws Exception {
                        Pools.IO.submit(() -> fs.parallelStream().mapToLong((CompletableFuture<Long> f) -> f.join()).sum()).get();
                        return Pools.ANY.submit(() -> fs.parallelStream().mapToLong((CompletableFuture<Long> f) -> f.join()).sum()).get(); // expect: blocking-in-parallel-stream: a note: the stream runs inside a task submitted to Pools.ANY
                    }
                }
                """)
            .doTest();
    assertThat(f).extracting(Finding::severity).containsExactly(Severity.NOTE);
  }

  /**
   * pinot's periodic task scheduler stops its tasks in a parallel stream through an interface
   * method whose implementation in the tree waits on a timed tryLock; an untimed tryLock does not
   * wait.
   */
  @Test
  void anInterfaceMethodReferenceRunsItsImplementations() {
    helper
        .addSourceLines(
            "Task.java",
            """
                interface Task { void stop(); void poke(); }
                """)
        .addSourceLines(
            "BaseTask.java",
            """
                import java.util.concurrent.TimeUnit;
                import java.util.concurrent.locks.ReentrantLock;
                abstract class BaseTask implements Task {
                    private final ReentrantLock runLock = new ReentrantLock();
                    @Override
                    public final void stop() {
                        try {
                            if (runLock.tryLock(30_000, TimeUnit.MILLISECONDS)) { // expect: blocking-in-parallel-stream: tryLock(30_000, TimeUnit.MILLISECONDS) waits on a synchronizer
                                runLock.unlock();
                            }
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    @Override
                    public void poke() {
                        if (runLock.tryLock()) {
                            runLock.unlock();
                        }
                    }
                }
                """)
        .addSourceLines(
            "Scheduler.java",
            """
                import java.util.List;
                class Scheduler {
                    void stop(List<Task> tasks) {
                        tasks.parallelStream().forEach(Task::stop);
                        tasks.parallelStream().forEach(Task::poke);
                    }
                }
                """)
        .doTest();
  }

  /**
   * JDBC's calls that wait for the database: opening or borrowing a connection ({@code
   * DataSource.getConnection} waits for a free pooled one), executing a statement, ending a
   * transaction. Making a statement object sends nothing (drivers prepare on the client unless told
   * otherwise; the execute that follows is what waits).
   */
  @Test
  void jdbcCallsThatWaitForTheDatabaseAreFlagged() {
    helper
        .addSourceLines(
            "Rows.java",
            """
                import java.sql.*;
                import java.util.List;
                import javax.sql.DataSource;
                class Rows {
                    static void copy(DataSource source, String url, List<String> ids) {
                        ids.parallelStream().forEach(id -> {
                            try (Connection from = source.getConnection(); // expect: blocking-in-parallel-stream: source.getConnection() does blocking I/O
                                    Connection to = DriverManager.getConnection(url); // expect: blocking-in-parallel-stream: DriverManager.getConnection(url) does blocking I/O
                                    Statement read = from.createStatement();
                                    PreparedStatement write = to.prepareStatement("insert into t values (?)")) {
                                to.setAutoCommit(false);
                                read.execute("select 1"); // expect: blocking-in-parallel-stream
                                write.setString(1, id);
                                write.executeBatch(); // expect: blocking-in-parallel-stream
                                to.rollback(); // expect: blocking-in-parallel-stream
                            } catch (SQLException e) {
                                throw new IllegalStateException(e);
                            }
                        });
                    }
                }
                """)
        .doTest();
  }

  /**
   * The implementation of the referenced interface method lists that interface second, after a
   * generic one, in a file no trigger word makes lint parse up front: the pre-scan must read the
   * whole {@code implements} list to find it.
   */
  @Test
  void anImplementationListingTheInterfaceSecondIsEntered() {
    helper
        .addSourceLines(
            "Task.java",
            """
                interface Task { void stop(); }
                """)
        .addSourceLines(
            "SleepyTask.java",
            """
                abstract class SleepyTask implements Comparable<SleepyTask>, Task {
                    @Override
                    public final void stop() {
                        try {
                            Thread.sleep(30_000); // expect: blocking-in-parallel-stream
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }
                """)
        .addSourceLines(
            "Scheduler.java",
            """
                import java.util.List;
                class Scheduler {
                    void stop(List<Task> tasks) {
                        tasks.parallelStream().forEach(Task::stop);
                    }
                }
                """)
        .doTest();
  }

  /**
   * testcontainers' port check: an unconnected socket does no I/O; a connect with a short timeout
   * that nothing repeats is a note, one repeated by a loop or with a long timeout a warning.
   */
  @Test
  void anUnconnectedSocketIsNoIoAndAShortTimeoutOnceIsANote() {
    helper
        .addSourceLines(
            "Ports.java",
            """
                import java.io.IOException;
                import java.net.*;
                import java.util.Set;
                class Ports {
                    void probe(String host, Set<Integer> ports) {
                        ports.parallelStream().forEach(port -> {
                            try (Socket socket = new Socket()) {
                                socket.connect(new InetSocketAddress(host, port), 1000); // expect: blocking-in-parallel-stream: a note: the wait ends as soon as its condition holds and never lasts more than its 1000 ms timeout
                            } catch (IOException e) {
                                throw new IllegalStateException(e);
                            }
                        });
                    }
                    void probeLong(String host, Set<Integer> ports) {
                        ports.parallelStream().forEach(port -> {
                            try (Socket socket = new Socket()) {
                                socket.connect(new InetSocketAddress(host, port), 30_000); // expect: blocking-in-parallel-stream: socket.connect
                            } catch (IOException e) {
                                throw new IllegalStateException(e);
                            }
                        });
                    }
                    void retry(String host, Set<Integer> ports) {
                        ports.parallelStream().forEach(port -> {
                            for (int i = 0; i < 100; i++) {
                                try (Socket socket = new Socket(host, port)) { // expect: blocking-in-parallel-stream: new Socket()
                                    socket.connect(new InetSocketAddress(host, port), 1000); // expect: blocking-in-parallel-stream: socket.connect
                                    return;
                                } catch (IOException e) {
                                    Thread.onSpinWait();
                                }
                            }
                        });
                    }
                }
                """)
        .doTest();
  }

  /**
   * languagetool's n-gram model: a constructor that loads each file of its model in a parallel
   * stream, through a private reader only constructors call, does the I/O once per object, at its
   * creation: a note. The same read in a method (per call), a sleep in the constructor's stream,
   * and a stream in a lambda the constructor only keeps (it may run at any time) stay warnings.
   */
  @Test
  void ioInAParallelStreamThatAConstructorRunsIsANote() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Model.java",
                """
                import java.io.*;
                import java.nio.file.*;
                import java.util.*;
                import java.util.stream.*;
                class Model {
                    private final List<List<String>> tables;
                    private final Runnable reload;
                    Model(List<Path> files) {
                        tables = files.stream().parallel().map(this::lines).collect(Collectors.toList());
                        files.parallelStream().forEach(p -> { try { Thread.sleep(1); } catch (InterruptedException e) { } }); // expect: blocking-in-parallel-stream: sleeps
                        reload = () -> files.parallelStream().forEach(p -> { try { Files.readAllBytes(p); } catch (IOException e) { } }); // expect: blocking-in-parallel-stream: does blocking I/O
                    }
                    Model(Path dir) {
                        this(List.of(dir));
                    }
                    private List<String> lines(Path p) {
                        return read(p);
                    }
                    private static List<String> read(Path p) {
                        List<String> out = new ArrayList<>();
                        try (BufferedReader br = Files.newBufferedReader(p)) { // expect: blocking-in-parallel-stream: a note: the stream runs in Model's constructor: I/O that loads the object being built
                            String line;
                            while ((line = br.readLine()) != null) { // expect: blocking-in-parallel-stream: a note: the stream runs in Model's constructor
                                out.add(line);
                            }
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                        return out;
                    }
                    static long sizes(List<Path> files) {
                        return files.parallelStream().mapToLong(Model::size).sum();
                    }
                    private static long size(Path p) {
                        try { return Files.readAllBytes(p).length; } catch (IOException e) { return 0; } // expect: blocking-in-parallel-stream: does blocking I/O
                    }
                }
                """)
            .doTest();
    assertThat(f)
        .extracting(Finding::severity)
        .containsExactlyInAnyOrder(
            Severity.WARNING, Severity.WARNING, Severity.NOTE, Severity.NOTE, Severity.WARNING);
  }

  /**
   * A wait reached through a call made in a catch block is a note; one in a catch block whose try
   * always throws (a retry loop, the catch block runs on every attempt) stays a warning.
   */
  @Test
  void aWaitReachedOnlyFromACatchBlockIsANoteUnlessTheTryAlwaysThrows() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Retry.java",
                """
                import java.util.*;
                class Retry {
                    static void run(List<Integer> xs) {
                        xs.parallelStream().forEach(x -> {
                            for (int i = 0; i < 3; i++) {
                                try {
                                    check(x);
                                    throw new IllegalStateException();
                                } catch (IllegalStateException e) {
                                    backOff();
                                }
                            }
                            try {
                                check(x);
                            } catch (IllegalArgumentException e) {
                                pause();
                            }
                        });
                    }
                    static void check(int x) {}
                    static void backOff() {
                        try { Thread.sleep(10); } catch (InterruptedException e) { } // expect: blocking-in-parallel-stream: Thread.sleep(10)
                    }
                    static void pause() {
                        try { Thread.sleep(20); } catch (InterruptedException e) { } // expect: blocking-in-parallel-stream: a note: the tasks reach it only in a catch block
                    }
                }
                """)
            .doTest();
    assertThat(f).extracting(Finding::severity).containsExactly(Severity.WARNING, Severity.NOTE);
  }
}
