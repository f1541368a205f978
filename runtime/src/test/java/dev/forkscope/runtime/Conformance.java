package dev.forkscope.runtime;

import dev.forkscope.runtime.FjAdapter.Handle;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The conformance scenarios: small programs written once against {@link FjAdapter}, after the
 * behaviours that jsr166's {@code ForkJoinTaskTest} and {@code RecursiveTaskTest} check. Each one
 * writes what it observes (results, exception classes and causes, task states) to a log; {@code
 * ConformanceTest} runs every scenario on {@code ForkJoinPool} and on {@code WorkStealingPool} and
 * requires the same log. A scenario's log does not depend on scheduling, so it is the same from run
 * to run on one pool.
 */
final class Conformance {
  private Conformance() {}

  /** One scenario: runs on {@code fj} and logs what it sees. */
  @FunctionalInterface
  interface Scenario {
    void run(FjAdapter fj, List<String> log) throws Exception;
  }

  /** A public exception with only a no-argument constructor: copies get the original as cause. */
  public static final class NoArgFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public NoArgFailure() {}
  }

  /** A public exception with only a message constructor: it cannot be copied, so it is reused. */
  public static final class MessageOnlyFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public MessageOnlyFailure(String message) {
      super(message);
    }
  }

  /** Not public: the framework cannot construct it, so it is reused. */
  static final class HiddenFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public HiddenFailure(Throwable cause) {
      super(cause);
    }

    public HiddenFailure() {}
  }

  static final Map<String, Scenario> SCENARIOS = new LinkedHashMap<>();

  static {
    SCENARIOS.put("fork-join-fib", (fj, log) -> log.add("fib(16)=" + fj.invoke(fib(fj, 16))));
    SCENARIOS.put("join-a-sibling", Conformance::joinSibling);
    SCENARIOS.put("join-a-task-forked-later-inside", Conformance::joinForkedLaterInside);
    SCENARIOS.put("join-a-task-submitted-later-outside", Conformance::joinSubmittedLaterOutside);
    SCENARIOS.put("join-a-task-of-another-pool", Conformance::joinOtherPool);
    SCENARIOS.put("join-while-unrelated-work-waits-for-the-joiner", Conformance::joinNotUnrelated);
    SCENARIOS.put("exception-classes-and-causes", Conformance::exceptionClasses);
    SCENARIOS.put("exception-in-the-same-thread", Conformance::exceptionSameThread);
    SCENARIOS.put("checked-exception-thrown-sneakily", Conformance::checkedException);
    SCENARIOS.put("exception-deep-in-invokeAll", Conformance::deepException);
    SCENARIOS.put("invokeAll-two-with-failure", Conformance::invokeAllTwo);
    SCENARIOS.put("invokeAll-collection", Conformance::invokeAllCollection);
    SCENARIOS.put("invokeAll-collection-with-failure", Conformance::invokeAllCollectionFailure);
    SCENARIOS.put("cancel", Conformance::cancel);
    SCENARIOS.put("complete-and-completeExceptionally", Conformance::complete);
    SCENARIOS.put("join-twice-runs-once", Conformance::joinTwice);
    SCENARIOS.put("get-with-timeout", Conformance::getWithTimeout);
    SCENARIOS.put("helpQuiesce", Conformance::helpQuiesce);
    SCENARIOS.put("awaitQuiescence-outside", Conformance::awaitQuiescence);
    SCENARIOS.put("getPool-and-inPool", Conformance::poolOfCurrentThread);
    SCENARIOS.put("managedBlock-on-a-later-task", Conformance::managedBlockLater);
    SCENARIOS.put("managedBlock-all-at-once", Conformance::managedBlockAllAtOnce);
  }

  /** Runs {@code body}, turning checked exceptions into sneaky throws (the body of an adapter). */
  static <T> T sneaky(Callable<T> body) {
    try {
      return body.call();
    } catch (Exception e) {
      throw Conformance.<RuntimeException>rethrow(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static <X extends Throwable> X rethrow(Throwable t) throws X {
    throw (X) t;
  }

  static Handle<Long> fib(FjAdapter fj, int n) {
    return fj.task(
        f -> {
          if (n < 2) {
            return (long) n;
          }
          Handle<Long> f1 = fib(f, n - 1).forked();
          return fib(f, n - 2).invoke() + f1.join();
        });
  }

  /** What {@code action} returned or threw, relative to {@code original}. */
  static String outcome(Callable<?> action, Throwable original) {
    try {
      return "returned " + action.call();
    } catch (Throwable t) {
      return "threw " + describe(t, original);
    }
  }

  /**
   * What {@code action} threw, by class and whether its root cause is {@code original}: for
   * exceptions whose thrower and joiner may or may not be the same thread, depending on stealing.
   */
  static String rootOutcome(Callable<?> action, Throwable original) {
    try {
      return "returned " + action.call();
    } catch (Throwable t) {
      Throwable root = t;
      while (root.getCause() != null) {
        root = root.getCause();
      }
      return "threw "
          + t.getClass().getSimpleName()
          + ", root cause original: "
          + (root == original);
    }
  }

  /** An exception's class and its cause chain, naming the original where it appears. */
  static String describe(Throwable t, Throwable original) {
    StringBuilder b = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c != t) {
        b.append(" caused by ");
      }
      b.append(c.getClass().getSimpleName());
      if (c == original) {
        b.append("(original)");
        break;
      }
    }
    return b.toString();
  }

  private static void joinSibling(FjAdapter fj, List<String> log) {
    long r =
        fj.invoke(
            fj.task(
                f -> {
                  Handle<Long> a = fib(f, 12).forked();
                  Handle<Long> b = f.task(g -> a.join() + 1).forked();
                  return b.join() + a.join();
                }));
    log.add("b + a = " + r);
  }

  private static void joinForkedLaterInside(FjAdapter fj, List<String> log) {
    CountDownLatch started = new CountDownLatch(1);
    String r =
        fj.invoke(
            fj.task(
                f -> {
                  Handle<Integer> x = f.task(g -> 7);
                  Handle<Integer> j =
                      f.task(
                              g -> {
                                started.countDown();
                                return x.join() * 2;
                              })
                          .forked();
                  f.managedBlock(latchBlocker(started));
                  x.forked();
                  return "j=" + j.join() + " x=" + x.join();
                }));
    log.add(r);
  }

  private static void joinSubmittedLaterOutside(FjAdapter fj, List<String> log) throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    Handle<Integer> x = fj.task(g -> 21);
    Handle<Integer> j =
        fj.submit(
            fj.task(
                g -> {
                  started.countDown();
                  return x.join() * 2;
                }));
    started.await();
    log.add("x done before its submit: " + x.isDone());
    fj.submit(x);
    log.add("j=" + j.join() + " x=" + x.get());
  }

  /**
   * A joins X, which B forks later; B then waits for A to get past its join. A join that ran B
   * below A on A's stack would deadlock; ForkJoinPool blocks A and compensates.
   */
  private static void joinNotUnrelated(FjAdapter fj, List<String> log) throws Exception {
    CountDownLatch aStarted = new CountDownLatch(1);
    CountDownLatch aJoined = new CountDownLatch(1);
    Handle<Integer> x = fj.task(g -> 3);
    Handle<Integer> a =
        fj.submit(
            fj.task(
                g -> {
                  aStarted.countDown();
                  int v = x.join();
                  aJoined.countDown();
                  return v;
                }));
    aStarted.await();
    Handle<Integer> b =
        fj.submit(
            fj.task(
                g -> {
                  x.forked();
                  g.managedBlock(latchBlocker(aJoined));
                  return 4;
                }));
    log.add("a=" + a.join() + " b=" + b.join());
  }

  private static void joinOtherPool(FjAdapter fj, List<String> log) {
    try (FjAdapter other = fj.another()) {
      CountDownLatch gate = new CountDownLatch(1);
      Handle<Integer> y =
          other.submit(
              other.task(
                  g -> {
                    g.managedBlock(latchBlocker(gate));
                    return 5;
                  }));
      int r =
          fj.invoke(
              fj.task(
                  f -> {
                    gate.countDown();
                    return y.join() + 1;
                  }));
      log.add("joined across pools: " + r);
      Handle<Integer> failing =
          other.submit(other.task(g -> failWith(new IllegalStateException())));
      log.add("failure across pools: " + fj.invoke(fj.task(f -> outcome(failing::join, null))));
    }
  }

  private static <T> T failWith(RuntimeException e) {
    throw e;
  }

  private static void exceptionClasses(FjAdapter fj, List<String> log) throws Exception {
    List<RuntimeException> failures =
        List.of(
            new IllegalStateException("has a Throwable constructor"),
            new NoArgFailure(),
            new MessageOnlyFailure("cannot be copied"),
            new HiddenFailure(),
            new ArithmeticException("no Throwable constructor"));
    for (RuntimeException original : failures) {
      String name = original.getClass().getSimpleName();
      log.add(
          name
              + " invoke: "
              + outcome(() -> fj.invoke(fj.task(g -> failWith(original))), original));
      Handle<Object> t = fj.submit(fj.task(g -> failWith(original)));
      log.add(name + " join: " + outcome(t::join, original));
      log.add(name + " get: " + outcome(t::get, original));
      log.add(name + " getException: " + describe(t.getException(), original));
      log.add(
          name
              + " states: done="
              + t.isDone()
              + " abnormal="
              + t.isCompletedAbnormally()
              + " normal="
              + t.isCompletedNormally()
              + " cancelled="
              + t.isCancelled());
    }
    StackOverflowError error = new StackOverflowError("deep");
    log.add(
        "Error join: "
            + outcome(
                () ->
                    fj.invoke(
                        fj.task(
                            g -> {
                              throw error;
                            })),
                error));
  }

  private static void exceptionSameThread(FjAdapter fj, List<String> log) {
    IllegalArgumentException original = new IllegalArgumentException("x");
    log.add(
        fj.invoke(
            fj.task(
                f -> {
                  Handle<Object> t = f.task(g -> failWith(original));
                  return "invoke: "
                      + outcome(t::invoke, original)
                      + "; join again: "
                      + outcome(t::join, original)
                      + "; getException: "
                      + describe(t.getException(), original);
                })));
  }

  /**
   * {@code join} rethrows a checked exception unwrapped. ({@code ForkJoinPool.invoke} does too on
   * JDK 17 but wraps it in a {@code RuntimeException} since JDK 19, so the scenario joins.)
   */
  private static void checkedException(FjAdapter fj, List<String> log) {
    IOException original = new IOException("disk");
    Handle<Object> t =
        fj.submit(
            fj.task(
                g -> {
                  throw original;
                }));
    log.add("join: " + outcome(t::join, original));
    log.add("get: " + outcome(t::get, original));
  }

  private static void deepException(FjAdapter fj, List<String> log) {
    IllegalStateException original = new IllegalStateException("leaf");
    log.add(rootOutcome(() -> fj.invoke(failingTree(fj, original, 6)), original));
  }

  private static Handle<Void> failingTree(FjAdapter fj, RuntimeException failure, int depth) {
    return fj.task(
        f -> {
          if (depth == 0) {
            throw failure;
          }
          f.invokeAll(failingTree(f, failure, depth - 1), failingTree(f, failure, depth - 1));
          return null;
        });
  }

  private static void invokeAllTwo(FjAdapter fj, List<String> log) {
    IllegalArgumentException original = new IllegalArgumentException("second");
    log.add(
        fj.invoke(
            fj.task(
                f -> {
                  Handle<Long> a = fib(f, 10);
                  Handle<Object> b = f.task(g -> failWith(original));
                  String o =
                      rootOutcome(
                          () -> {
                            f.invokeAll(a, b);
                            return "nothing";
                          },
                          original);
                  return o + "; a=" + a.join() + " done=" + a.isDone() + "," + b.isDone();
                })));
  }

  private static void invokeAllCollection(FjAdapter fj, List<String> log) {
    log.add(
        fj.invoke(
            fj.task(
                f -> {
                  List<Handle<?>> tasks = new ArrayList<>();
                  for (int n = 5; n < 10; n++) {
                    tasks.add(fib(f, n));
                  }
                  List<Handle<?>> returned = f.invokeAll(tasks);
                  StringBuilder b = new StringBuilder("same tasks: ");
                  for (int i = 0; i < tasks.size(); i++) {
                    b.append(returned.get(i) == tasks.get(i)).append(' ');
                  }
                  for (Handle<?> t : tasks) {
                    b.append(t.isCompletedNormally() ? t.join() : "?").append(' ');
                  }
                  return b.toString().trim();
                })));
  }

  private static void invokeAllCollectionFailure(FjAdapter fj, List<String> log) {
    ArithmeticException original = new ArithmeticException("third");
    log.add(
        fj.invoke(
            fj.task(
                f -> {
                  List<Handle<?>> tasks = new ArrayList<>();
                  tasks.add(fib(f, 8));
                  tasks.add(fib(f, 9));
                  tasks.add(f.task(g -> failWith(original)));
                  tasks.add(fib(f, 10));
                  String o = rootOutcome(() -> f.invokeAll(tasks), original);
                  boolean allDone = tasks.stream().allMatch(Handle::isDone);
                  return o + "; all done: " + allDone + "; first: " + tasks.get(0).join();
                })));
  }

  private static void cancel(FjAdapter fj, List<String> log) {
    AtomicBoolean ran = new AtomicBoolean();
    log.add(
        fj.invoke(
            fj.task(
                f -> {
                  Handle<Integer> t =
                      f.task(
                          g -> {
                            ran.set(true);
                            return 1;
                          });
                  StringBuilder b = new StringBuilder();
                  b.append("cancel=").append(t.cancel());
                  b.append(" again=").append(t.cancel());
                  b.append(" cancelled=").append(t.isCancelled());
                  b.append(" done=").append(t.isDone());
                  b.append(" abnormal=").append(t.isCompletedAbnormally());
                  b.append(" normal=").append(t.isCompletedNormally());
                  b.append(" exception=").append(describe(t.getException(), null));
                  t.forked();
                  b.append("; join ").append(outcome(t::join, null));
                  b.append("; get ").append(outcome(t::get, null));
                  b.append("; invoke ").append(outcome(t::invoke, null));
                  t.quietlyJoin();
                  Handle<Integer> done = f.task(g -> 2);
                  done.invoke();
                  b.append("; cancel after completion=").append(done.cancel());
                  b.append(" still normal=").append(done.isCompletedNormally());
                  return b.toString();
                })));
    log.add("body ran: " + ran.get());
  }

  private static void complete(FjAdapter fj, List<String> log) {
    Handle<Integer> t = fj.task(g -> 1);
    t.complete(42);
    log.add("complete: join=" + t.join() + " normal=" + t.isCompletedNormally());
    IllegalStateException original = new IllegalStateException("told");
    Handle<Integer> u = fj.task(g -> 1);
    u.completeExceptionally(original);
    log.add("completeExceptionally, same thread: " + outcome(u::join, original));
    log.add(
        "completeExceptionally, in the pool: "
            + fj.invoke(fj.task(f -> outcome(u::join, original))));
    log.add("abnormal=" + u.isCompletedAbnormally() + " cancelled=" + u.isCancelled());
  }

  private static void joinTwice(FjAdapter fj, List<String> log) {
    AtomicInteger runs = new AtomicInteger();
    Handle<Integer> t = fj.task(g -> runs.incrementAndGet());
    fj.invoke(t);
    log.add("join=" + t.join() + " invoke=" + t.invoke() + " get=" + outcome(t::get, null));
    log.add("runs=" + runs.get());
  }

  private static void getWithTimeout(FjAdapter fj, List<String> log) throws Exception {
    Handle<Integer> never = fj.task(g -> 1);
    log.add("unforked: " + outcome(() -> never.get(1, TimeUnit.MILLISECONDS), null));
    Handle<Integer> done = fj.submit(fj.task(g -> 3));
    log.add("done: " + outcome(() -> done.get(10, TimeUnit.SECONDS), null));
    IllegalStateException original = new IllegalStateException();
    Handle<Object> failed = fj.submit(fj.task(g -> failWith(original)));
    failed.quietlyJoin();
    log.add("failed: " + outcome(() -> failed.get(10, TimeUnit.SECONDS), original));
  }

  private static void helpQuiesce(FjAdapter fj, List<String> log) {
    AtomicInteger count = new AtomicInteger();
    log.add(
        "ran before helpQuiesce returned: "
            + fj.invoke(
                fj.task(
                    f -> {
                      for (int i = 0; i < 20; i++) {
                        f.task(g -> fib(g, 10).invoke() + count.incrementAndGet()).forked();
                      }
                      f.helpQuiesce();
                      return count.get();
                    })));
  }

  private static void awaitQuiescence(FjAdapter fj, List<String> log) {
    AtomicInteger count = new AtomicInteger();
    for (int i = 0; i < 20; i++) {
      fj.submit(fj.task(g -> fib(g, 10).invoke() + count.incrementAndGet()));
    }
    log.add("quiescent: " + fj.awaitQuiescence(30, TimeUnit.SECONDS) + " ran " + count.get());
  }

  private static void poolOfCurrentThread(FjAdapter fj, List<String> log) {
    log.add("outside: inPool=" + fj.inPool() + " thisPool=" + fj.inThisPool());
    log.add(
        fj.invoke(fj.task(f -> "inside: inPool=" + f.inPool() + " thisPool=" + f.inThisPool())));
    try (FjAdapter other = fj.another()) {
      log.add(other.invoke(other.task(g -> "other pool: thisPool=" + fj.inThisPool())));
    }
  }

  private static void managedBlockLater(FjAdapter fj, List<String> log) {
    CountDownLatch latch = new CountDownLatch(1);
    log.add(
        fj.invoke(
            fj.task(
                f -> {
                  f.task(
                          g -> {
                            latch.countDown();
                            return 0;
                          })
                      .forked();
                  f.managedBlock(latchBlocker(latch));
                  return "released by a task forked before blocking";
                })));
  }

  private static void managedBlockAllAtOnce(FjAdapter fj, List<String> log) {
    int n = 4;
    CountDownLatch all = new CountDownLatch(n);
    List<Handle<Integer>> tasks = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int id = i;
      tasks.add(
          fj.submit(
              fj.task(
                  g -> {
                    all.countDown();
                    g.managedBlock(latchBlocker(all));
                    return id;
                  })));
    }
    int sum = 0;
    for (Handle<Integer> t : tasks) {
      sum += t.join();
    }
    log.add(n + " tasks blocked together, ids sum " + sum);
  }

  static ForkJoinPool.ManagedBlocker latchBlocker(CountDownLatch latch) {
    return new ForkJoinPool.ManagedBlocker() {
      @Override
      public boolean block() throws InterruptedException {
        latch.await();
        return true;
      }

      @Override
      public boolean isReleasable() {
        return latch.getCount() == 0;
      }
    };
  }
}
