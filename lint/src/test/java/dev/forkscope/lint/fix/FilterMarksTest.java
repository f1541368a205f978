package dev.forkscope.lint.fix;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FilterMarksTest {
  @TempDir Path dir;

  @Test
  void theZoosFilterMarksASharedKeepArray() {
    RefactoringTestHelper.in(dir)
        .rule("copy-on-join")
        .addInputLines(
            "import java.util.ArrayList;",
            "import java.util.List;",
            "import java.util.concurrent.ForkJoinPool;",
            "import java.util.concurrent.RecursiveTask;",
            "import java.util.function.Predicate;",
            "",
            "class Primes {",
            "  long compute(int size) {",
            "    List<Integer> numbers = new ArrayList<>();",
            "    for (int n = 0; n < size; n++) numbers.add(n);",
            "    List<Integer> primes =",
            "        ForkJoinPool.commonPool()",
            "            .invoke(new FilteringTask<>(x -> x % 3 == 0, numbers, 0, size));",
            "    return primes.size();",
            "  }",
            "",
            "  static final class FilteringTask<T> extends RecursiveTask<List<T>> {",
            "    private final Predicate<T> filter;",
            "    private final List<T> dataSource;",
            "    private final int lo;",
            "    private final int hi;",
            "",
            "    FilteringTask(Predicate<T> filter, List<T> dataSource, int lo, int hi) {",
            "      this.filter = filter;",
            "      this.dataSource = dataSource;",
            "      this.lo = lo;",
            "      this.hi = hi;",
            "    }",
            "",
            "    @Override",
            "    protected List<T> compute() {",
            "      if (hi - lo < 100) {",
            "        return computeDirectly();",
            "      }",
            "      List<T> result = new ArrayList<>();",
            "      int mid = (lo + hi) >>> 1;",
            "      FilteringTask<T> first = new FilteringTask<>(filter, dataSource, lo, mid);",
            "      FilteringTask<T> second = new FilteringTask<>(filter, dataSource, mid, hi);",
            "      invokeAll(first, second);",
            "      result.addAll(first.join());",
            "      result.addAll(second.join());",
            "      return result;",
            "    }",
            "",
            "    private List<T> computeDirectly() {",
            "      List<T> kept = new ArrayList<>();",
            "      for (int i = lo; i < hi; i++) {",
            "        T item = dataSource.get(i);",
            "        if (filter.test(item)) {",
            "          kept.add(item);",
            "        }",
            "      }",
            "      return kept;",
            "    }",
            "  }",
            "}")
        .addOutputLines(
            "import java.util.ArrayList;",
            "import java.util.List;",
            "import java.util.concurrent.ForkJoinPool;",
            "import java.util.concurrent.RecursiveAction;",
            "import java.util.function.Predicate;",
            "",
            "class Primes {",
            "  long compute(int size) {",
            "    List<Integer> numbers = new ArrayList<>();",
            "    for (int n = 0; n < size; n++) numbers.add(n);",
            "    boolean[] keep = new boolean[size];",
            "    ForkJoinPool.commonPool().invoke(new FilteringTask<>(x -> x % 3 == 0, numbers, keep, 0, size));",
            "    List<Integer> primes = new ArrayList<>();",
            "    for (int i = 0; i < size; i++) {",
            "      if (keep[i]) {",
            "        primes.add(numbers.get(i));",
            "      }",
            "    }",
            "    return primes.size();",
            "  }",
            "",
            "  static final class FilteringTask<T> extends RecursiveAction {",
            "    private final Predicate<T> filter;",
            "    private final List<T> dataSource;",
            "    private final boolean[] keep;",
            "    private final int lo;",
            "    private final int hi;",
            "",
            "    FilteringTask(Predicate<T> filter, List<T> dataSource, boolean[] keep, int lo, int hi) {",
            "      this.filter = filter;",
            "      this.dataSource = dataSource;",
            "      this.keep = keep;",
            "      this.lo = lo;",
            "      this.hi = hi;",
            "    }",
            "",
            "    @Override",
            "    protected void compute() {",
            "      if (hi - lo < 100) {",
            "        for (int i = lo; i < hi; i++) {",
            "          keep[i] = filter.test(dataSource.get(i));",
            "        }",
            "        return;",
            "      }",
            "      int mid = (lo + hi) >>> 1;",
            "      invokeAll(",
            "          new FilteringTask<>(filter, dataSource, keep, lo, mid),",
            "          new FilteringTask<>(filter, dataSource, keep, mid, hi));",
            "    }",
            "  }",
            "}")
        .doTest();
  }

  @Test
  void aVariantWithAnInlineLeafForkComputeJoinAndAPoolField() {
    RefactoringTestHelper.in(dir)
        .rule("copy-on-join")
        .addInputLines(
            "import java.util.LinkedList;",
            "import java.util.List;",
            "import java.util.concurrent.ForkJoinPool;",
            "import java.util.concurrent.RecursiveTask;",
            "import java.util.function.Predicate;",
            "",
            "class Evens {",
            "  private static final ForkJoinPool POOL = new ForkJoinPool(2);",
            "",
            "  static List<String> evens(List<String> words) {",
            "    List<String> found = POOL.invoke(new Filter(s -> s.length() % 2 == 0, words, 0, words.size()));",
            "    return found;",
            "  }",
            "",
            "  static class Filter extends RecursiveTask<List<String>> {",
            "    final Predicate<String> p; final List<String> data; final int from, to;",
            "",
            "    Filter(Predicate<String> p, List<String> data, int from, int to) {",
            "      this.p = p; this.data = data; this.from = from; this.to = to;",
            "    }",
            "",
            "    @Override",
            "    protected List<String> compute() {",
            "      if (to - from <= 8) {",
            "        List<String> out = new LinkedList<>();",
            "        for (int k = from; k < to; k++) if (p.test(data.get(k))) out.add(data.get(k));",
            "        return out;",
            "      } else {",
            "        int m = from + (to - from) / 2;",
            "        Filter left = new Filter(p, data, from, m);",
            "        Filter right = new Filter(p, data, m, to);",
            "        List<String> all = new LinkedList<>();",
            "        right.fork();",
            "        all.addAll(left.compute());",
            "        all.addAll(right.join());",
            "        return all;",
            "      }",
            "    }",
            "  }",
            "}")
        .addOutputLines(
            "import java.util.LinkedList;",
            "import java.util.List;",
            "import java.util.concurrent.ForkJoinPool;",
            "import java.util.concurrent.RecursiveAction;",
            "import java.util.function.Predicate;",
            "",
            "class Evens {",
            "  private static final ForkJoinPool POOL = new ForkJoinPool(2);",
            "",
            "  static List<String> evens(List<String> words) {",
            "    boolean[] keep = new boolean[words.size()];",
            "    POOL.invoke(new Filter(s -> s.length() % 2 == 0, words, keep, 0, keep.length));",
            "    List<String> found = new LinkedList<>();",
            "    for (int i = 0; i < keep.length; i++) {",
            "      if (keep[i]) {",
            "        found.add(words.get(i));",
            "      }",
            "    }",
            "    return found;",
            "  }",
            "",
            "  static class Filter extends RecursiveAction {",
            "    final Predicate<String> p; final List<String> data; final boolean[] keep; final int from, to;",
            "",
            "    Filter(Predicate<String> p, List<String> data, boolean[] keep, int from, int to) {",
            "      this.p = p; this.data = data; this.keep = keep; this.from = from; this.to = to;",
            "    }",
            "",
            "    @Override",
            "    protected void compute() {",
            "      if (to - from <= 8) {",
            "        for (int k = from; k < to; k++) {",
            "          keep[k] = p.test(data.get(k));",
            "        }",
            "        return;",
            "      }",
            "      int m = from + (to - from) / 2;",
            "      invokeAll(",
            "          new Filter(p, data, keep, from, m),",
            "          new Filter(p, data, keep, m, to));",
            "    }",
            "  }",
            "}")
        .doTest();
  }

  private FixResult refused(String input, String reason, String... otherFile) {
    RefactoringTestHelper helper = RefactoringTestHelper.in(dir).rule("copy-on-join");
    if (otherFile.length > 0) {
      helper.addSource(otherFile);
    }
    FixResult result = helper.addInputLines(input.split("\n", -1)).expectUnchanged().doTest();
    assertThat(result.suggestions())
        .hasSize(2)
        .allSatisfy(s -> assertThat(s.reason()).contains(reason));
    return result;
  }

  @Test
  void theShapeOfTheNegativeCasesIsRewritten() throws Exception {
    Files.writeString(dir.resolve("Odd.java"), BASE);
    FixResult result = Fixer.builder().rules(List.of("copy-on-join")).build().fix(List.of(dir));
    assertThat(result.fixCount()).isEqualTo(1);
    assertThat(result.suggestions()).isEmpty();
    assertThat(result.compileCheck()).isEqualTo("compiled with javac");
  }

  @Test
  void aLeafThatTransformsTheElementsIsRefused() {
    refused(BASE.replace("kept.add(x);", "kept.add(x + 1);"), "the leaf is not a plain filter");
  }

  @Test
  void aTaskNamedByAnotherClassIsRefused() {
    refused(
        BASE,
        "Odd, which declares OddTask, is named in Other.java, which may use its result",
        "import java.util.List;",
        "class Other {",
        "  List<Integer> all(List<Integer> xs) {",
        "    return new Odd.OddTask(x -> true, xs, 0, xs.size()).invoke();",
        "  }",
        "}");
  }

  @Test
  void aMergeOutOfOrderIsRefused() {
    refused(
        BASE.replace(
            "result.addAll(a.join());\n      result.addAll(b.join());",
            "result.addAll(b.join());\n      result.addAll(a.join());"),
        "the list is not in index order");
  }

  @Test
  void aResultUsedOtherwiseIsRefused() {
    refused(
        BASE.replace(
            "ForkJoinPool.commonPool().invoke(new OddTask(x -> x % 2 == 1, xs, 0, n))",
            "new OddTask(x -> x % 2 == 1, xs, 0, n).fork().join()"),
        "is not used as List<E> x = pool.invoke(new OddTask(.., 0, n))");
  }

  @Test
  void aBoundNamedLikeTheNewIndexGetsAnotherIndex() throws Exception {
    Files.writeString(
        dir.resolve("Odd.java"),
        BASE.replace("List<Integer> xs, int n)", "List<Integer> xs, int i)")
            .replace("xs, 0, n)", "xs, 0, i)"));
    FixResult result = Fixer.builder().rules(List.of("copy-on-join")).build().fix(List.of(dir));
    assertThat(result.fixCount()).isEqualTo(1);
    assertThat(result.files().get(0).rewritten())
        .contains("for (int j = 0; j < i; j++) {")
        .contains("r.add(xs.get(j));");
  }

  @Test
  void aRangeNotFromZeroIsRefused() {
    refused(BASE.replace("xs, 0, n)", "xs, 1, n)"), "does not start at 0");
  }

  private static final String BASE =
      String.join(
          "\n",
          "import java.util.ArrayList;",
          "import java.util.List;",
          "import java.util.concurrent.ForkJoinPool;",
          "import java.util.concurrent.RecursiveTask;",
          "import java.util.function.Predicate;",
          "",
          "class Odd {",
          "  static List<Integer> odd(List<Integer> xs, int n) {",
          "    List<Integer> r = ForkJoinPool.commonPool().invoke(new OddTask(x -> x % 2 == 1, xs, 0, n));",
          "    return r;",
          "  }",
          "",
          "  static final class OddTask extends RecursiveTask<List<Integer>> {",
          "    private final Predicate<Integer> p;",
          "    private final List<Integer> xs;",
          "    private final int lo;",
          "    private final int hi;",
          "",
          "    OddTask(Predicate<Integer> p, List<Integer> xs, int lo, int hi) {",
          "      this.p = p;",
          "      this.xs = xs;",
          "      this.lo = lo;",
          "      this.hi = hi;",
          "    }",
          "",
          "    @Override",
          "    protected List<Integer> compute() {",
          "      if (hi - lo < 16) {",
          "        List<Integer> kept = new ArrayList<>();",
          "        for (int i = lo; i < hi; i++) {",
          "          Integer x = xs.get(i);",
          "          if (p.test(x)) {",
          "            kept.add(x);",
          "          }",
          "        }",
          "        return kept;",
          "      }",
          "      List<Integer> result = new ArrayList<>();",
          "      int mid = (lo + hi) / 2;",
          "      OddTask a = new OddTask(p, xs, lo, mid);",
          "      OddTask b = new OddTask(p, xs, mid, hi);",
          "      invokeAll(a, b);",
          "      result.addAll(a.join());",
          "      result.addAll(b.join());",
          "      return result;",
          "    }",
          "  }",
          "}");
}
