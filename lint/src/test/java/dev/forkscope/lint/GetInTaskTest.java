package dev.forkscope.lint;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link GetInTask}: get-in-task, get() on a subtask instead of join(). */
class GetInTaskTest {
  private final LintTestHelper helper;

  GetInTaskTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("get-in-task");
  }

  @Test
  void getOnASubtaskIsFlaggedButJoinIsNot() {

    helper.addSourceLines(
        "Get.java",
        """
                import java.util.concurrent.*;
                class Get extends RecursiveTask<Integer> {
                    final int n;
                    Get(int n) { this.n = n; }
                    protected Integer compute() {
                        if (n < 2) return n;
                        Get a = new Get(n - 1);
                        a.fork();
                        try {
                            int x = new Get(n - 2).fork().get(); // expect: get-in-task
                            return a.get() + x + a.join(); // expect: get-in-task
                        } catch (InterruptedException | ExecutionException e) {
                            throw new RuntimeException(e);
                        }
                    }
                }
                """);
  }
}
