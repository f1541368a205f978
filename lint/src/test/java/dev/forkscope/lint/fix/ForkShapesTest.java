package dev.forkscope.lint.fix;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForkShapesTest {
  @TempDir Path dir;

  @Test
  void lastOfTheForkedSubtasksRunsInPlace() {
    RefactoringTestHelper.in(dir)
        .rule("fork-every-subtask")
        .addInputLines(
            "import java.util.concurrent.RecursiveTask;",
            "class Fib extends RecursiveTask<Long> {",
            "  final int n;",
            "  Fib(int n) { this.n = n; }",
            "  @Override protected Long compute() {",
            "    if (n < 20) { return slow(n); }",
            "    Fib a = new Fib(n - 1);",
            "    Fib b = new Fib(n - 2);",
            "    a.fork();",
            "    b.fork(); // both forked",
            "    long x = b.join();",
            "    return a.join() + x;",
            "  }",
            "  static long slow(int n) { return n < 2 ? n : slow(n - 1) + slow(n - 2); }",
            "}")
        .addOutputLines(
            "import java.util.concurrent.RecursiveTask;",
            "class Fib extends RecursiveTask<Long> {",
            "  final int n;",
            "  Fib(int n) { this.n = n; }",
            "  @Override protected Long compute() {",
            "    if (n < 20) { return slow(n); }",
            "    Fib a = new Fib(n - 1);",
            "    Fib b = new Fib(n - 2);",
            "    a.fork();",
            "    b.invoke(); // both forked",
            "    long x = b.join();",
            "    return a.join() + x;",
            "  }",
            "  static long slow(int n) { return n < 2 ? n : slow(n - 1) + slow(n - 2); }",
            "}")
        .doTest();
  }

  @Test
  void forkEveryAndJoinOrderAreFixedTogether() {
    FixResult result =
        RefactoringTestHelper.in(dir)
            .addInputLines(
                "import java.util.concurrent.RecursiveTask;",
                "class Sum extends RecursiveTask<Long> {",
                "  final int lo, hi;",
                "  Sum(int lo, int hi) { this.lo = lo; this.hi = hi; }",
                "  @Override protected Long compute() {",
                "    if (hi - lo < 1000) { long s = 0; for (int i = lo; i < hi; i++) s += i; return s; }",
                "    int mid = (lo + hi) >>> 1;",
                "    Sum left = new Sum(lo, mid);",
                "    Sum right = new Sum(mid, hi);",
                "    left.fork();",
                "    right.fork();",
                "    long l = left.join();",
                "    long r = right.join();",
                "    return l + r;",
                "  }",
                "}")
            .addOutputLines(
                "import java.util.concurrent.RecursiveTask;",
                "class Sum extends RecursiveTask<Long> {",
                "  final int lo, hi;",
                "  Sum(int lo, int hi) { this.lo = lo; this.hi = hi; }",
                "  @Override protected Long compute() {",
                "    if (hi - lo < 1000) { long s = 0; for (int i = lo; i < hi; i++) s += i; return s; }",
                "    int mid = (lo + hi) >>> 1;",
                "    Sum left = new Sum(lo, mid);",
                "    Sum right = new Sum(mid, hi);",
                "    left.fork();",
                "    right.invoke();",
                "    long r = right.join();",
                "    long l = left.join();",
                "    return l + r;",
                "  }",
                "}")
            .doTest();
    assertThat(result.fixCount()).isEqualTo(2);
  }

  @Test
  void forkEverySubtaskIsLeftWhenTheTaskVariableIsReassigned() {
    FixResult result =
        RefactoringTestHelper.in(dir)
            .rule("fork-every-subtask")
            .addInputLines(
                "import java.util.concurrent.RecursiveAction;",
                "class Walk extends RecursiveAction {",
                "  final int n;",
                "  Walk(int n) { this.n = n; }",
                "  @Override protected void compute() {",
                "    if (n < 2) return;",
                "    Walk a = new Walk(n / 2);",
                "    Walk b = new Walk(n / 2);",
                "    a.fork();",
                "    b.fork();",
                "    a.join();",
                "    b = new Walk(0);",
                "    b.join();",
                "  }",
                "}")
            .expectUnchanged()
            .doTest();
    assertThat(result.suggestions())
        .singleElement()
        .satisfies(s -> assertThat(s.reason()).contains("b is assigned again"));
  }

  @Test
  void joinsInsideOneExpressionAreLeftAsASuggestion() {
    FixResult result =
        RefactoringTestHelper.in(dir)
            .rule("joins-not-innermost-first")
            .addInputLines(
                "import java.util.concurrent.RecursiveTask;",
                "class Pair extends RecursiveTask<Integer> {",
                "  final int n;",
                "  Pair(int n) { this.n = n; }",
                "  @Override protected Integer compute() {",
                "    if (n < 2) return n;",
                "    Pair a = new Pair(n - 1);",
                "    Pair b = new Pair(n - 2);",
                "    a.fork();",
                "    b.fork();",
                "    return a.join() + b.join();",
                "  }",
                "}")
            .expectUnchanged()
            .doTest();
    assertThat(result.suggestions())
        .singleElement()
        .satisfies(s -> assertThat(s.reason()).contains("larger expression"));
  }

  @Test
  void forkImmediatelyJoinedBecomesInvoke() {
    RefactoringTestHelper.in(dir)
        .rule("fork-immediately-joined")
        .addInputLines(
            "import java.util.concurrent.RecursiveTask;",
            "class Half extends RecursiveTask<Integer> {",
            "  final int n;",
            "  Half(int n) { this.n = n; }",
            "  @Override protected Integer compute() {",
            "    if (n < 2) return n;",
            "    Half a = new Half(n / 2);",
            "    a.fork();",
            "    int x = a.join();",
            "    int y = new Half(n / 2).fork().join();",
            "    return x + y;",
            "  }",
            "}")
        .addOutputLines(
            "import java.util.concurrent.RecursiveTask;",
            "class Half extends RecursiveTask<Integer> {",
            "  final int n;",
            "  Half(int n) { this.n = n; }",
            "  @Override protected Integer compute() {",
            "    if (n < 2) return n;",
            "    Half a = new Half(n / 2);",
            "    int x = a.invoke();",
            "    int y = new Half(n / 2).invoke();",
            "    return x + y;",
            "  }",
            "}")
        .doTest();
  }

  @Test
  void aRewriteThatDoesNotCompileIsDroppedAndSaysWhy() {
    FixResult result =
        RefactoringTestHelper.in(dir)
            .rule("fork-every-subtask")
            .addSource(
                "class Job {", "  Job fork() { return this; }", "  int join() { return 1; }", "}")
            .addInputLines(
                "import java.util.concurrent.RecursiveTask;",
                "class Driver extends RecursiveTask<Integer> {",
                "  @Override protected Integer compute() {",
                "    Job a = new Job();",
                "    Job b = new Job();",
                "    a.fork();",
                "    b.fork();",
                "    return a.join() + b.join();",
                "  }",
                "}")
            .expectUnchanged()
            .doTest();
    assertThat(result.compileCheck()).isEqualTo("compiled with javac; 1 rewrite dropped");
    assertThat(result.suggestions())
        .singleElement()
        .satisfies(s -> assertThat(s.reason()).contains("does not compile").contains("invoke"));
  }
}
