package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuppressionTest {
  @TempDir Path dir;

  private static String sleepy(String annotation, String comment) {
    return """
                import java.util.concurrent.*;
                %s
                class Nap extends RecursiveAction {
                    protected void compute() {
                        try {
                            %s
                            Thread.sleep(1);
                            synchronized (this) { }
                        } catch (InterruptedException e) { }
                    }
                }
                """
        .formatted(annotation, comment);
  }

  @Test
  void unsuppressedCodeIsReported() {
    assertThat(Lint.ids(Lint.run(dir, sleepy("", ""))))
        .containsExactly("sleepy-worker@7", "intra-task-sync@8");
  }

  @Test
  void suppressWarningsOnTheClassSilencesOneRule() {
    assertThat(
            Lint.ids(Lint.run(dir, sleepy("@SuppressWarnings(\"forkscope:sleepy-worker\")", ""))))
        .containsExactly("intra-task-sync@8");
  }

  @Test
  void suppressWarningsAllAndArraysWork() {
    assertThat(
            Lint.run(dir, sleepy("@SuppressWarnings({\"unchecked\", \"forkscope:all\"})", ""))
                .findings())
        .isEmpty();
  }

  @Test
  void ignoreCommentOnTheLineAboveSilencesTheNamedRule() {
    assertThat(
            Lint.ids(
                Lint.run(
                    dir, sleepy("", "// forkscope:ignore sleepy-worker -- the test needs it"))))
        .containsExactly("intra-task-sync@8");
  }

  @Test
  void ignoreCommentForAnotherRuleDoesNotSilence() {
    assertThat(Lint.ids(Lint.run(dir, sleepy("", "// forkscope:ignore copy-on-fork"))))
        .containsExactly("sleepy-worker@7", "intra-task-sync@8");
  }

  @Test
  void bareIgnoreCommentAtTheEndOfTheLineSilencesAllRulesOnThatLine() {
    String source =
        sleepy("", "").replace("Thread.sleep(1);", "Thread.sleep(1); // forkscope:ignore");
    assertThat(Lint.ids(Lint.run(dir, source))).containsExactly("intra-task-sync@8");
  }

  @Test
  void ignoreCommentMustBeAloneOnTheLineAbove() {
    String source = sleepy("", "int x = 0; // forkscope:ignore");
    assertThat(Lint.ids(Lint.run(dir, source)))
        .containsExactly("sleepy-worker@7", "intra-task-sync@8");
  }

  @Test
  void suppressionsParseTheCommentSyntax() {
    assertThat(Suppressions.ignoredOn("a", "x(); // forkscope:ignore a,b", false)).isTrue();
    assertThat(Suppressions.ignoredOn("b", "x(); // forkscope:ignore a,b", false)).isTrue();
    assertThat(Suppressions.ignoredOn("c", "x(); // forkscope:ignore a,b", false)).isFalse();
    assertThat(Suppressions.ignoredOn("c", "String s = \"forkscope:ignore\";", false)).isFalse();
  }
}
