package dev.forkscope.lint.fix;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Copy on join outside the filter shape {@link FilterMarks} rewrites: the suggestion says why and
 * sketches the shared output with the task's names.
 */
class CopyOnJoinSuggestionTest {
  @TempDir Path dir;

  @Test
  void aFilterThatCopiesOnJoinGetsTheSharedOutputShape() {
    FixResult result =
        RefactoringTestHelper.in(dir)
            .rule("copy-on-join")
            .addInputLines(
                "import java.util.ArrayList;",
                "import java.util.List;",
                "import java.util.concurrent.RecursiveTask;",
                "import java.util.function.Predicate;",
                "class Filter<T> extends RecursiveTask<List<T>> {",
                "  final Predicate<T> p; final List<T> data; final int lo, hi;",
                "  Filter(Predicate<T> p, List<T> data, int lo, int hi) {",
                "    this.p = p; this.data = data; this.lo = lo; this.hi = hi;",
                "  }",
                "  @Override protected List<T> compute() {",
                "    List<T> result = new ArrayList<>();",
                "    if (hi - lo < 100) {",
                "      for (int i = lo; i < hi; i++) if (p.test(data.get(i))) result.add(data.get(i));",
                "      return result;",
                "    }",
                "    int mid = (lo + hi) >>> 1;",
                "    Filter<T> a = new Filter<>(p, data, lo, mid);",
                "    Filter<T> b = new Filter<>(p, data, mid, hi);",
                "    invokeAll(a, b);",
                "    result.addAll(a.join());",
                "    result.addAll(b.join());",
                "    return result;",
                "  }",
                "}")
            .expectUnchanged()
            .doTest();
    assertThat(result.suggestions())
        .hasSize(2)
        .allSatisfy(
            s -> {
              assertThat(s.reason())
                  .contains("compute() of Filter does not begin with the leaf test if (..)");
              assertThat(s.before()).startsWith("result.addAll(");
              assertThat(s.after())
                  .contains("// Filter extends RecursiveAction and marks a shared boolean[] keep")
                  .contains(
                      "invokeAll(new Filter(.., keep, lo, mid), new Filter(.., keep, mid, hi));");
            });
  }
}
