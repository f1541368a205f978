package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ScatteredData}: scattered-data (bottleneck 4), subtasks forked one by one in a loop. */
class ScatteredDataTest {
  private final LintTestHelper helper;

  ScatteredDataTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("scattered-data");
  }

  /** Pinto et al. 2017, Fig. 8 (CSSTProto). */
  @Test
  void createAndForkInALoopThenJoinIsFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Fan.java",
                """
                import java.util.concurrent.*;
                class Fan extends RecursiveTask<Integer> {
                    final int from, len;
                    Fan(int from, int len) { this.from = from; this.len = len; }
                    RecursiveTask<Integer> createTask(int i) { return new Fan(i, 1); }
                    protected Integer compute() {
                        if (len == 1) { return from; }
                        ForkJoinTask<Integer>[] tasks = new ForkJoinTask[len];
                        for (int i = 0; i < len; i++) {
                            ForkJoinTask<Integer> task = createTask(from + i);
                            task.fork(); // expect: scattered-data
                            tasks[i] = task;
                        }
                        Integer result = tasks[0].join();
                        for (int i = 1; i < len; i++) {
                            result = result + tasks[i].join();
                        }
                        return result;
                    }
                }
                """)
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.rule().bottleneck()).isEqualTo(4);
              assertThat(x.fix()).isEqualTo(FixSafety.SUGGESTION);
            });
  }

  @Test
  void forkLoopOverPreparedTasksIsFlaggedAsASuggestion() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Batch.java",
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Batch extends RecursiveTask<Long> {
                    final int n;
                    Batch(int n) { this.n = n; }
                    protected Long compute() {
                        if (n < 100) return (long) n;
                        List<Batch> ts = new ArrayList<>();
                        for (int i = 0; i < 4; i++) ts.add(new Batch(n / 4));
                        for (Batch t : ts) t.fork(); // expect: scattered-data
                        long s = 0;
                        for (Batch t : ts) s += t.join();
                        return s;
                    }
                }
                """)
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.fix()).isEqualTo(FixSafety.SUGGESTION);
            });
  }

  @Test
  void invokeAllOverAListBuiltInALoopIsClean() {
    helper
        .rules()
        .addSourceLines(
            "Batch.java",
            """
                import java.util.*;
                import java.util.concurrent.*;
                class Batch extends RecursiveTask<Long> {
                    static final int THRESHOLD = 100;
                    final int n;
                    Batch(int n) { this.n = n; }
                    protected Long compute() {
                        if (n < THRESHOLD) return (long) n;
                        List<Batch> ts = new ArrayList<>();
                        for (int i = 0; i < 4; i++) ts.add(new Batch(n / 4));
                        long s = 0;
                        for (Batch t : invokeAll(ts)) s += t.join();
                        return s;
                    }
                }
                """)
        .expectNoFindings();
  }

  /** The linked-subtasks idiom of the RecursiveAction javadoc (Applyer). */
  @Test
  void forkLoopWithTryUnforkIsClean() {
    helper
        .rules()
        .addSourceLines(
            "Applyer.java",
            """
                import java.util.concurrent.*;
                class Applyer extends RecursiveAction {
                    final double[] array; final int lo, hi; double result; Applyer next;
                    Applyer(double[] array, int lo, int hi, Applyer next) {
                        this.array = array; this.lo = lo; this.hi = hi; this.next = next;
                    }
                    double atLeaf(int l, int h) {
                        double sum = 0;
                        for (int i = l; i < h; ++i) sum += array[i] * array[i];
                        return sum;
                    }
                    protected void compute() {
                        int l = lo;
                        int h = hi;
                        Applyer right = null;
                        while (h - l > 1 && getSurplusQueuedTaskCount() <= 3) {
                            int mid = (l + h) >>> 1;
                            right = new Applyer(array, mid, h, right);
                            right.fork();
                            h = mid;
                        }
                        double sum = atLeaf(l, h);
                        while (right != null) {
                            if (right.tryUnfork()) sum += right.atLeaf(right.lo, right.hi);
                            else { right.join(); sum += right.result; }
                            right = right.next;
                        }
                        result = sum;
                    }
                }
                """)
        .expectNoFindings();
  }

  /**
   * The same idiom without tryUnfork (EJML's IntRangeTask): a chain of forks, joined from the
   * oldest.
   */
  @Test
  void forkLoopLinkingEachTaskToThePreviousIsClean() {
    helper
        .addSourceLines(
            "Blocks.java",
            """
                import java.util.concurrent.*;
                class Blocks extends RecursiveAction {
                    final int lo, hi; final boolean root; Blocks next;
                    Blocks(int lo, int hi, boolean root) { this.lo = lo; this.hi = hi; this.root = root; }
                    protected void compute() {
                        if (!root) { work(lo, hi); return; }
                        Blocks first = null, previous = null;
                        for (int b = lo; b < hi - 1; b++) {
                            Blocks task = new Blocks(b, b + 1, false);
                            if (first == null) first = previous = task;
                            else { previous.next = task; previous = task; }
                            task.fork();
                        }
                        work(hi - 1, hi);
                        for (Blocks t = first; t != null; t = t.next) t.join();
                    }
                    void work(int l, int h) { }
                }
                """)
        .expectNoFindings();
  }

  @Test
  void countedCompleterForkLoopWithoutJoinIsClean() {
    helper
        .addSourceLines(
            "Spread.java",
            """
                import java.util.concurrent.*;
                class Spread extends CountedCompleter<Void> {
                    final int lo, hi;
                    Spread(CountedCompleter<?> p, int lo, int hi) { super(p); this.lo = lo; this.hi = hi; }
                    public void compute() {
                        int l = lo, h = hi;
                        while (h - l >= 1000) {
                            int mid = (l + h) >>> 1;
                            addToPendingCount(1);
                            new Spread(this, mid, h).fork();
                            h = mid;
                        }
                        tryComplete();
                    }
                }
                """)
        .expectNoFindings();
  }
}
