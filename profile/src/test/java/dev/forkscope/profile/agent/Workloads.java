package dev.forkscope.profile.agent;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.Future;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Programs with known task structure, run in a child JVM under the agent by {@link
 * AgentEndToEndTest}. Each scenario uses its own task classes so that the test can pick its
 * executions by class name.
 */
public final class Workloads {
  static final int FIXED_TASKS = 20;
  static final long FIXED_SPIN_NS = 2_000_000;
  static final int NESTED_ROUNDS = 5;
  static final int REPEATS = 5;
  static final int LAMBDA_SUBMISSIONS = 50;
  static final int RANGE = 1024;
  static final int LEAF = 8;

  /**
   * Tasks of {@link Count} over {@link #RANGE} split in halves down to {@link #LEAF}: 2 * 128 - 1.
   */
  static final int COUNT_TASKS = 2 * (RANGE / LEAF) - 1;

  static final int TINY_TASKS = 20_000;
  static final int HALVES_RANGE = 64;
  static final int DELEGATING_TASKS = 30;
  static final int EXIT_TASKS = 10;
  static final long LATE_NS = 20_000_000;
  static final int SEQUENTIAL_TASKS = 200;
  static final int MAILBOX_RUNS = 20;
  static final long WAITER_OWN_CPU_NS = 1_000_000;
  static final long STOLEN_CPU_NS = 30_000_000;
  static final long LONE_CPU_NS = 60_000_000;
  static final int KILL_TASKS = 200;
  static final int MILLION_LEAVES = 1 << 19;

  /** Tasks of known cost for the sampling test: enough for the agent to sample their class. */
  static final int KNOWN_TASKS = 40_000;

  static final long KNOWN_NS = 10_000;
  static final int SAMPLED_LEAVES = 1 << 17;
  static final int VIRTUAL_THREADS = 100;
  static final int VIRTUAL_EXECUTOR_TASKS = 50;

  /** Work/span: a balanced tree of this depth whose leaves each spin this long (wall time). */
  static final int TREE_DEPTH = 4;

  static final long TREE_LEAF_NS = 10_000_000;

  /** Work/span: a chain of this many links, each forked and joined at once, spinning this long. */
  static final int CHAIN_LINKS = 10;

  static final long CHAIN_LINK_NS = 3_000_000;

  /**
   * Work/span: this many rounds of {@code invokeAll(short, long)}: the short task runs inline, the
   * long one is forked and joined by invokeAll.
   */
  static final int PAIR_ROUNDS = 10;

  static final long PAIR_SHORT_NS = 1_000_000;
  static final long PAIR_LONG_NS = 4_000_000;

  /** Work/span: Fib(FIB_N), computed sequentially below FIB_CUTOFF, on a pool of one worker. */
  static final int FIB_N = 35;

  static final int FIB_CUTOFF = 20;

  private Workloads() {}

  public static void main(String[] args) throws Exception {
    switch (args[0]) {
      case "scenarios" -> scenarios();
      case "exit" -> {
        fixedTasks(EXIT_TASKS, 100_000);
        System.exit(3);
      }
      case "throw" -> {
        fixedTasks(EXIT_TASKS, 100_000);
        throw new IllegalStateException("thrown out of main on purpose");
      }
      case "kill" -> {
        fixedTasks(KILL_TASKS, 10_000);
        System.out.println("ready");
        System.out.flush();
        Thread.sleep(TimeUnit.MINUTES.toMillis(2));
      }
      case "late" -> {
        ForkJoinPool pool = new ForkJoinPool(1);
        pool.execute(new LateFinisher());
        LateFinisher.COMPLETED.await();
      }
      case "lone" -> new ForkJoinPool(2).invoke(new Lone());
      case "sequential" -> {
        ForkJoinPool pool = new ForkJoinPool(1);
        for (int i = 0; i < SEQUENTIAL_TASKS; i++) {
          pool.invoke(new Sequential());
        }
      }
      case "millions" -> millions();
      case "sampled" -> sampled();
      case "virtual" -> virtualThreads();
      case "workspan" -> workSpan();
      case "layers" -> LayerWorkloads.run();
      case "load" -> LoadWorkloads.run();
      case "waits" -> WaitWorkloads.run();
      default -> throw new IllegalArgumentException(args[0]);
    }
  }

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /**
   * Burns {@code ns} of this thread's CPU time (wall time on a virtual thread, which has no CPU
   * clock), so that the task's cost is known however loaded the machine is.
   */
  static void spin(long ns) {
    long cpu = THREADS.getCurrentThreadCpuTime();
    if (cpu < 0) {
      long start = System.nanoTime();
      while (System.nanoTime() - start < ns) {
        Thread.onSpinWait();
      }
      return;
    }
    while (THREADS.getCurrentThreadCpuTime() - cpu < ns) {
      Thread.onSpinWait();
    }
  }

