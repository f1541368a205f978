package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link NoSequentialCutoff}: no-sequential-cutoff, recursion without a useful base case. */
class NoSequentialCutoffTest {
  private final LintTestHelper helper;

  NoSequentialCutoffTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("no-sequential-cutoff");
  }

  @Test
  void recursionWithoutAnyBaseCaseIsFlagged() {
    helper
        .addSourceLines(
            "Endless.java",
            """
                import java.util.concurrent.*;
                class Endless extends RecursiveAction {
                    final int n;
                    Endless(int n) { this.n = n; }
                    protected void compute() { // expect: no-sequential-cutoff: always splits
                        invokeAll(new Endless(n / 2), new Endless(n / 2));
                    }
                }
                """)
        .doTest();
  }

  @Test
  void cutoffOfOneElementIsFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Tiny.java",
                """
                import java.util.concurrent.*;
                class Tiny extends RecursiveAction {
                    final int[] a; final int lo, hi;
                    Tiny(int[] a, int lo, int hi) { this.a = a; this.lo = lo; this.hi = hi; }
                    protected void compute() {
                        if (hi - lo <= 1) { a[lo]++; return; } // expect: no-sequential-cutoff
                        int mid = (lo + hi) >>> 1;
                        invokeAll(new Tiny(a, lo, mid), new Tiny(a, mid, hi));
                    }
                }
                """)
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.message()).contains("hi - lo <= 1");
            });
  }

  @Test
  void namedThresholdSplitOnceAndDepthCutoffAreClean() {
    helper
        .addSourceLines(
            "T.java",
            SplitTask.source(
                """
                a.fork();
                return b.compute() + a.join();"""))
        .addSourceLines(
            "Once.java",
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
                """)
        .addSourceLines(
            "Deep.java",
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
                """)
        .expectNoFindings();
  }

  @Test
  void anonymousTasksAndSizeTestsThatDoNotGuardTheSplitAreClean() {
    helper
        .addSourceLines(
            "Tree.java",
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
                """)
        .expectNoFindings();
  }

  /**
   * graphql-java's parallel traverser: one CountedCompleter per child of a tree node, the only test
   * the children's count; the grain is the tree's (a note). A task that halves a list of its own
   * and tests its size the same way is still a missing cutoff.
   */
  @Test
  void aTaskPerChildOfATreeNodeIsANote() {
    helper
        .addSourceLines(
            "Walk.java",
            """
                import java.util.List;
                import java.util.concurrent.*;
                class Walk extends CountedCompleter<Void> {
                    interface Node { List<Node> children(); }
                    final Node node;
                    Walk(CountedCompleter<?> parent, Node node) { super(parent); this.node = node; }
                    @Override
                    public void compute() {
                        List<Node> children = node.children();
                        if (children.size() == 0) { // expect: no-sequential-cutoff: a note: each subtask is one element of children
                            tryComplete();
                            return;
                        }
                        setPendingCount(children.size() - 1);
                        for (int i = 1; i < children.size(); i++) {
                            new Walk(this, children.get(i)).fork();
                        }
                        new Walk(this, children.get(0)).compute();
                    }
                }
                """)
        .addSourceLines(
            "Halves.java",
            """
                import java.util.List;
                import java.util.concurrent.*;
                class Halves extends RecursiveAction {
                    final List<Integer> items;
                    Halves(List<Integer> items) { this.items = items; }
                    protected void compute() {
                        if (items.size() <= 1) { return; } // expect: no-sequential-cutoff: the only sequential cutoff
                        int mid = items.size() / 2;
                        invokeAll(new Halves(items.subList(0, mid)), new Halves(items.subList(mid, items.size())));
                    }
                }
                """)
        .doTest();
  }
}
