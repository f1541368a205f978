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

  /**
   * druid's parallel merge: compute() hands the spawning to a private helper, which only compute()
   * calls, so it runs on a worker of the pool getPool() names.
   */
  @Test
  void aPrivateHelperOnlyComputeCallsForksToo() {
    RefactoringTestHelper.in(dir)
        .rule("centralized-pooling")
        .addInputLines(
            "import java.util.List;",
            "import java.util.concurrent.RecursiveAction;",
            "class Merge extends RecursiveAction {",
            "  final List<RecursiveAction> parts;",
            "  Merge(List<RecursiveAction> parts) { this.parts = parts; }",
            "  @Override protected void compute() {",
            "    if (parts.size() > 1) spawn(parts.size());",
            "  }",
            "  private void spawn(int n) {",
            "    for (RecursiveAction part : parts) {",
            "      getPool().execute(part);",
            "    }",
            "    if (n > 4) spawn(n / 2);",
            "  }",
            "}")
        .addOutputLines(
            "import java.util.List;",
            "import java.util.concurrent.RecursiveAction;",
            "class Merge extends RecursiveAction {",
            "  final List<RecursiveAction> parts;",
            "  Merge(List<RecursiveAction> parts) { this.parts = parts; }",
            "  @Override protected void compute() {",
            "    if (parts.size() > 1) spawn(parts.size());",
            "  }",
            "  private void spawn(int n) {",
            "    for (RecursiveAction part : parts) {",
            "      part.fork();",
            "    }",
            "    if (n > 4) spawn(n / 2);",
            "  }",
            "}")
        .doTest();
  }

  /**
   * A helper that other code calls too (here a public method and a method reference) may run off
   * the pool's workers, where getPool() is null: the submission throws there and fork() would not.
   */
  @Test
  void aHelperOtherCodeCallsStaysASuggestion() {
    String[] kinds = {
      "  public void start() { spawn(); }", "  Runnable later() { return this::spawn; }"
    };
    for (String other : kinds) {
      FixResult result =
          RefactoringTestHelper.in(dir)
              .rule("centralized-pooling")
              .addInputLines(
                  "import java.util.concurrent.RecursiveAction;",
                  "class Merge extends RecursiveAction {",
                  "  @Override protected void compute() { spawn(); }",
                  "  private void spawn() { getPool().execute(new Merge()); }",
                  other,
                  "}")
              .expectUnchanged()
              .doTest();
      assertThat(result.suggestions())
          .extracting(Suggestion::reason)
          .as(other)
          .containsExactly(
              "cannot prove that this code runs on a worker of a pool: it is not directly in a"
                  + " task's compute() or in a private method only that calls, and elsewhere"
                  + " getPool() may be null, so the submission throws where fork() would not");
    }
  }

  @Test
  void aDispatcherCalledFromTasksAndFromOutsideForksFirst() {
    RefactoringTestHelper.in(dir)
        .rule("centralized-pooling")
        .addSource(
            "import java.util.concurrent.ForkJoinTask;",
            "class Mailbox extends ForkJoinTask<Void> {",
            "  final Dispatcher dispatcher;",
            "  Mailbox(Dispatcher dispatcher) { this.dispatcher = dispatcher; }",
            "  public Void getRawResult() { return null; }",
            "  protected void setRawResult(Void v) { }",
            "  protected boolean exec() { dispatcher.schedule(this); return false; }",
            "}")
        .addInputLines(
            "import java.util.concurrent.ForkJoinPool;",
            "class Dispatcher {",
            "  final ForkJoinPool pool;",
            "  Dispatcher(ForkJoinPool pool) { this.pool = pool; }",
            "  void schedule(Mailbox mbox) {",
            "    if (mbox.getRawResult() == null) {",
            "      pool.execute(mbox); // deliver",
            "    }",
            "  }",
            "}")
        .addOutputLines(
            "import java.util.concurrent.ForkJoinPool;",
            "class Dispatcher {",
            "  final ForkJoinPool pool;",
            "  Dispatcher(ForkJoinPool pool) { this.pool = pool; }",
            "  void schedule(Mailbox mbox) {",
            "    if (mbox.getRawResult() == null) {",
            "      if (java.util.concurrent.ForkJoinTask.getPool() == pool) {",
            "        mbox.fork();",
            "      } else {",
            "        pool.execute(mbox);",
            "      } // deliver",
            "    }",
            "  }",
            "}")
        .doTest();
  }

  @Test
  void theCommonPoolIsGuardedWithTheImportedName() {
    RefactoringTestHelper.in(dir)
        .rule("centralized-pooling")
        .addInputLines(
            "import java.util.concurrent.*;",
            "class Walker extends RecursiveAction {",
            "\tfinal int n;",
            "\tWalker(int n) { this.n = n; }",
            "\tprotected void compute() {",
            "\t\tif (n > 0) {",
            "\t\t\tForkJoinPool.commonPool().invoke(new Walker(n - 1));",
            "\t\t}",
            "\t}",
            "}")
        .addOutputLines(
            "import java.util.concurrent.*;",
            "class Walker extends RecursiveAction {",
            "\tfinal int n;",
            "\tWalker(int n) { this.n = n; }",
            "\tprotected void compute() {",
            "\t\tif (n > 0) {",
            "\t\t\tif (ForkJoinTask.getPool() == ForkJoinPool.commonPool()) {",
            "\t\t\t\tnew Walker(n - 1).invoke();",
            "\t\t\t} else {",
            "\t\t\t\tForkJoinPool.commonPool().invoke(new Walker(n - 1));",
            "\t\t\t}",
            "\t\t}",
            "\t}",
            "}")
        .doTest();
  }

  /** A submission whose result is used: the guard is a conditional expression. */
  @Test
  void aResultInUseIsGuardedByAConditional() {
    RefactoringTestHelper.in(dir)
        .rule("centralized-pooling")
        .addInputLines(
            "import java.util.concurrent.ForkJoinPool;",
            "import java.util.concurrent.ForkJoinTask;",
            "import java.util.concurrent.RecursiveTask;",
            "class Relay extends RecursiveTask<Integer> {",
            "  final ForkJoinPool mine = new ForkJoinPool(2);",
            "  final int n;",
            "  Relay(int n) { this.n = n; }",
            "  @Override protected Integer compute() {",
            "    if (n == 0) return 0;",
            "    ForkJoinTask<Integer> next = mine.submit(new Relay(n - 1));",
            "    return mine.invoke(new Relay(n - 1)) + next.join();",
            "  }",
            "}")
        .addOutputLines(
            "import java.util.concurrent.ForkJoinPool;",
            "import java.util.concurrent.ForkJoinTask;",
            "import java.util.concurrent.RecursiveTask;",
            "class Relay extends RecursiveTask<Integer> {",
            "  final ForkJoinPool mine = new ForkJoinPool(2);",
            "  final int n;",
            "  Relay(int n) { this.n = n; }",
            "  @Override protected Integer compute() {",
            "    if (n == 0) return 0;",
            "    ForkJoinTask<Integer> next = (ForkJoinTask.getPool() == mine ? new Relay(n - 1).fork() : mine.submit(new Relay(n - 1)));",
            "    return (ForkJoinTask.getPool() == mine ? new Relay(n - 1).invoke() : mine.invoke(new Relay(n - 1))) + next.join();",
            "  }",
            "}")
        .doTest();
  }

  @Test
  void aPoolThatMayChangeStaysASuggestion() {
    FixResult result =
        RefactoringTestHelper.in(dir)
            .rule("centralized-pooling")
            .addInputLines(
                "import java.util.concurrent.ForkJoinPool;",
                "import java.util.concurrent.ForkJoinTask;",
                "import java.util.concurrent.RecursiveAction;",
                "class Relay extends RecursiveAction {",
                "  static ForkJoinPool other = new ForkJoinPool(2);",
                "  final ForkJoinPool mine = new ForkJoinPool(2);",
                "  final int n;",
                "  Relay(int n) { this.n = n; }",
                "  @Override protected void compute() {",
                "    if (n == 0) return;",
                "    other.execute(new Relay(n - 1));",
                "    mine.execute(() -> {});",
                "  }",
                "}")
            .expectUnchanged()
            .doTest();
    assertThat(result.suggestions())
        .extracting(Suggestion::reason)
        .containsExactly(
            "cannot prove that other is the pool running this task, and the field other is not"
                + " final: a guard that reads it twice could see two pools",
            "() -> {} is not known to be a ForkJoinTask of a class in this file");
  }
}