  private static void scenarios() throws Exception {
    // Load (and so instrument) the classes first: the time to load a class is spent in the task
    // that
    // first uses it, which would blur the known costs below.
    for (Class<?> c :
        List.of(NestedA.class, NestedB.class, NestedC.class, HelpParent.class, HelpChild.class)) {
      Class.forName(c.getName(), true, c.getClassLoader());
    }
    fixedTasks(FIXED_TASKS, FIXED_SPIN_NS);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    // A first round on main pays the agent's one-time costs per class (class records, sampled call
    // sites); the test checks the rounds run by the pool.
    new NestedC().run();
    for (int i = 0; i < NESTED_ROUNDS; i++) {
      pool.submit(new NestedC()).get();
    }
    Repeated repeated = new Repeated();
    for (int i = 0; i < REPEATS; i++) {
      pool.submit(repeated).get();
    }
    LambdaHolder.submitSame(pool);
    LambdaHolder.submitCapturing(pool);
    long counted = new ForkJoinPool(2).invoke(new Count(0, RANGE));
    if (counted != RANGE) {
      throw new AssertionError("count " + counted);
    }
    List<Future<?>> tiny = new ArrayList<>(TINY_TASKS);
    for (int i = 0; i < TINY_TASKS; i++) {
      tiny.add(pool.submit(new Tiny()));
    }
    for (Future<?> f : tiny) {
      f.get();
    }
    long halves = new ForkJoinPool(2).invoke(new Halves(0, HALVES_RANGE));
    if (halves != HALVES_RANGE) {
      throw new AssertionError("halves " + halves);
    }
    for (int i = 0; i < DELEGATING_TASKS; i++) {
      pool.submit(new Delegating()).get();
    }
    ForkJoinPool single = new ForkJoinPool(1);
    single.invoke(new HelpParent());
    single.invoke(new HelpParent());
    new ForkJoinPool(2).invoke(new Waiter());
    Mailbox mailbox = new Mailbox();
    for (int i = 0; i < MAILBOX_RUNS; i++) {
      single.execute((ForkJoinTask<?>) mailbox); // as Pekko submits it
      Mailbox.RAN.acquire();
    }
    pool.shutdown();
    pool.awaitTermination(1, TimeUnit.MINUTES);
  }

  /** Fork/join computations whose work and span are known; see the constants above. */
  private static void workSpan() {
    ForkJoinPool pool = new ForkJoinPool(2);
    pool.invoke(new SpanTree(TREE_DEPTH));
    pool.invoke(new SpanChain());
    pool.invoke(new SpanPairs());
    pool.shutdown();
    // one worker: its many short strands do not compete with a second worker for two loaded CPUs
    // (the graph does not depend on the number of workers)
    ForkJoinPool single = new ForkJoinPool(1);
    SpanFib.sequential(FIB_CUTOFF + 5); // compiled before the first leaf: leaves of equal cost
    long fib = single.invoke(new SpanFib(FIB_N));
    if (fib != SpanFib.sequential(FIB_N)) {
      throw new AssertionError("fib " + fib);
    }
    single.shutdown();
  }

  /**
   * Spins for {@code ns} of wall time: a leaf whose wall time is known even when the thread is
   * preempted in the middle (unless it is still off the CPU at the deadline).
   */
  static void wallSpin(long ns) {
    long start = System.nanoTime();
    while (System.nanoTime() - start < ns) {
      Thread.onSpinWait();
    }
  }

