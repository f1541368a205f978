package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** intra-task-sync (5), sleepy-worker (6), blocking-io-in-task and get-in-task. */
class SyncAndBlockingTest {
  @TempDir Path dir;

  /** Pinto et al. 2017, Fig. 9 (Mandelbrot). */
  @Test
  void synchronizedBlockLockAndSynchronizedMethodAreFlagged() {
    List<Finding> f =
        Lint.of(
            "intra-task-sync",
            dir,
            """
                import java.util.concurrent.*;
                import java.util.concurrent.locks.*;
                class Render extends RecursiveAction {
                    static final Object LOCK = new Object();
                    static final Lock L = new ReentrantLock();
                    final int lo, hi;
                    Render(int lo, int hi) { this.lo = lo; this.hi = hi; }
                    protected void compute() {
                        if (hi - lo < 100) {
                            for (int i = lo; i < hi; i++) {
                                synchronized (LOCK) { plot(i); }
                            }
                            L.lock();
                            try { plot(0); } finally { L.unlock(); }
                            return;
                        }
                        int mid = (lo + hi) >>> 1;
                        invokeAll(new Render(lo, mid), new Render(mid, hi));
                    }
                    static synchronized void plot(int i) { }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(11, 13, 20);
    assertThat(f.get(2).message()).contains("reached from Render.compute() -> Render.plot()");
    assertThat(f.get(0).rule().bottleneck()).isEqualTo(5);
  }

  /**
   * jsr166y's own sources: a task adapter inside the framework calls invoke(), whose completion
   * protocol locks and waits. That is the runtime's business, not the task's; the walk stops there.
   */
  @Test
  void theFrameworksOwnWaitingIsNotTheTasks() {
    List<Finding> f =
        Lint.run(
                dir,
                """
                    public abstract class ForkJoinTask<V> {
                        static final Object LOCK = new Object();
                        public final V invoke() { doInvoke(); return null; }
                        private void doInvoke() {
                            synchronized (LOCK) {
                                try { LOCK.wait(); } catch (InterruptedException e) { }
                            }
                        }
                        protected abstract boolean exec();
                        static final class AdaptedRunnable extends ForkJoinTask<Void> {
                            final Runnable runnable;
                            AdaptedRunnable(Runnable r) { runnable = r; }
                            protected boolean exec() { new AdaptedRunnable(runnable).invoke(); return true; }
                        }
                    }
                    """,
                """
                    class Sum extends ForkJoinTask<Long> {
                        static final Object LOCK = new Object();
                        protected boolean exec() { invoke(); tally(); return true; }
                        void tally() { synchronized (LOCK) { } }
                    }
                    """)
            .findings();
    assertThat(f)
        .filteredOn(x -> x.rule().bottleneck() != null)
        .extracting(x -> x.rule().id() + "@" + x.file().getFileName() + ":" + x.line())
        .containsExactly("intra-task-sync@Sum.java:4");
  }

  @Test
  void sharedRandomAndSynchronizedCollectionsAreFlagged() {
    List<Finding> f =
        Lint.of(
            "intra-task-sync",
            dir,
            """
                import java.util.*;
                import java.util.concurrent.*;
                class Sample extends RecursiveAction {
                    static final Random RANDOM = new Random(42);
                    static final List<Integer> OUT = Collections.synchronizedList(new ArrayList<>());
                    static final Vector<Integer> V = new Vector<>();
                    protected void compute() {
                        int x = RANDOM.nextInt(10);
                        OUT.add(x);
                        V.add(x);
                        double m = Math.random();
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(8, 9, 10, 11);
  }

  /** Basic-Blocks: the shared visited set reaches every task through its constructor. */
  @Test
  void synchronizedCollectionHandedToTasksThroughTheConstructorIsFlagged() {
    List<Finding> f =
        Lint.of(
            "intra-task-sync",
            dir,
            """
                import java.util.*;
                import java.util.concurrent.*;
                class Visit extends RecursiveAction {
                    private final List<Visit> next = new ArrayList<>();
                    private final int node;
                    private final Set<Integer> visited;
                    Visit(int node, Set<Integer> visited) { this.node = node; this.visited = visited; }
                    protected void compute() {
                        if (!visited.add(node)) return;
                        for (int succ : new int[] {node * 2, node * 2 + 1}) {
                            if (succ < 1000) next.add(new Visit(succ, visited));
                        }
                        invokeAll(next);
                    }
                    static int reachable() {
                        Set<Integer> visited = Collections.synchronizedSet(new HashSet<>());
                        ForkJoinPool.commonPool().invoke(new Visit(1, visited));
                        return visited.size();
                    }
                }
                """);
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.line()).isEqualTo(9);
              assertThat(x.message()).contains("uses the synchronized collection visited");
            });
  }

