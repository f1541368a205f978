package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ForkImmediatelyJoined}: fork-immediately-joined, fork() then join() with nothing between.
 */
class ForkImmediatelyJoinedTest {
  private final LintTestHelper helper;

  ForkImmediatelyJoinedTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("fork-immediately-joined");
  }

  @Test
  void forkThenImmediateJoinIsFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "T.java",
                SplitTask.source(
                    """
                a.fork(); // expect: fork-immediately-joined
                int x = a.join();
                return x + b.fork().join(); // expect: fork-immediately-joined"""))
            .doTest();
    assertThat(f).allSatisfy(x -> assertThat(x.fix()).isEqualTo(FixSafety.SAFE));
  }

  @Test
  void forkWithWorkBeforeTheJoinIsClean() {
    helper
        .addSourceLines(
            "T.java",
            SplitTask.source(
                """
                a.fork();
                int y = b.compute();
                return a.join() + y;"""))
        .expectNoFindings();
  }
}
