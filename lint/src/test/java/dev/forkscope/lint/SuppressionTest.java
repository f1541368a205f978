package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code @SuppressWarnings("forkscope:...")} and {@code // forkscope:ignore} comments. */
class SuppressionTest {
  private final LintTestHelper helper;

  SuppressionTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir);
  }

  @Test
  void unsuppressedCodeIsReported() {
    helper
        .addSourceLines(
            "Nap.java",
            """
            import java.util.concurrent.*;
            class Nap extends RecursiveAction {
                protected void compute() {
                    try {
                        Thread.sleep(1); // expect: sleepy-worker
                        synchronized (this) { } // expect: intra-task-sync
                    } catch (InterruptedException e) { }
                }
            }
            """)
        .doTest();
  }

  @Test
  void suppressWarningsOnTheClassSilencesOneRule() {
    helper
        .addSourceLines(
            "Nap.java",
            """
            import java.util.concurrent.*;
            @SuppressWarnings("forkscope:sleepy-worker")
            class Nap extends RecursiveAction {
                protected void compute() {
                    try {
                        Thread.sleep(1);
                        synchronized (this) { } // expect: intra-task-sync
                    } catch (InterruptedException e) { }
                }
            }
            """)
        .doTest();
  }

  @Test
  void suppressWarningsAllAndArraysWork() {
    helper
        .addSourceLines(
            "Nap.java",
            """
            import java.util.concurrent.*;
            @SuppressWarnings({"unchecked", "forkscope:all"})
            class Nap extends RecursiveAction {
                protected void compute() {
                    try {
                        Thread.sleep(1);
                        synchronized (this) { }
                    } catch (InterruptedException e) { }
                }
            }
            """)
        .expectNoFindings();
  }

  @Test
  void ignoreCommentOnTheLineAboveSilencesTheNamedRule() {
    helper
        .addSourceLines(
            "Nap.java",
            """
            import java.util.concurrent.*;
            class Nap extends RecursiveAction {
                protected void compute() {
                    try {
                        // forkscope:ignore sleepy-worker -- the test needs it
                        Thread.sleep(1);
                        synchronized (this) { } // expect: intra-task-sync
                    } catch (InterruptedException e) { }
                }
            }
            """)
        .doTest();
  }

  @Test
  void ignoreCommentForAnotherRuleDoesNotSilence() {
    helper
        .addSourceLines(
            "Nap.java",
            """
            import java.util.concurrent.*;
            class Nap extends RecursiveAction {
                protected void compute() {
                    try {
                        // forkscope:ignore copy-on-fork
                        Thread.sleep(1); // expect: sleepy-worker
                        synchronized (this) { } // expect: intra-task-sync
                    } catch (InterruptedException e) { }
                }
            }
            """)
        .doTest();
  }

  @Test
  void bareIgnoreCommentAtTheEndOfTheLineSilencesAllRulesOnThatLine() {
    helper
        .addSourceLines(
            "Nap.java",
            """
            import java.util.concurrent.*;
            class Nap extends RecursiveAction {
                protected void compute() {
                    try {
                        Thread.sleep(1); // forkscope:ignore
                        synchronized (this) { } // expect: intra-task-sync
                    } catch (InterruptedException e) { }
                }
            }
            """)
        .doTest();
  }

  @Test
  void ignoreCommentMustBeAloneOnTheLineAbove() {
    helper
        .addSourceLines(
            "Nap.java",
            """
            import java.util.concurrent.*;
            class Nap extends RecursiveAction {
                protected void compute() {
                    try {
                        int x = 0; // forkscope:ignore
                        Thread.sleep(1); // expect: sleepy-worker
                        synchronized (this) { } // expect: intra-task-sync
                    } catch (InterruptedException e) { }
                }
            }
            """)
        .doTest();
  }

  @Test
  void suppressionsParseTheCommentSyntax() {
    assertThat(Suppressions.ignoredOn("a", "x(); // forkscope:ignore a,b", false)).isTrue();
    assertThat(Suppressions.ignoredOn("b", "x(); // forkscope:ignore a,b", false)).isTrue();
    assertThat(Suppressions.ignoredOn("c", "x(); // forkscope:ignore a,b", false)).isFalse();
    assertThat(Suppressions.ignoredOn("c", "String s = \"forkscope:ignore\";", false)).isFalse();
  }
}
