package dev.forkscope.lint.fix;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IndexRangesTest {
  @TempDir Path dir;

  @Test
  void arrayCopiesBecomeRangesAndTheOldConstructorDelegates() {
    RefactoringTestHelper.in(dir)
        .rule("copy-on-fork")
        .addInputLines(
            "import java.util.Arrays;",
            "import java.util.concurrent.RecursiveTask;",
            "",
            "/** Sums an array. */",
            "class SumTask extends RecursiveTask<Long> {",
            "  private final int[] data; // the numbers",
            "",
            "  SumTask(int[] data) {",
            "    this.data = data;",
            "  }",
            "",
            "  @Override",
            "  protected Long compute() {",
            "    if (data.length <= 16) {",
            "      long sum = 0;",
            "      for (int i = 0; i < data.length; i++) {",
            "        sum += data[i];",
            "      }",
            "      for (int x : data) {",
            "        sum += x;",
            "      }",
            "      return sum + data[0];",
            "    }",
            "    int mid = data.length / 2;",
            "    SumTask left = new SumTask(Arrays.copyOfRange(data, 0, mid));",
            "    int[] upper = new int[data.length - mid];",
            "    System.arraycopy(data, mid, upper, 0, data.length - mid);",
            "    SumTask right = new SumTask(upper);",
            "    left.fork();",
            "    return right.compute() + left.join();",
            "  }",
            "",
            "  static long sum(int[] all) {",
            "    return new SumTask(all).invoke();",
            "  }",
            "}")
        .addOutputLines(
            "import java.util.concurrent.RecursiveTask;",
            "",
            "/** Sums an array. */",
            "class SumTask extends RecursiveTask<Long> {",
            "  private final int[] data; // the numbers",
            "  private final int lo;",
            "  private final int hi;",
            "",
            "  SumTask(int[] data) {",
            "    this(data, 0, data.length);",
            "  }",
            "",
            "  SumTask(int[] data, int lo, int hi) {",
            "    this.data = data;",
            "    this.lo = lo;",
            "    this.hi = hi;",
            "  }",
            "",
            "  @Override",
            "  protected Long compute() {",
            "    if (hi - lo <= 16) {",
            "      long sum = 0;",
            "      for (int i = lo; i < hi; i++) {",
            "        sum += data[i];",
            "      }",
            "      for (int k = lo; k < hi; k++) {",
            "        int x = data[k];",
            "        sum += x;",
            "      }",
            "      return sum + data[lo];",
            "    }",
            "    int mid = (hi - lo) / 2;",
            "    SumTask left = new SumTask(data, lo, lo + mid);",
            "    SumTask right = new SumTask(data, lo + mid, hi);",
            "    left.fork();",
            "    return right.compute() + left.join();",
            "  }",
            "",
            "  static long sum(int[] all) {",
            "    return new SumTask(all).invoke();",
            "  }",
            "}")
        .doTest();
  }

  @Test
  void listViewsBecomeRanges() {
    RefactoringTestHelper.in(dir)
        .rule("copy-on-fork")
        .addInputLines(
            "import java.util.ArrayList;",
            "import java.util.List;",
            "import java.util.concurrent.RecursiveTask;",
            "class Count extends RecursiveTask<Integer> {",
            "  private final List<String> words;",
            "  Count(List<String> words) { this.words = words; }",
            "  @Override protected Integer compute() {",
            "    if (words.size() < 100) {",
            "      int n = 0;",
            "      for (String w : words) { if (w.isEmpty()) n++; }",
            "      return n + (words.isEmpty() ? 0 : words.get(0).length());",
            "    }",
            "    int half = words.size() >>> 1;",
            "    Count a = new Count(new ArrayList<>(words.subList(0, half)));",
            "    Count b = new Count(words.subList(half, words.size()));",
            "    invokeAll(a, b);",
            "    return a.join() + b.join();",
            "  }",
            "}")
        .addOutputLines(
            "import java.util.List;",
            "import java.util.concurrent.RecursiveTask;",
            "class Count extends RecursiveTask<Integer> {",
            "  private final List<String> words;",
            "  private final int lo;",
            "  private final int hi;",
            "  Count(List<String> words) { this(words, 0, words.size()); }",
            "",
            "  Count(List<String> words, int lo, int hi) { this.words = words; this.lo = lo; this.hi = hi; }",
            "  @Override protected Integer compute() {",
            "    if (hi - lo < 100) {",
            "      int n = 0;",
            "      for (String w : words.subList(lo, hi)) { if (w.isEmpty()) n++; }",
            "      return n + (hi == lo ? 0 : words.get(lo).length());",
            "    }",
            "    int half = (hi - lo) >>> 1;",
            "    Count a = new Count(words, lo, lo + half);",
            "    Count b = new Count(words, lo + half, hi);",
            "    invokeAll(a, b);",
            "    return a.join() + b.join();",
            "  }",
            "}")
        .doTest();
  }

  @Test
  void aTaskThatWritesItsCopyIsLeftAsASuggestionNamingTheWrite() {
    FixResult result =
        RefactoringTestHelper.in(dir)
            .rule("copy-on-fork")
            .addInputLines(
                "import java.util.Arrays;",
                "import java.util.concurrent.RecursiveAction;",
                "class Sort extends RecursiveAction {",
                "  private final int[] a;",
                "  Sort(int[] a) { this.a = a; }",
                "  @Override protected void compute() {",
                "    if (a.length < 2) { return; }",
                "    int mid = a.length / 2;",
                "    invokeAll(new Sort(Arrays.copyOfRange(a, 0, mid)), new Sort(Arrays.copyOfRange(a, mid, a.length)));",
                "    a[0] = a[a.length - 1];",
                "  }",
                "}")
            .expectUnchanged()
            .doTest();
    assertThat(result.suggestions())
        .hasSize(2)
        .allSatisfy(
            s ->
                assertThat(s.reason())
                    .isEqualTo(
                        "line 10 writes a[0]: the copies kept such writes apart, a shared array would not"));
  }

  @Test
  void unprovableBoundsAndUnknownUsesBlockTheRewrite() {
    FixResult result =
        RefactoringTestHelper.in(dir)
            .rule("copy-on-fork")
            .addInputLines(
                "import java.util.Arrays;",
                "import java.util.concurrent.RecursiveTask;",
                "class Max extends RecursiveTask<Integer> {",
                "  private final int[] a;",
                "  Max(int[] a) { this.a = a; }",
                "  @Override protected Integer compute() {",
                "    if (a.length < 8) { return Arrays.stream(a).max().orElse(0); }",
                "    int mid = a.length / 2;",
                "    Max l = new Max(Arrays.copyOfRange(a, 0, mid + 1));",
                "    Max r = new Max(Arrays.copyOfRange(a, mid, a.length));",
                "    l.fork();",
                "    return Math.max(r.compute(), l.join());",
                "  }",
                "}")
            .expectUnchanged()
            .doTest();
    assertThat(result.suggestions())
        .extracting(Suggestion::reason)
        .allSatisfy(r -> assertThat(r).containsAnyOf("cannot prove", "passes a to stream"));
  }

  @Test
  void aLeafCallIsRewrittenWhenItsSourceReadsOnlyTheRange() {
    RefactoringTestHelper.in(dir)
        .rule("copy-on-fork")
        .addSource(
            "final class Kernels {",
            "  static long total(long[] values, int from, int to) {",
            "    long t = 0;",
            "    for (int i = from; i < to; i++) {",
            "      t += values[i];",
            "    }",
            "    return t;",
            "  }",
            "}")
        .addInputLines(
            "import java.util.concurrent.RecursiveTask;",
            "class Total extends RecursiveTask<Long> {",
            "  private final long[] v;",
            "  Total(long[] v) { this.v = v; }",
            "  @Override protected Long compute() {",
            "    if (v.length < 64) return Kernels.total(v, 0, v.length);",
            "    int h = v.length / 2;",
            "    Total a = new Total(java.util.Arrays.copyOf(v, h));",
            "    Total b = new Total(java.util.Arrays.copyOfRange(v, h, v.length));",
            "    a.fork();",
            "    return b.compute() + a.join();",
            "  }",
            "}")
        .addOutputLines(
            "import java.util.concurrent.RecursiveTask;",
            "class Total extends RecursiveTask<Long> {",
            "  private final long[] v;",
            "  private final int lo;",
            "  private final int hi;",
            "  Total(long[] v) { this(v, 0, v.length); }",
            "",
            "  Total(long[] v, int lo, int hi) { this.v = v; this.lo = lo; this.hi = hi; }",
            "  @Override protected Long compute() {",
            "    if (hi - lo < 64) return Kernels.total(v, lo, hi);",
            "    int h = (hi - lo) / 2;",
            "    Total a = new Total(v, lo, lo + h);",
            "    Total b = new Total(v, lo + h, hi);",
            "    a.fork();",
            "    return b.compute() + a.join();",
            "  }",
            "}")
        .doTest();
  }
}
