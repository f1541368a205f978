package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link IntraTaskSync}: intra-task-sync (bottleneck 5), locks and synchronized state inside tasks.
 */
class IntraTaskSyncTest {
  private final LintTestHelper helper;

  IntraTaskSyncTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("intra-task-sync");
  }

  /** Pinto et al. 2017, Fig. 9 (Mandelbrot). */
  @Test
  void synchronizedBlockLockAndSynchronizedMethodAreFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Render.java",
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
                                synchronized (LOCK) { plot(i); } // expect: intra-task-sync
                            }
                            L.lock(); // expect: intra-task-sync
                            try { plot(0); } finally { L.unlock(); }
                            return;
                        }
                        int mid = (lo + hi) >>> 1;
                        invokeAll(new Render(lo, mid), new Render(mid, hi));
                    }
                    static synchronized void plot(int i) { } // expect: intra-task-sync: reached from Render.compute() -> Render.plot()
                }
                """)
            .doTest();
    assertThat(f.get(0).rule().bottleneck()).isEqualTo(5);
  }

  /**
   * jsr166y's own sources: a task adapter inside the framework calls invoke(), whose completion
   * protocol locks and waits. That is the runtime's business, not the task's; the walk stops there.
   */
  @Test
  void theFrameworksOwnWaitingIsNotTheTasks() {
    helper
        .rules(
            "centralized-pooling",
            "copy-on-fork",
            "copy-on-join",
            "scattered-data",
            "intra-task-sync",
            "sleepy-worker")
        .addSourceLines(
            "ForkJoinTask.java",
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
                    """)
        .addSourceLines(
            "Sum.java",
            """
                    class Sum extends ForkJoinTask<Long> {
                        static final Object LOCK = new Object();
                        protected boolean exec() { invoke(); tally(); return true; }
                        void tally() { synchronized (LOCK) { } } // expect: intra-task-sync
                    }
                    """)
        .doTest();
  }

  @Test
  void sharedRandomAndSynchronizedCollectionsAreFlagged() {

    helper.addSourceLines(
        "Sample.java",
        """
                import java.util.*;
                import java.util.concurrent.*;
                class Sample extends RecursiveAction {
                    static final Random RANDOM = new Random(42);
                    static final List<Integer> OUT = Collections.synchronizedList(new ArrayList<>());
                    static final Vector<Integer> V = new Vector<>();
                    protected void compute() {
                        int x = RANDOM.nextInt(10); // expect: intra-task-sync
                        OUT.add(x); // expect: intra-task-sync
                        V.add(x); // expect: intra-task-sync
                        double m = Math.random(); // expect: intra-task-sync
                    }
                }
                """);
  }

  /** Basic-Blocks: the shared visited set reaches every task through its constructor. */
  @Test
  void synchronizedCollectionHandedToTasksThroughTheConstructorIsFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Visit.java",
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Visit extends RecursiveAction {
                    private final List<Visit> next = new ArrayList<>();
                    private final int node;
                    private final Set<Integer> visited;
                    Visit(int node, Set<Integer> visited) { this.node = node; this.visited = visited; }
                    protected void compute() {
                        if (!visited.add(node)) return; // expect: intra-task-sync
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
                """)
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.message()).contains("uses the synchronized collection visited");
            });
  }

  @Test
  void concurrentCollectionHandedToTasksThroughTheConstructorIsClean() {
    helper
        .addSourceLines(
            "Visit.java",
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
                """)
        .expectNoFindings();
  }

  @Test
  void synchronizationOnlyInTheDriverOrOnLocalsIsClean() {
    helper
        .addSourceLines(
            "Quiet.java",
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
                """)
        .expectNoFindings();
  }
}
