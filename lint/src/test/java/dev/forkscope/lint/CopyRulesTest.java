package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** copy-on-fork (bottleneck 2) and copy-on-join (bottleneck 3). */
class CopyRulesTest {
  @TempDir Path dir;

  /** Pinto et al. 2017, Fig. 2. */
  @Test
  void copyOfRangeHandedToSubtasksIsFlagged() {
    List<Finding> f =
        Lint.of(
            "copy-on-fork",
            dir,
            """
                import java.util.concurrent.RecursiveAction;
                import static java.util.Arrays.*;
                class Task extends RecursiveAction {
                    final int[] u;
                    Task(int[] u) { this.u = u; }
                    protected void compute() {
                        if (u.length < 1000) { local(u); }
                        else {
                            int split = u.length / 2;
                            int[] u1 = copyOfRange(u, 0, split);
                            int[] u2 = copyOfRange(u, split, u.length);
                            invokeAll(new Task(u1), new Task(u2));
                        }
                    }
                    void local(int[] a) { }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(10, 11);
    assertThat(f.get(0).column()).isEqualTo(24);
    assertThat(f.get(0).fix()).isEqualTo(FixSafety.SUGGESTION);
    assertThat(f.get(0).rule().bottleneck()).isEqualTo(2);
  }

  @Test
  void inlineCopiesOfListsAndArraysAreFlagged() {
    List<Finding> f =
        Lint.of(
            "copy-on-fork",
            dir,
            """
                import java.util.*;
                import java.util.concurrent.*;
                class ListTask extends RecursiveTask<Integer> {
                    final List<Integer> items;
                    ListTask(List<Integer> items) { this.items = items; }
                    protected Integer compute() {
                        if (items.size() < 100) return items.size();
                        int mid = items.size() / 2;
                        ListTask l = new ListTask(new ArrayList<>(items.subList(0, mid)));
                        int[] tmp = new int[mid];
                        System.arraycopy(new int[0], 0, tmp, 0, 0);
                        ArrTask a = new ArrTask(tmp);
                        l.fork();
                        return new ListTask(items.subList(mid, items.size())).compute() + l.join() + a.invoke();
                    }
                }
                """,
            """
                import java.util.concurrent.*;
                class ArrTask extends RecursiveTask<Integer> {
                    final int[] a;
                    ArrTask(int[] a) { this.a = a; }
                    protected Integer compute() { return a.length; }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(9, 11);
  }

  @Test
  void copyMadeOnlyInTheSequentialLeafIsClean() {
    assertThat(
            Lint.of(
                "copy-on-fork",
                dir,
                """
                import java.util.Arrays;
                import java.util.concurrent.RecursiveAction;
                class SortTask extends RecursiveAction {
                    final long[] array; final int lo, hi;
                    SortTask(long[] array, int lo, int hi) { this.array = array; this.lo = lo; this.hi = hi; }
                    protected void compute() {
                        if (hi - lo < 1000) {
                            long[] buf = Arrays.copyOfRange(array, lo, hi);
                            Arrays.sort(buf);
                            System.arraycopy(buf, 0, array, lo, buf.length);
                            return;
                        }
                        int mid = (lo + hi) >>> 1;
                        invokeAll(new SortTask(array, lo, mid), new SortTask(array, mid, hi));
                    }
                }
                """))
        .isEmpty();
  }

  @Test
  void copyInTheDriverIsClean() {
    assertThat(
            Lint.of(
                "copy-on-fork",
                dir,
                """
                import java.util.Arrays;
                import java.util.concurrent.*;
                class Driver {
                    static void run(int[] data) {
                        ForkJoinPool.commonPool().invoke(new Leaf(Arrays.copyOf(data, data.length)));
                    }
                }
                class Leaf extends RecursiveAction {
                    Leaf(int[] a) { }
                    protected void compute() { }
                }
                """))
        .isEmpty();
  }

  /** Pinto et al. 2017, Fig. 6 (cq4j). */
  @Test
  void addAllOfJoinedResultsIsFlagged() {
    List<Finding> f =
        Lint.of(
            "copy-on-join",
            dir,
            """
                import java.util.*;
                import java.util.concurrent.*;
                class Filter<T> extends RecursiveTask<List<T>> {
                    final List<T> data;
                    Filter(List<T> data) { this.data = data; }
                    protected List<T> compute() {
                        if (data.size() < 100) return new ArrayList<>(data);
                        List<T> result = new ArrayList<T>();
                        int mid = data.size() / 2;
                        Filter<T> first = new Filter<T>(data.subList(0, mid));
                        first.fork();
                        Filter<T> second = new Filter<T>(data.subList(mid, data.size()));
                        second.fork();
                        result.addAll(first.join());
                        List<T> s = second.join();
                        result.addAll(s);
                        return result;
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(14, 16);
    assertThat(f.get(0).fix()).isEqualTo(FixSafety.NONE);
  }

  @Test
  void arrayConcatenationAfterJoinIsFlagged() {
    List<Finding> f =
        Lint.of(
            "copy-on-join",
            dir,
            """
                import java.util.concurrent.*;
                class Concat extends RecursiveTask<int[]> {
                    final int n;
                    Concat(int n) { this.n = n; }
                    protected int[] compute() {
                        if (n < 10) return new int[n];
                        Concat l = new Concat(n / 2), r = new Concat(n - n / 2);
                        l.fork();
                        int[] b = r.compute();
                        int[] a = l.join();
                        int[] out = new int[a.length + b.length];
                        System.arraycopy(a, 0, out, 0, a.length);
                        System.arraycopy(b, 0, out, a.length, b.length);
                        return out;
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(12, 13);
  }

  @Test
  void combiningNumbersOrCopyingLeafResultsIsClean() {
    assertThat(
            Lint.of(
                "copy-on-join",
                dir,
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Count extends RecursiveTask<Long> {
                    final int n;
                    Count(int n) { this.n = n; }
                    protected Long compute() {
                        if (n < 10) {
                            List<Integer> tmp = new ArrayList<>();
                            tmp.addAll(leaf());
                            return (long) tmp.size();
                        }
                        Count l = new Count(n / 2);
                        l.fork();
                        long r = new Count(n - n / 2).compute();
                        return Math.max(r, l.join()) + l.join();
                    }
                    List<Integer> leaf() { return List.of(n); }
                }
                """))
        .isEmpty();
  }
}
