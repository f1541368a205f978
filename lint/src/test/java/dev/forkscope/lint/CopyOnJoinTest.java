package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CopyOnJoin}: copy-on-join (bottleneck 3), joined results copied into another container.
 */
class CopyOnJoinTest {
  private final LintTestHelper helper;

  CopyOnJoinTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("copy-on-join");
  }

  /** Pinto et al. 2017, Fig. 6 (cq4j). */
  @Test
  void addAllOfJoinedResultsIsFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Filter.java",
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
                        result.addAll(first.join()); // expect: copy-on-join
                        List<T> s = second.join();
                        result.addAll(s); // expect: copy-on-join
                        return result;
                    }
                }
                """)
            .doTest();
    assertThat(f.get(0).fix()).isEqualTo(FixSafety.SUGGESTION);
  }

  @Test
  void arrayConcatenationAfterJoinIsFlagged() {

    helper.addSourceLines(
        "Concat.java",
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
                        System.arraycopy(a, 0, out, 0, a.length); // expect: copy-on-join
                        System.arraycopy(b, 0, out, a.length, b.length); // expect: copy-on-join
                        return out;
                    }
                }
                """);
  }

  /** javaOneBR-2012, netflixoss: map results merged entry by entry into another map. */
  @Test
  void joinedResultCopiedElementByElementIsFlagged() {

    helper.addSourceLines(
        "WordCount.java",
        """
                import java.util.*;
                import java.util.concurrent.*;
                class WordCount extends RecursiveTask<Map<String, Integer>> {
                    final String[] lines; final int lo, hi;
                    WordCount(String[] lines, int lo, int hi) { this.lines = lines; this.lo = lo; this.hi = hi; }
                    protected Map<String, Integer> compute() {
                        if (hi - lo < 100) { Map<String, Integer> m = new HashMap<>(); for (int i = lo; i < hi; i++) m.merge(lines[i], 1, Integer::sum); return m; }
                        int mid = (lo + hi) >>> 1;
                        WordCount l = new WordCount(lines, lo, mid);
                        l.fork();
                        Map<String, Integer> right = new WordCount(lines, mid, hi).compute();
                        Map<String, Integer> result = new HashMap<>();
                        for (Map.Entry<String, Integer> e : l.join().entrySet()) { // expect: copy-on-join
                            result.merge(e.getKey(), e.getValue(), Integer::sum);
                        }
                        right.forEach((w, n) -> result.merge(w, n, Integer::sum)); // expect: copy-on-join
                        List<String> words = new ArrayList<>();
                        right.keySet().stream().forEach(words::add); // expect: copy-on-join
                        return result;
                    }
                }
                """);
  }

  @Test
  void readingAJoinedResultElementByElementIsClean() {
    helper
        .addSourceLines(
            "Best.java",
            """
                import java.util.*;
                import java.util.concurrent.*;
                class Best extends RecursiveTask<List<Integer>> {
                    final int[] a; final int lo, hi;
                    Best(int[] a, int lo, int hi) { this.a = a; this.lo = lo; this.hi = hi; }
                    protected List<Integer> compute() {
                        if (hi - lo < 100) return List.of(a[lo]);
                        int mid = (lo + hi) >>> 1;
                        Best l = new Best(a, lo, mid);
                        l.fork();
                        List<Integer> r = new Best(a, mid, hi).compute();
                        int best = Integer.MIN_VALUE;
                        long sum = 0;
                        for (int x : l.join()) { best = Math.max(best, x); sum += x; }
                        r.forEach(x -> System.out.println(x));
                        return List.of(best, (int) sum);
                    }
                }
                """)
        .expectNoFindings();
  }

  @Test
  void combiningNumbersOrCopyingLeafResultsIsClean() {
    helper
        .addSourceLines(
            "Count.java",
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
                """)
        .expectNoFindings();
  }
}
