package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link JoinsNotInnermostFirst}: joins-not-innermost-first, joins in fork order. */
class JoinsNotInnermostFirstTest {
  private final LintTestHelper helper;

  JoinsNotInnermostFirstTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("joins-not-innermost-first");
  }

  @Test
  void joinsInForkOrderAreFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "T.java",
                SplitTask.source(
                    """
                a.fork();
                b.fork();
                int x = a.join(); // expect: joins-not-innermost-first
                int y = b.join();
                return x + y;"""))
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.fix()).isEqualTo(FixSafety.SAFE);
            });
  }

  @Test
  void joinsInOneExpressionAreASuggestion() {
    List<Finding> f =
        helper
            .addSourceLines(
                "T.java",
                SplitTask.source(
                    """
                a.fork();
                b.fork();
                return a.join() + b.join(); // expect: joins-not-innermost-first"""))
            .doTest();
    assertThat(f)
        .singleElement()
        .satisfies(x -> assertThat(x.fix()).isEqualTo(FixSafety.SUGGESTION));
  }

  @Test
  void innermostFirstJoinsAreClean() {
    helper
        .addSourceLines(
            "T.java",
            SplitTask.source(
                """
                a.fork();
                b.fork();
                int y = b.join();
                return a.join() + y;"""))
        .expectNoFindings();
  }
}
