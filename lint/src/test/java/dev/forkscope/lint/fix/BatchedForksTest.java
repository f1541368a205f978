package dev.forkscope.lint.fix;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatchedForksTest {
  @TempDir Path dir;

  @Test
  void forksInAnArrayLoopBecomeOneInvokeAll() {
    RefactoringTestHelper.in(dir)
        .rule("scattered-data")
        .addInputLines(
            "import java.util.concurrent.ForkJoinTask;",
            "import java.util.concurrent.RecursiveTask;",
            "class Batch extends RecursiveTask<Long> {",
            "  private final int len;",
            "  Batch(int len) { this.len = len; }",
            "  @Override protected Long compute() {",
            "    if (len == 1) return 1L;",
            "    @SuppressWarnings({\"unchecked\", \"rawtypes\"})",
            "    ForkJoinTask<Long>[] tasks = new ForkJoinTask[len];",
            "    for (int i = 0; i < len; i++) {",
            "      ForkJoinTask<Long> task = new Batch(1);",
            "      task.fork();",
            "      tasks[i] = task;",
            "    }",
            "    long result = tasks[0].join();",
            "    for (int i = 1; i < len; i++) {",
            "      result = result * 31 + tasks[i].join();",
            "    }",
            "    return result;",
            "  }",
            "}")
        .addOutputLines(
            "import java.util.concurrent.ForkJoinTask;",
            "import java.util.concurrent.RecursiveTask;",
            "class Batch extends RecursiveTask<Long> {",
            "  private final int len;",
            "  Batch(int len) { this.len = len; }",
            "  @Override protected Long compute() {",
            "    if (len == 1) return 1L;",
            "    @SuppressWarnings({\"unchecked\", \"rawtypes\"})",
            "    ForkJoinTask<Long>[] tasks = new ForkJoinTask[len];",
            "    for (int i = 0; i < len; i++) {",
            "      ForkJoinTask<Long> task = new Batch(1);",
            "      tasks[i] = task;",
            "    }",
            "    invokeAll(tasks);",
            "    long result = tasks[0].join();",
            "    for (int i = 1; i < len; i++) {",
            "      result = result * 31 + tasks[i].join();",
            "    }",
            "    return result;",
            "  }",
            "}")
        .doTest();
  }

  @Test
  void forksInAListLoopOutsideATaskClassUseTheQualifiedInvokeAll() {
    RefactoringTestHelper.in(dir)
        .rule("scattered-data")
        .addSource(
            "import java.util.concurrent.RecursiveTask;",
            "class Part extends RecursiveTask<Long> {",
            "  final int n;",
            "  Part(int n) { this.n = n; }",
            "  @Override protected Long compute() { return n <= 1 ? 1L : Sum.of(n / 2); }",
            "}")
        .addInputLines(
            "import java.util.ArrayList;",
            "import java.util.List;",
            "class Sum {",
            "  static long of(int n) {",
            "    List<Part> parts = new ArrayList<>();",
            "    for (int k : new int[] {n, n}) {",
            "      Part p = new Part(k);",
            "      parts.add(p);",
            "      p.fork();",
            "    }",
            "    long sum = 0;",
            "    for (Part p : parts) {",
            "      sum += p.join();",
            "    }",
            "    return sum;",
            "  }",
            "}")
        .addOutputLines(
            "import java.util.ArrayList;",
            "import java.util.List;",
            "class Sum {",
            "  static long of(int n) {",
            "    List<Part> parts = new ArrayList<>();",
            "    for (int k : new int[] {n, n}) {",
            "      Part p = new Part(k);",
            "      parts.add(p);",
            "    }",
            "    java.util.concurrent.ForkJoinTask.invokeAll(parts);",
            "    long sum = 0;",
            "    for (Part p : parts) {",
            "      sum += p.join();",
            "    }",
            "    return sum;",
            "  }",
            "}")
        .doTest();
  }

  @Test
  void loopsThatDoNotProveTheBatchStaySuggestions() {
    FixResult result =
        RefactoringTestHelper.in(dir)
            .rule("scattered-data")
            .addInputLines(
                "import java.util.concurrent.RecursiveTask;",
                "class Odd extends RecursiveTask<Long> {",
                "  final int n;",
                "  Odd(int n) { this.n = n; }",
                "  @Override protected Long compute() {",
                "    if (n <= 1) return 1L;",
                "    Odd[] a = new Odd[n + 1];",
                "    for (int i = 0; i < n; i++) {",
                "      a[i] = new Odd(n / 2);",
                "      a[i].fork();",
                "    }",
                "    Odd[] b = new Odd[2];",
                "    for (int i = 0; i < 2; i++) {",
                "      b[i] = new Odd(n / 2);",
                "      if (n > 4) b[i].fork();",
                "    }",
                "    Odd[] c = new Odd[2];",
                "    for (int i = 0; i < 2; i++) {",
                "      c[i] = new Odd(n / 2);",
                "      c[i].fork();",
                "      if (c[i].isDone()) break;",
                "    }",
                "    Odd[] d = new Odd[2];",
                "    for (int i = 0; i < 2; i++) {",
                "      d[i] = new Odd(n / 2);",
                "      d[i].fork();",
                "    }",
                "    System.out.println(\"forked\");",
                "    return a[0].join() + b[0].join() + c[0].join() + d[0].join();",
                "  }",
                "}")
            .expectUnchanged()
            .doTest();
    assertThat(result.suggestions())
        .extracting(Suggestion::reason)
        .satisfiesExactly(
            r -> assertThat(r).startsWith("the loop does not fill a[0] to a[n + 1 - 1]"),
            r -> assertThat(r).startsWith("the fork is not an unconditional statement"),
            r -> assertThat(r).startsWith("the loop can skip or end an iteration early"),
            r -> assertThat(r).startsWith("the statement after the loop does not join"));
  }
}
