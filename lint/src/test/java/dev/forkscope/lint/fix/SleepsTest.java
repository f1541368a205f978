package dev.forkscope.lint.fix;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SleepsTest {
  @TempDir Path dir;

  @Test
  void aSleepWhoseInterruptIsRestoredIsRemoved() {
    RefactoringTestHelper.in(dir)
        .rule("sleepy-worker")
        .addSource("final class Delays {", "  static final long SETTLE = 10;", "}")
        .addInputLines(
            "import java.util.concurrent.RecursiveTask;",
            "import java.util.concurrent.TimeUnit;",
            "class Nap extends RecursiveTask<Long> {",
            "  static final int PAUSE = 2;",
            "  final int lo, hi;",
            "  Nap(int lo, int hi) { this.lo = lo; this.hi = hi; }",
            "  @Override protected Long compute() {",
            "    long sum = 0;",
            "    for (int i = lo; i < hi; i++) {",
            "      long v = i * 31L;",
            "      try {",
            "        Thread.sleep(Delays.SETTLE); // let it settle",
            "      } catch (InterruptedException e) {",
            "        Thread.currentThread().interrupt();",
            "      }",
            "      try {",
            "        TimeUnit.MILLISECONDS.sleep(PAUSE);",
            "      } catch (InterruptedException ie) {",
            "        Thread.currentThread().interrupt();",
            "      }",
            "      sum += v;",
            "    }",
            "    return sum;",
            "  }",
            "}")
        .addOutputLines(
            "import java.util.concurrent.RecursiveTask;",
            "import java.util.concurrent.TimeUnit;",
            "class Nap extends RecursiveTask<Long> {",
            "  static final int PAUSE = 2;",
            "  final int lo, hi;",
            "  Nap(int lo, int hi) { this.lo = lo; this.hi = hi; }",
            "  @Override protected Long compute() {",
            "    long sum = 0;",
            "    for (int i = lo; i < hi; i++) {",
            "      long v = i * 31L;",
            "      sum += v;",
            "    }",
            "    return sum;",
            "  }",
            "}")
        .doTest();
  }

  @Test
  void otherShapesStaySuggestionsNamingWhy() {
    FixResult result =
        RefactoringTestHelper.in(dir)
            .rule("sleepy-worker")
            .addInputLines(
                "import java.util.concurrent.RecursiveAction;",
                "class Wait extends RecursiveAction {",
                "  volatile boolean done;",
                "  long pause() { return 3; }",
                "  @Override protected void compute() {",
                "    try {",
                "      Thread.sleep(1);",
                "    } catch (InterruptedException e) {",
                "    }",
                "    try {",
                "      Thread.sleep(1);",
                "    } catch (InterruptedException e) {",
                "      throw new IllegalStateException(e);",
                "    }",
                "    try {",
                "      Thread.sleep(pause());",
                "    } catch (InterruptedException e) {",
                "      Thread.currentThread().interrupt();",
                "    }",
                "    while (!done) {",
                "      try {",
                "        Thread.sleep(1);",
                "      } catch (InterruptedException e) {",
                "        Thread.currentThread().interrupt();",
                "      }",
                "    }",
                "    try {",
                "      Thread.sleep(-1);",
                "    } catch (InterruptedException e) {",
                "      Thread.currentThread().interrupt();",
                "    }",
                "    try {",
                "      Thread.sleep(1);",
                "    } catch (InterruptedException e) {",
                "      Thread.currentThread().interrupt();",
                "    } finally {",
                "      done = true;",
                "    }",
                "  }",
                "}")
            .expectUnchanged()
            .doTest();
    assertThat(result.suggestions())
        .extracting(Suggestion::reason)
        .satisfiesExactly(
            r -> assertThat(r).startsWith("the handler is not just"),
            r -> assertThat(r).startsWith("the handler is not just"),
            r ->
                assertThat(r)
                    .startsWith("the sleep's duration pause() is not a non-negative constant"),
            r ->
                assertThat(r)
                    .startsWith("the sleep is in a while loop, so it may be waiting for another"),
            r -> assertThat(r).startsWith("the sleep's duration -1 is not a non-negative constant"),
            r ->
                assertThat(r)
                    .isEqualTo("the try around the sleep has resources or a finally block"));
  }

  @Test
  void aSleepWithoutAHandlerIsKept() {
    FixResult result =
        RefactoringTestHelper.in(dir)
            .rule("sleepy-worker")
            .addInputLines(
                "import java.util.concurrent.RecursiveAction;",
                "class Doze extends RecursiveAction {",
                "  @Override protected void compute() {",
                "    try {",
                "      Thread.sleep(1);",
                "      compute();",
                "    } catch (InterruptedException e) {",
                "      Thread.currentThread().interrupt();",
                "    }",
                "  }",
                "}")
            .expectUnchanged()
            .doTest();
    assertThat(result.suggestions())
        .singleElement()
        .satisfies(s -> assertThat(s.reason()).startsWith("the sleep is not alone in try"));
  }
}