  @Test
  void concurrentCollectionHandedToTasksThroughTheConstructorIsClean() {
    assertThat(
            Lint.of(
                "intra-task-sync",
                dir,
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Visit extends RecursiveAction {
                    private final List<Visit> next = new ArrayList<>();
                    private final int node;
                    private final Set<Integer> visited;
                    Visit(int node, Set<Integer> visited) { this.node = node; this.visited = visited; }
                    protected void compute() {
                        if (!visited.add(node)) return;
                        for (int succ : new int[] {node * 2, node * 2 + 1}) {
                            if (succ < 1000) next.add(new Visit(succ, visited));
                        }
                        invokeAll(next);
                    }
                    static int reachable() {
                        Set<Integer> visited = ConcurrentHashMap.newKeySet();
                        ForkJoinPool.commonPool().invoke(new Visit(1, visited));
                        List<Integer> log = Collections.synchronizedList(new ArrayList<>());
                        log.add(visited.size());
                        return visited.size();
                    }
                }
                """))
        .isEmpty();
  }

  @Test
  void synchronizationOnlyInTheDriverOrOnLocalsIsClean() {
    assertThat(
            Lint.of(
                "intra-task-sync",
                dir,
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Quiet extends RecursiveAction {
                    static final Object LOCK = new Object();
                    protected void compute() {
                        Random mine = new Random(1);
                        int x = mine.nextInt() + ThreadLocalRandom.current().nextInt();
                        StringBuilder sb = new StringBuilder().append(x);
                    }
                    public static void main(String[] args) {
                        synchronized (LOCK) { ForkJoinPool.commonPool().invoke(new Quiet()); }
                    }
                    static synchronized void report() { }
                }
                """))
        .isEmpty();
  }

  /** Pinto et al. 2017, CTask. */
  @Test
  void sleepWaitTakeAndAwaitInTasksAreFlagged() {
    List<Finding> f =
        Lint.of(
            "sleepy-worker",
            dir,
            """
                import java.util.concurrent.*;
                class Sleepy extends RecursiveAction {
                    static final BlockingQueue<Integer> Q = new LinkedBlockingQueue<>();
                    static final CountDownLatch LATCH = new CountDownLatch(1);
                    protected void compute() {
                        try {
                            Thread.sleep(1000);
                            TimeUnit.MILLISECONDS.sleep(5);
                            Q.take();
                            LATCH.await();
                            pause();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    void pause() throws InterruptedException { synchronized (this) { wait(10); } }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(7, 8, 9, 10, 16);
    assertThat(f.get(0).rule().severity()).isEqualTo(Severity.ERROR);
    assertThat(f.get(4).path())
        .extracting(Step::description)
        .containsExactly("Sleepy.compute()", "Sleepy.pause()", "wait(10)");
  }

  @Test
  void sleepingInMainOrUnderManagedBlockIsClean() {
    assertThat(
            Lint.of(
                "sleepy-worker",
                dir,
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
                """))
        .isEmpty();
  }

  @Test
  void sleepInALambdaHandedToAPoolIsFlagged() {
    List<Finding> f =
        Lint.of(
            "sleepy-worker",
            dir,
            """
                import java.util.concurrent.*;
                class Submit {
                    static final ForkJoinPool POOL = new ForkJoinPool();
                    static void go() {
                        POOL.submit(() -> { try { Thread.sleep(5); } catch (InterruptedException e) { } });
                        new Thread(() -> { try { Thread.sleep(5); } catch (InterruptedException e) { } }).start();
                    }
                }
                """);
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.line()).isEqualTo(5);
              assertThat(x.taskClass()).isNull();
            });
  }

  @Test
  void blockingIoInTaskIsFlagged() {
    List<Finding> f =
        Lint.of(
            "blocking-io-in-task",
            dir,
            """
                import java.io.*;
                import java.nio.file.*;
                import java.util.concurrent.*;
                class Load extends RecursiveTask<Integer> {
                    final Path p;
                    Load(Path p) { this.p = p; }
                    protected Integer compute() {
                        try (InputStream in = new FileInputStream(p.toFile())) {
                            return Files.readAllLines(p).size() + in.available();
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(8, 9);
  }

  @Test
  void getOnASubtaskIsFlaggedButJoinIsNot() {
    List<Finding> f =
        Lint.of(
            "get-in-task",
            dir,
            """
                import java.util.concurrent.*;
                class Get extends RecursiveTask<Integer> {
                    final int n;
                    Get(int n) { this.n = n; }
                    protected Integer compute() {
                        if (n < 2) return n;
                        Get a = new Get(n - 1);
                        a.fork();
                        try {
                            int x = new Get(n - 2).fork().get();
                            return a.get() + x + a.join();
                        } catch (InterruptedException | ExecutionException e) {
                            throw new RuntimeException(e);
                        }
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(10, 11);
  }
}
