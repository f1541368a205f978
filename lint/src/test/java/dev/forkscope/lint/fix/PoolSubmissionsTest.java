package dev.forkscope.lint.fix;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PoolSubmissionsTest {
  @TempDir Path dir;

  @Test
  void aSubtaskHandedToTheRunningPoolIsForked() {
    RefactoringTestHelper.in(dir)
        .rule("centralized-pooling")
        .addInputLines(
            "import java.util.concurrent.ForkJoinPool;",
            "import java.util.concurrent.RecursiveAction;",
            "class Spawn extends RecursiveAction {",
            "  final int n;",
            "  Spawn(int n) { this.n = n; }",
            "  @Override protected void compute() {",
            "    if (n == 0) return;",
            "    ForkJoinPool pool = getPool();",
            "    pool.execute(new Spawn(n - 1));",
            "    getPool().submit(new Spawn(n - 1));",
            "  }",
            "}")
        .addOutputLines(
            "import java.util.concurrent.ForkJoinPool;",
            "import java.util.concurrent.RecursiveAction;",
            "class Spawn extends RecursiveAction {",
            "  final int n;",
            "  Spawn(int n) { this.n = n; }",
            "  @Override protected void compute() {",
            "    if (n == 0) return;",
            "    ForkJoinPool pool = getPool();",
            "    new Spawn(n - 1).fork();",
            "    new Spawn(n - 1).fork();",
            "  }",
            "}")
        .doTest();
  }

  @Test
  void aPoolFromAFieldIsNotProvedToBeTheRunningOne() {
    FixResult result =
        RefactoringTestHelper.in(dir)
            .rule("centralized-pooling")
            .addInputLines(
                "import java.util.concurrent.ForkJoinPool;",
                "import java.util.concurrent.RecursiveAction;",
                "class Relay extends RecursiveAction {",
                "  static final ForkJoinPool OTHER = new ForkJoinPool(2);",
                "  final int n;",
                "  Relay(int n) { this.n = n; }",
                "  @Override protected void compute() {",
                "    if (n > 0) OTHER.execute(new Relay(n - 1));",
                "  }",
                "}")
            .expectUnchanged()
            .doTest();
    assertThat(result.suggestions())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.reason())
                  .contains("cannot prove that OTHER is the pool running this task");
              assertThat(s.after()).startsWith("new Relay(n - 1).fork();");
            });
  }
}