  private static void fixedTasks(int n, long spinNs) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    List<Future<?>> futures = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      futures.add(pool.submit(new Fixed(spinNs)));
    }
    for (Future<?> f : futures) {
      f.get();
    }
    pool.shutdown();
  }

  private static void millions() throws Exception {
    new ForkJoinPool(2).invoke(new Split(0, MILLION_LEAVES));
    System.out.println("done");
  }

  /**
   * {@link #KNOWN_TASKS} tasks of {@link #KNOWN_NS} of CPU each on two threads, then a fork/join
   * recursion of {@code 2 * SAMPLED_LEAVES - 1} tiny tasks: both classes fine-grained enough to be
   * sampled.
   */
  private static void sampled() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    List<Future<?>> futures = new ArrayList<>(KNOWN_TASKS);
    for (int i = 0; i < KNOWN_TASKS; i++) {
      futures.add(pool.submit(new Known()));
    }
    for (Future<?> f : futures) {
      f.get();
    }
    pool.shutdown();
    new ForkJoinPool(2).invoke(new Split(0, SAMPLED_LEAVES));
    System.out.println("done");
  }

  private static void virtualThreads() throws Exception {
    Method ofVirtual = Thread.class.getMethod("ofVirtual");
    Object builder = ofVirtual.invoke(null);
    Method start = Class.forName("java.lang.Thread$Builder").getMethod("start", Runnable.class);
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < VIRTUAL_THREADS; i++) {
      threads.add((Thread) start.invoke(builder, new VirtualBody()));
    }
    for (Thread t : threads) {
      t.join();
    }
    ExecutorService perTask =
        (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    List<Future<?>> futures = new ArrayList<>();
    for (int i = 0; i < VIRTUAL_EXECUTOR_TASKS; i++) {
      futures.add(perTask.submit(new VirtualCall()));
    }
    for (Future<?> f : futures) {
      f.get();
    }
    perTask.shutdown();
  }

  /** A task of known cost. */
  static final class Fixed implements Runnable {
    private final long ns;

    Fixed(long ns) {
      this.ns = ns;
    }

    @Override
    public void run() {
      spin(ns);
    }
  }

  /**
   * Seed 003 Fig. 4: A and B are tasks; C extends B, calls super.run() and runs an A and a B
   * nested.
   */
  static class NestedA implements Runnable {
    @Override
    public void run() {
      spin(2_000_000);
    }
  }

  static class NestedB implements Runnable {
    @Override
    public void run() {
      spin(1_000_000);
    }
  }

  static final class NestedC extends NestedB {
    @Override
    public void run() {
      super.run();
      new NestedA().run();
      new NestedB().run();
      spin(1_000_000);
    }
  }

  static final class Repeated implements Runnable {
    @Override
    public void run() {
      spin(100_000);
    }
  }

  static final class Known implements Runnable {
    @Override
    public void run() {
      spin(KNOWN_NS);
    }
  }

  static final class Tiny implements Runnable {
    @Override
    public void run() {
      Math.sqrt(System.nanoTime());
    }
  }

  static final class LambdaHolder {
    private LambdaHolder() {}

    static void submitSame(ExecutorService pool) throws Exception {
      Runnable same = () -> spin(10_000);
      for (int i = 0; i < LAMBDA_SUBMISSIONS; i++) {
        pool.submit(same).get();
      }
    }

    static void submitCapturing(ExecutorService pool) throws Exception {
      List<Future<Integer>> futures = new ArrayList<>();
      for (int i = 0; i < LAMBDA_SUBMISSIONS; i++) {
        int n = i;
        Callable<Integer> capturing = () -> n * 2;
        futures.add(pool.submit(capturing));
      }
      for (Future<Integer> f : futures) {
        f.get();
      }
    }
  }

  /** Counts a range by halving it; every task is executed once (invokeAll). */
  static final class Count extends RecursiveTask<Long> {
    private final int from;
    private final int to;

    Count(int from, int to) {
      this.from = from;
      this.to = to;
    }

    @Override
    protected Long compute() {
      if (to - from <= LEAF) {
        return (long) (to - from);
      }
      int mid = (from + to) >>> 1;
      Count left = new Count(from, mid);
      Count right = new Count(mid, to);
      invokeAll(left, right);
      return left.join() + right.join();
    }
  }

  /**
   * On a pool of one worker, the forked child is run by its joiner inside join(): a helped
   * execution.
   */
  /**
   * Signals its completion to main, then keeps running for {@link #LATE_NS} before it returns: as
   * an executor's task does between completing its future and returning to the hooked method, where
   * the execution is recorded. Main exits as soon as it is signalled.
   */
  static final class LateFinisher extends RecursiveAction {
    static final CountDownLatch COMPLETED = new CountDownLatch(1);

    @Override
    protected void compute() {
      COMPLETED.countDown();
      long start = System.nanoTime();
      while (System.nanoTime() - start < LATE_NS) {
        Thread.onSpinWait();
      }
    }
  }

  /**
   * An actor mailbox as Akka and Pekko write it: a fork/join task that is also a Runnable and never
   * completes, executed again and again; {@code doExec}, its {@code exec()} and its {@code run()}
   * are entered for one execution.
   */
  static final class Mailbox extends ForkJoinTask<Void> implements Runnable {
    static final Semaphore RAN = new Semaphore(0);

    @Override
    public Void getRawResult() {
      return null;
    }

    @Override
    protected void setRawResult(Void value) {
      // no result: the mailbox is never completed
    }

    @Override
    protected boolean exec() {
      run();
      return false;
    }

    @Override
    public void run() {
      spin(10_000);
      RAN.release();
    }
  }

  /**
   * Forks a {@link Stolen} child, waits until another worker runs it, and joins it: a join that
   * waits.
   */
  static final class Waiter extends RecursiveAction {
    @Override
    protected void compute() {
      Stolen child = new Stolen();
      child.fork();
      try {
        child.started
            .await(); // parked, not spinning: the wait costs no CPU on a busy machine either
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
      spin(WAITER_OWN_CPU_NS);
      child.join();
    }
  }

  static final class Stolen extends RecursiveAction {
    final CountDownLatch started = new CountDownLatch(1);

    @Override
    protected void compute() {
      started.countDown();
      spin(STOLEN_CPU_NS);
    }
  }

  /** One coarse task alone on an idle pool. */
  static final class Lone extends RecursiveAction {
    @Override
    protected void compute() {
      spin(LONE_CPU_NS);
    }
  }

  static final class Sequential extends RecursiveAction {
    @Override
    protected void compute() {
      spin(10_000);
    }
  }

  static final class HelpParent extends RecursiveAction {
    @Override
    protected void compute() {
      HelpChild child = new HelpChild();
      child.fork();
      spin(1_000_000);
      child.join();
    }
  }

  static final class HelpChild extends RecursiveAction {
    @Override
    protected void compute() {
      spin(3_000_000);
    }
  }

  /**
   * Forks its left half and computes its right half directly: the right halves never run as tasks.
   */
  static final class Halves extends RecursiveTask<Long> {
    private final int from;
    private final int to;

    Halves(int from, int to) {
      this.from = from;
      this.to = to;
    }

    @Override
    protected Long compute() {
      if (to - from == 1) {
        return 1L;
      }
      int mid = (from + to) >>> 1;
      Halves left = new Halves(from, mid);
      left.fork();
      long right = new Halves(mid, to).compute();
      return left.join() + right;
    }
  }

  /** A task whose constructor delegates to another one: still one creation per object. */
  static final class Delegating implements Runnable {
    private final int work;

    Delegating() {
      this(1_000);
    }

    Delegating(int work) {
      this.work = work;
    }

    @Override
    public void run() {
      spin(work);
    }
  }

  static final class Split extends RecursiveAction {
    private final int from;
    private final int to;

    Split(int from, int to) {
      this.from = from;
      this.to = to;
    }

    @Override
    protected void compute() {
      if (to - from > 1) {
        int mid = (from + to) >>> 1;
        invokeAll(new Split(from, mid), new Split(mid, to));
      }
    }
  }

  /**
   * A balanced binary tree of {@link SpanLeaf} leaves: fork the right half, invoke the left half
   * directly, join.
   */
  static final class SpanTree extends RecursiveAction {
    private final int depth;

    SpanTree(int depth) {
      this.depth = depth;
    }

    @Override
    protected void compute() {
      RecursiveAction right = depth == 1 ? new SpanLeaf() : new SpanTree(depth - 1);
      RecursiveAction left = depth == 1 ? new SpanLeaf() : new SpanTree(depth - 1);
      right.fork();
      left.invoke();
      right.join();
    }
  }

  static final class SpanLeaf extends RecursiveAction {
    @Override
    protected void compute() {
      wallSpin(TREE_LEAF_NS);
    }
  }

  /** Forks a link and joins it at once, {@link #CHAIN_LINKS} times. */
  static final class SpanChain extends RecursiveAction {
    @Override
    protected void compute() {
      for (int i = 0; i < CHAIN_LINKS; i++) {
        SpanLink link = new SpanLink(CHAIN_LINK_NS);
        link.fork();
        link.join();
      }
    }
  }

  static final class SpanLink extends RecursiveAction {
    private final long ns;

    SpanLink(long ns) {
      this.ns = ns;
    }

    @Override
    protected void compute() {
      wallSpin(ns);
    }
  }

  /** {@link #PAIR_ROUNDS} rounds of invokeAll(short, long). */
  static final class SpanPairs extends RecursiveAction {
    @Override
    protected void compute() {
      for (int i = 0; i < PAIR_ROUNDS; i++) {
        invokeAll(new SpanLink(PAIR_SHORT_NS), new SpanLink(PAIR_LONG_NS));
      }
    }
  }

  /** Fib(n): fork f(n-1), compute f(n-2) directly, join; sequential below the cut-off. */
  static final class SpanFib extends RecursiveTask<Long> {
    private final int n;

    SpanFib(int n) {
      this.n = n;
    }

    static long sequential(int n) {
      return n < 2 ? n : sequential(n - 1) + sequential(n - 2);
    }

    @Override
    protected Long compute() {
      if (n <= FIB_CUTOFF) {
        return sequential(n);
      }
      SpanFib f1 = new SpanFib(n - 1);
      f1.fork();
      long f2 = new SpanFib(n - 2).compute();
      return f2 + f1.join();
    }
  }

  static final class VirtualBody implements Runnable {
    @Override
    public void run() {
      spin(200_000);
    }
  }

  static final class VirtualCall implements Callable<Integer> {
    @Override
    public Integer call() {
      spin(200_000);
      return 1;
    }
  }
}
