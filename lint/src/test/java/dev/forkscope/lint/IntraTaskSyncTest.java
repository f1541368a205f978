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
                    static long plotted;
                    final int lo, hi;
                    Render(int lo, int hi) { this.lo = lo; this.hi = hi; }
                    protected void compute() {
                        if (hi - lo < 100) {
                            for (int i = lo; i < hi; i++) {
                                plot(i);
                                synchronized (LOCK) { plotted++; } // expect: intra-task-sync
                            }
                            L.lock(); // expect: intra-task-sync
                            try { plotted++; } finally { L.unlock(); }
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
                        int x = RANDOM.nextInt(10); // expect: intra-task-sync: compare-and-set of its one seed
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

  /**
   * A cache's maintenance task (caffeine's shape): a one-off task takes the cache's own lock, and
   * per-entry monitors; a single async stage reaches an object's lock; a stream takes a lock once
   * in a thousand elements; each lambda's own Random. No pool's tasks contend for any of them.
   */
  @Test
  void locksNoTwoTasksOfAPoolContendForAreClean() {
    helper
        .addSourceLines(
            "Cache.java",
            """
                import java.util.*;
                import java.util.concurrent.*;
                import java.util.concurrent.locks.*;
                import java.util.stream.*;
                class Cache {
                    final ReentrantLock evictionLock = new ReentrantLock();
                    final Map<Object, Object> data = new ConcurrentHashMap<>();
                    final PerformCleanupTask cleanup = new PerformCleanupTask(this);
                    void performCleanUp() {
                        evictionLock.lock();
                        try { for (Object node : data.values()) evict(node); } finally { evictionLock.unlock(); }
                    }
                    void evict(Object node) { synchronized (node) { data.remove(node); } }
                    long done;
                    synchronized void stats() { }
                    void refresh() { CompletableFuture.runAsync(() -> stats()); }
                    void progress(List<Integer> xs) {
                        xs.parallelStream().forEach(i -> { if (i % 1000 == 0) { synchronized (this) { done += 1000; } } });
                    }
                    static class Clusterer {
                        final Random random = new Random();
                        int pick() { return random.nextInt(10); }
                    }
                    void cluster(int m) { IntStream.range(0, m).parallel().mapToObj(j -> new Clusterer().pick()).count(); }
                }
                class PerformCleanupTask extends ForkJoinTask<Void> implements Runnable {
                    final Cache cache;
                    PerformCleanupTask(Cache cache) { this.cache = cache; }
                    public boolean exec() { run(); return false; }
                    public void run() { cache.performCleanUp(); }
                    public Void getRawResult() { return null; }
                    protected void setRawResult(Void v) { }
                }
                """)
        .expectNoFindings();
  }

  /** The same object's lock from every element of a stream or every stage started in a loop. */
  @Test
  void locksManyTasksOfAPoolContendForAreFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Stats.java",
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Stats {
                    final Object monitor = new Object();
                    int games;
                    synchronized void record(int score) { games++; } // expect: intra-task-sync: synchronized method record()
                    void play(List<Integer> scores) {
                        scores.parallelStream().forEach(s -> record(s));
                        for (int s : scores) CompletableFuture.runAsync(() -> { synchronized (this) { games++; } }); // expect: intra-task-sync: synchronized block
                        scores.parallelStream().forEach(s -> { Object mine = monitor; synchronized (mine) { games++; } }); // expect: intra-task-sync: synchronized block
                        scores.parallelStream().forEach(s -> { if (s % 2 == 0) { synchronized (monitor) { games++; } } }); // expect: intra-task-sync: synchronized block
                    }
                }
                """)
            .doTest();
    assertThat(f.get(0).path())
        .last()
        .satisfies(
            step ->
                assertThat(step.description()).isEqualTo("synchronized void record(int score)"));
  }

  /**
   * A lock taken only while the task already holds a shared monitor (the outer one is where tasks
   * wait, and it is judged where it is taken), or only in a rare branch further up the call path,
   * adds no wait of its own. Under the element's own monitor (a parameter) the inner lock is still
   * contended.
   */
  @Test
  void locksUnderAnOuterMonitorOrARareBranchOnThePathAreClean() {
    helper
        .addSourceLines(
            "Dataset.java",
            """
                import java.util.*;
                class Dataset {
                    static final Object GROW = new Object();
                    int[] labels = new int[1];
                    int size;
                    void add(int label) { grow(); labels[size++] = label; }
                    private void grow() { synchronized (GROW) { labels = Arrays.copyOf(labels, size * 2 + 1); } } // expect: intra-task-sync: reached from parallel stream lambda in forEach() -> Dataset.grow()
                    synchronized void count() { }
                    static void train(List<Integer> xs) {
                        Dataset data = new Dataset();
                        xs.parallelStream().forEach(x -> { synchronized (data) { data.add(x); } });
                        xs.parallelStream().forEach(x -> { if (x % 1000 == 0) { log(); } });
                    }
                    static void log() { data().count(); }
                    static Dataset data() { return new Dataset(); }
                    static void perItem(List<Dataset> ds) {
                        ds.parallelStream().forEach((Dataset d) -> { synchronized (d) { d.grow(); } });
                    }
                }
                """)
        .doTest();
  }

  /**
   * An object's lock reached through two calls or more belongs to an object handed along the calls,
   * which may be each task's own: a note that says so, not a warning.
   */
  @Test
  void anObjectsLockReachedThroughCallsIsANote() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Sentence.java",
                """
                import java.util.*;
                class Sentence {
                    final List<String> tokens = new ArrayList<>();
                    List<String> words() { synchronized (tokens) { return List.copyOf(tokens); } } // expect: intra-task-sync: which the tasks may not share
                    String word(int i) { return words().get(i); }
                    static void featurize(List<Sentence> xs) {
                        xs.parallelStream().forEach((Sentence s) -> s.word(0));
                    }
                }
                """)
            .doTest();
    assertThat(f).singleElement().satisfies(n -> assertThat(n.severity()).isEqualTo(Severity.NOTE));
    assertThat(f.get(0).actionable()).isFalse();
  }

  /**
   * Readers of a read lock never wait for one another, only while a writer (here only {@code
   * close()}) holds it: a note, not a warning.
   */
  @Test
  void aReadLockIsANote() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Index.java",
                """
                import java.util.*;
                import java.util.concurrent.locks.*;
                class Index {
                    static final ReentrantReadWriteLock RW = new ReentrantReadWriteLock();
                    static final Lock READ = RW.readLock();
                    static int[] postings = new int[0];
                    static long search(List<Integer> terms) {
                        return terms.parallelStream().mapToLong(t -> {
                            READ.lock(); // expect: intra-task-sync: a read lock
                            try { return postings.length; } finally { READ.unlock(); }
                        }).sum();
                    }
                    static void close() {
                        RW.writeLock().lock();
                        try { postings = null; } finally { RW.writeLock().unlock(); }
                    }
                }
                """)
            .doTest();
    assertThat(f).singleElement().satisfies(n -> assertThat(n.severity()).isEqualTo(Severity.NOTE));
  }

  /**
   * A lock reached while the task holds a shared lock taken with {@code lock()} or {@code
   * tryLock()} adds no wait of its own: tasks wait at the outer lock (judged where it is taken) or,
   * behind a tryLock, skip the region. Once the outer lock is released, the inner one is contended
   * again.
   */
  @Test
  void locksBehindAnOuterLockOrATryLockAreClean() {
    helper
        .addSourceLines(
            "Evictor.java",
            """
                import java.util.*;
                import java.util.concurrent.locks.*;
                class Evictor {
                    static final ReentrantLock EVICTION = new ReentrantLock();
                    static final Object STATS = new Object();
                    static void drain(List<Integer> xs) {
                        xs.parallelStream().forEach(x -> {
                            if (EVICTION.tryLock()) {
                                try { synchronized (STATS) { x++; } } finally { EVICTION.unlock(); }
                            }
                        });
                        xs.parallelStream().forEach(x -> {
                            if (!EVICTION.tryLock()) {
                                return;
                            }
                            try { record(); } finally { EVICTION.unlock(); }
                        });
                        xs.parallelStream().forEach(x -> {
                            EVICTION.lock(); // expect: intra-task-sync: acquires a lock with lock()
                            try {
                                synchronized (STATS) { x++; }
                            } finally {
                                EVICTION.unlock();
                            }
                            synchronized (STATS) { x--; } // expect: intra-task-sync: synchronized block
                        });
                    }
                    static void record() { synchronized (STATS) { } }
                }
                """)
        .doTest();
  }

  /**
   * A method reference that names a type ({@code forEach(Terms::close)}) is called on each element:
   * the lock of the element's own field is a note, as for an object reached through two calls.
   */
  @Test
  void anElementsOwnLockReachedThroughAMethodReferenceIsANote() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Terms.java",
                """
                import java.util.*;
                class Terms {
                    final Map<String, String> terms = new HashMap<>();
                    void close() { synchronized (terms) { terms.clear(); } } // expect: intra-task-sync: the element Terms::close is called on
                    static void closeAll(List<Terms> all) { all.parallelStream().forEach(Terms::close); }
                }
                """)
            .doTest();
    assertThat(f).singleElement().satisfies(n -> assertThat(n.severity()).isEqualTo(Severity.NOTE));
  }

  /**
   * flink-connector-kafka's abortTransactions: each iteration of a parallel forEach makes its own
   * producer, whose closing lock is a final {@code new Object()} of that producer. No other task
   * can reach the object, so none waits for its monitor, through one call or more, on the object,
   * on its own field, or on {@code this} of an object made right there.
   */
  @Test
  void aLockOfAnObjectTheTaskMadeIsClean() {
    helper
        .addSourceLines(
            "Producer.java",
            """
                import java.util.*;
                import java.util.concurrent.locks.*;
                class Producer {
                    private final Object closingLock;
                    private final Lock sendLock = new ReentrantLock();
                    private final Buffer buffer = new Buffer();
                    Producer(String id) { closingLock = new Object(); }
                    void initTransactions() { synchronized (closingLock) { } }
                    void close() { synchronized (closingLock) { flush(); } }
                    void send() { sendLock.lock(); try { buffer.append(); } finally { sendLock.unlock(); } }
                    synchronized void flush() { }
                    static void abort(Set<String> ids) {
                        ids.parallelStream().forEach(id -> {
                            Producer producer = null;
                            try {
                                producer = new Producer(id);
                                producer.initTransactions();
                                producer.send();
                            } finally {
                                if (producer != null) producer.close();
                            }
                        });
                        ids.parallelStream().forEach(id -> new Producer(id).flush());
                    }
                }
                class Buffer {
                    synchronized void append() { }
                }
                """)
        .expectNoFindings();
  }

  /**
   * The same producer is contended where the tasks may share it: one a lambda captures, one a field
   * holds, or one whose lock is handed in by its maker.
   */
  @Test
  void aLockOfAnObjectTheTasksShareIsStillFlagged() {
    helper
        .addSourceLines(
            "Producer.java",
            """
                import java.util.*;
                class Producer {
                    private final Object closingLock;
                    private final Object given;
                    Producer(Object lock) { closingLock = new Object(); given = lock; }
                    void initTransactions() { synchronized (closingLock) { } } // expect: intra-task-sync: synchronized block
                    void send() { synchronized (given) { } } // expect: intra-task-sync: synchronized block
                    static final Object SHARED = new Object();
                    static void abort(Set<String> ids) {
                        Producer producer = new Producer(SHARED);
                        ids.parallelStream().forEach(id -> producer.initTransactions());
                        ids.parallelStream().forEach(id -> { Producer own = new Producer(SHARED); own.send(); });
                    }
                }
                """)
        .doTest();
  }

  /**
   * seata's console: a parallel stream over sessions calls each session's method, which takes that
   * session's own monitor. As for {@code Terms::close}, the lock is the element's: a note, however
   * many calls on the element lead to it.
   */
  @Test
  void anElementsOwnLockReachedThroughTheLambdasParameterIsANote() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Session.java",
                """
                import java.util.*;
                class Session {
                    List<String> branches;
                    List<String> branches() { load(); return branches; }
                    void load() { synchronized (this) { branches = new ArrayList<>(); } } // expect: intra-task-sync: the element s.branches() is called on
                    synchronized void touch() { } // expect: intra-task-sync: the element s.touch() is called on
                    static long all(Collection<Session> sessions) {
                        sessions.parallelStream().forEach(s -> s.touch());
                        return sessions.parallelStream().flatMap(s -> s.branches().stream()).count();
                    }
                }
                """)
            .doTest();
    assertThat(f).hasSize(2).allSatisfy(n -> assertThat(n.severity()).isEqualTo(Severity.NOTE));
  }

  /**
   * micronaut-inject's bean context: each {@code @Parallel} processor task takes the context's
   * monitor ({@code synchronized stop()}) only in its catch block, when processing failed. How
   * often an exception is caught is not shown: a note. The synchronized map cleared inside {@code
   * stop()} is taken only under the method's own monitor, where the tasks wait: nothing more.
   */
  @Test
  void aLockReachedOnlyFromACatchBlockIsANote() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Context.java",
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Context {
                    private final Map<String, Object> attributes = Collections.synchronizedMap(new HashMap<>());
                    void process(List<Runnable> processors) {
                        for (Runnable p : processors) {
                            ForkJoinPool.commonPool().execute(() -> {
                                try {
                                    p.run();
                                } catch (Throwable e) {
                                    stop();
                                }
                            });
                        }
                    }
                    synchronized Context stop() { // expect: intra-task-sync: only in a catch block
                        attributes.clear();
                        return this;
                    }
                }
                """)
            .doTest();
    assertThat(f).singleElement().satisfies(n -> assertThat(n.severity()).isEqualTo(Severity.NOTE));
  }

  /**
   * A lock in a catch block whose try block always throws (a retry loop) is taken on every attempt,
   * and one in a {@code finally} block always runs: both are on the task's path.
   */
  @Test
  void aLockInAFinallyBlockOrBehindATryThatAlwaysThrowsIsOnThePath() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Retry.java",
                """
                import java.util.*;
                class Retry {
                    static final Object LOCK = new Object();
                    static int attempts;
                    static void run(List<Integer> xs) {
                        xs.parallelStream().forEach(x -> {
                            for (int i = 0; i < 3; i++) {
                                try {
                                    x++;
                                    throw new IllegalStateException();
                                } catch (IllegalStateException e) {
                                    synchronized (LOCK) { attempts++; } // expect: intra-task-sync: synchronized block
                                }
                            }
                            try {
                                x++;
                            } finally {
                                synchronized (LOCK) { attempts--; } // expect: intra-task-sync: synchronized block
                            }
                        });
                    }
                }
                """)
            .doTest();
    assertThat(f).allSatisfy(w -> assertThat(w.severity()).isEqualTo(Severity.WARNING));
  }

  /**
   * A lock taken inside a synchronized method is taken only by the thread holding the method's
   * monitor: the tasks wait at the method, reported there, not again at the inner lock. A task's
   * synchronized method declared in a synchronized method (an anonymous task) runs later, on a
   * worker, without the outer monitor.
   */
  @Test
  void aLockInsideASynchronizedMethodIsReportedAtTheMethodOnly() {
    helper
        .addSourceLines(
            "Registry.java",
            """
                import java.util.*;
                class Registry {
                    static final Object LOCK = new Object();
                    static final Registry INSTANCE = new Registry();
                    static int n;
                    static synchronized void register() { // expect: intra-task-sync: synchronized method register()
                        synchronized (LOCK) { n++; }
                    }
                    static void all(List<Integer> xs) { xs.parallelStream().forEach(x -> register()); }
                    static synchronized void start(java.util.concurrent.ForkJoinPool pool) {
                        pool.invoke(new java.util.concurrent.RecursiveAction() {
                            protected synchronized void compute() { } // expect: intra-task-sync: synchronized method compute()
                        });
                    }
                }
                """)
        .doTest();
  }

  /**
   * A lock in the branch of {@code if (f == null)} that sets the field {@code f} (lazy
   * initialisation) is taken only until the field is set. A null test that sets nothing, or a flag
   * such as {@code if (closed)}, which every task takes once it holds, stays on the path.
   */
  @Test
  void aLockThatLazilyInitialisesAFieldIsOffThePath() {
    helper
        .addSourceLines(
            "Model.java",
            """
                import java.util.*;
                class Model {
                    static final Object LOCK = new Object();
                    private volatile int[] table;
                    private Object listener;
                    private boolean closed;
                    static int n;
                    int[] table() {
                        if (table == null) {
                            synchronized (LOCK) {
                                if (table == null) { table = new int[16]; }
                            }
                        }
                        return table;
                    }
                    void notifyListener() {
                        if (listener == null) {
                            synchronized (LOCK) { n++; } // expect: intra-task-sync: synchronized block
                        }
                    }
                    void flush() {
                        if (closed) {
                            synchronized (LOCK) { n--; } // expect: intra-task-sync: synchronized block
                        }
                    }
                    static void all(List<Model> ms) {
                        ms.parallelStream().forEach((Model m) -> { m.table(); m.notifyListener(); m.flush(); });
                    }
                }
                """)
        .doTest();
  }
}
