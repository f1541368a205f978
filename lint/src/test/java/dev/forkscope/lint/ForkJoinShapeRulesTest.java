package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fork-every-subtask, joins-not-innermost-first, fork-immediately-joined, no-sequential-cutoff,
 * forked-never-joined.
 */
class ForkJoinShapeRulesTest {
  @TempDir Path dir;

  private static String task(String body) {
    return """
                import java.util.concurrent.*;
                class T extends RecursiveTask<Integer> {
                    static final int THRESHOLD = 1000;
                    final int n;
                    T(int n) { this.n = n; }
                    protected Integer compute() {
                        if (n < THRESHOLD) return n;
                        T a = new T(n / 2), b = new T(n - n / 2);
                %s
                    }
                }
                """
        .formatted(body.indent(8).stripTrailing());
  }

  @Test
  void forkingBothHalvesAndOnlyJoiningIsFlagged() {
    List<Finding> f =
        Lint.of(
            "fork-every-subtask",
            dir,
            task(
                """
                a.fork();
                b.fork();
                return b.join() + a.join();"""));
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.line()).isEqualTo(10);
              assertThat(x.fix()).isEqualTo(FixSafety.SAFE);
              assertThat(x.message()).contains("b.invoke()");
            });
  }

  /** The RecursiveTask javadoc's Fibonacci. */
  @Test
  void javadocFibonacciIsCleanForForkEverySubtask() {
    assertThat(
            Lint.of(
                "fork-every-subtask",
                dir,
                """
                import java.util.concurrent.*;
                class Fibonacci extends RecursiveTask<Integer> {
                    final int n;
                    Fibonacci(int n) { this.n = n; }
                    protected Integer compute() {
                        if (n <= 1)
                            return n;
                        Fibonacci f1 = new Fibonacci(n - 1);
                        f1.fork();
                        Fibonacci f2 = new Fibonacci(n - 2);
                        return f2.compute() + f1.join();
                    }
                }
                """))
        .isEmpty();
  }

  @Test
  void forkingBothWithLocalWorkInBetweenIsClean() {
    assertThat(
            Lint.of(
                "fork-every-subtask",
                dir,
                task(
                    """
                a.fork();
                b.fork();
                int mine = b.invoke();
                return a.join() + mine;""")))
        .isEmpty();
  }

  @Test
  void joinsInForkOrderAreFlagged() {
    List<Finding> f =
        Lint.of(
            "joins-not-innermost-first",
            dir,
            task(
                """
                a.fork();
                b.fork();
                int x = a.join();
                int y = b.join();
                return x + y;"""));
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.line()).isEqualTo(11);
              assertThat(x.fix()).isEqualTo(FixSafety.SAFE);
            });
  }

  @Test
  void joinsInOneExpressionAreASuggestion() {
    List<Finding> f =
        Lint.of(
            "joins-not-innermost-first",
            dir,
            task(
                """
                a.fork();
                b.fork();
                return a.join() + b.join();"""));
    assertThat(f)
        .singleElement()
        .satisfies(x -> assertThat(x.fix()).isEqualTo(FixSafety.SUGGESTION));
  }

  @Test
  void innermostFirstJoinsAreClean() {
    assertThat(
            Lint.of(
                "joins-not-innermost-first",
                dir,
                task(
                    """
                a.fork();
                b.fork();
                int y = b.join();
                return a.join() + y;""")))
        .isEmpty();
  }

  @Test
  void forkThenImmediateJoinIsFlagged() {
    List<Finding> f =
        Lint.of(
            "fork-immediately-joined",
            dir,
            task(
                """
                a.fork();
                int x = a.join();
                return x + b.fork().join();"""));
    assertThat(f).extracting(Finding::line).containsExactly(9, 11);
    assertThat(f).allSatisfy(x -> assertThat(x.fix()).isEqualTo(FixSafety.SAFE));
  }

  @Test
  void forkWithWorkBeforeTheJoinIsClean() {
    assertThat(
            Lint.of(
                "fork-immediately-joined",
                dir,
                task(
                    """
                a.fork();
                int y = b.compute();
                return a.join() + y;""")))
        .isEmpty();
  }

  @Test
  void recursionWithoutAnyBaseCaseIsFlagged() {
    List<Finding> f =
        Lint.of(
            "no-sequential-cutoff",
            dir,
            """
                import java.util.concurrent.*;
                class Endless extends RecursiveAction {
                    final int n;
                    Endless(int n) { this.n = n; }
                    protected void compute() {
                        invokeAll(new Endless(n / 2), new Endless(n / 2));
                    }
                }
                """);
    assertThat(f).singleElement().satisfies(x -> assertThat(x.message()).contains("always splits"));
  }

  @Test
  void cutoffOfOneElementIsFlagged() {
    List<Finding> f =
        Lint.of(
            "no-sequential-cutoff",
            dir,
            """
                import java.util.concurrent.*;
                class Tiny extends RecursiveAction {
                    final int[] a; final int lo, hi;
                    Tiny(int[] a, int lo, int hi) { this.a = a; this.lo = lo; this.hi = hi; }
                    protected void compute() {
                        if (hi - lo <= 1) { a[lo]++; return; }
                        int mid = (lo + hi) >>> 1;
                        invokeAll(new Tiny(a, lo, mid), new Tiny(a, mid, hi));
                    }
                }
                """);
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.line()).isEqualTo(6);
              assertThat(x.message()).contains("hi - lo <= 1");
            });
  }

  @Test
  void namedThresholdSplitOnceAndDepthCutoffAreClean() {
    assertThat(
            Lint.of(
                "no-sequential-cutoff",
                dir,
                task(
                    """
                a.fork();
                return b.compute() + a.join();"""),
                """
                import java.util.concurrent.*;
                class Once extends RecursiveAction {
                    protected void compute() { invokeAll(new Part(0), new Part(1)); }
                }
                class Part extends RecursiveAction {
                    final int i;
                    Part(int i) { this.i = i; }
                    protected void compute() { for (int k = 0; k < 1_000_000; k++) { } }
                }
                """,
                """
                import java.util.concurrent.*;
                class Deep extends RecursiveAction {
                    final int depth;
                    Deep(int depth) { this.depth = depth; }
                    protected void compute() {
                        if (depth == 0) { return; }
                        invokeAll(new Deep(depth - 1), new Deep(depth - 1));
                    }
                }
                """))
        .isEmpty();
  }

  @Test
  void anonymousTasksAndSizeTestsThatDoNotGuardTheSplitAreClean() {
    assertThat(
            Lint.of(
                "no-sequential-cutoff",
                dir,
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Tree extends RecursiveTask<Long> {
                    static final int LEAF = 64;
                    final int n;
                    Tree(int n) { this.n = n; }
                    protected Long compute() {
                        if (n < LEAF) return (long) n;
                        List<Tree> tasks = List.of(new Tree(n / 2), new Tree(n - n / 2));
                        if (tasks.size() == 2) {
                            invokeAll(tasks.get(0), tasks.get(1));
                        } else {
                            invokeAll(tasks);
                        }
                        return tasks.get(0).join() + tasks.get(1).join();
                    }
                    static long run() {
                        return ForkJoinPool.commonPool().invoke(new RecursiveTask<Long>() {
                            protected Long compute() { return new Tree(1000).invoke(); }
                        });
                    }
                }
                """))
        .isEmpty();
  }

  @Test
  void forkedLocalNeverJoinedIsFlagged() {
    List<Finding> f =
        Lint.of(
            "forked-never-joined",
            dir,
            task(
                """
                a.fork();
                return b.compute();"""));
    assertThat(f).singleElement().satisfies(x -> assertThat(x.line()).isEqualTo(9));
  }

  @Test
  void fireAndForgetCountedCompleterAndQuiescenceAreClean() {
    assertThat(
            Lint.of(
                "forked-never-joined",
                dir,
                task(
                    """
                a.fork();
                new T(1).fork();
                helpQuiesce();
                return b.compute();"""),
                """
                import java.util.concurrent.*;
                class Actor {
                    void send(ForkJoinTask<?> message) { message.fork(); }
                }
                """,
                """
                import java.util.concurrent.*;
                class AnonymousCc {
                    static class Leaf extends RecursiveAction {
                        protected void compute() { }
                    }
                    static void run() {
                        new CountedCompleter<Void>() {
                            public void compute() {
                                Leaf leaf = new Leaf();
                                leaf.fork();
                                tryComplete();
                            }
                        }.invoke();
                    }
                }
                """,
                """
                import java.util.concurrent.*;
                class Cc extends CountedCompleter<Void> {
                    Cc(CountedCompleter<?> p) { super(p); }
                    public void compute() {
                        Cc child = new Cc(this);
                        addToPendingCount(1);
                        child.fork();
                        tryComplete();
                    }
                }
                """))
        .isEmpty();
  }
}
