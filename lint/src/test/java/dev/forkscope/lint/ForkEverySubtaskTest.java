package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ForkEverySubtask}: fork-every-subtask, both halves forked and the current thread idle. */
class ForkEverySubtaskTest {
  private final LintTestHelper helper;

  ForkEverySubtaskTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("fork-every-subtask");
  }

  @Test
  void forkingBothHalvesAndOnlyJoiningIsFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "T.java",
                SplitTask.source(
                    """
                a.fork();
                b.fork(); // expect: fork-every-subtask
                return b.join() + a.join();"""))
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.fix()).isEqualTo(FixSafety.SAFE);
              assertThat(x.message()).contains("b.invoke()");
            });
  }

  /** The RecursiveTask javadoc's Fibonacci. */
  @Test
  void javadocFibonacciIsCleanForForkEverySubtask() {
    helper
        .addSourceLines(
            "Fibonacci.java",
            """
                import java.util.concurrent.*;
                class Fibonacci extends RecursiveTask<Integer> {
                    final int n;
                    Fibonacci(int n) { this.n = n; }
                    protected Integer compute() {
                        if (n <= 1)
                            return n;
                        Fibonacci f1 = new Fibonacci(n - 1);
                        f1.fork();
                        Fibonacci f2 = new Fibonacci(n - 2);
                        return f2.compute() + f1.join();
                    }
                }
                """)
        .expectNoFindings();
  }

  @Test
  void forkingBothWithLocalWorkInBetweenIsClean() {
    helper
        .addSourceLines(
            "T.java",
            SplitTask.source(
                """
                a.fork();
                b.fork();
                int mine = b.invoke();
                return a.join() + mine;"""))
        .expectNoFindings();
  }
}
