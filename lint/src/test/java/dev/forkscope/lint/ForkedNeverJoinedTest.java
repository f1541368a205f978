package dev.forkscope.lint;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ForkedNeverJoined}: forked-never-joined, a forked subtask nobody waits for. */
class ForkedNeverJoinedTest {
  private final LintTestHelper helper;

  ForkedNeverJoinedTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("forked-never-joined");
  }

  @Test
  void forkedLocalNeverJoinedIsFlagged() {

    helper.addSourceLines(
        "T.java",
        SplitTask.source(
            """
                a.fork(); // expect: forked-never-joined
                return b.compute();"""));
  }

  @Test
  void fireAndForgetCountedCompleterAndQuiescenceAreClean() {
    helper
        .addSourceLines(
            "T.java",
            SplitTask.source(
                """
                a.fork();
                new T(1).fork();
                helpQuiesce();
                return b.compute();"""))
        .addSourceLines(
            "Actor.java",
            """
                import java.util.concurrent.*;
                class Actor {
                    void send(ForkJoinTask<?> message) { message.fork(); }
                }
                """)
        .addSourceLines(
            "AnonymousCc.java",
            """
                import java.util.concurrent.*;
                class AnonymousCc {
                    static class Leaf extends RecursiveAction {
                        protected void compute() { }
                    }
                    static void run() {
                        new CountedCompleter<Void>() {
                            public void compute() {
                                Leaf leaf = new Leaf();
                                leaf.fork();
                                tryComplete();
                            }
                        }.invoke();
                    }
                }
                """)
        .addSourceLines(
            "Cc.java",
            """
                import java.util.concurrent.*;
                class Cc extends CountedCompleter<Void> {
                    Cc(CountedCompleter<?> p) { super(p); }
                    public void compute() {
                        Cc child = new Cc(this);
                        addToPendingCount(1);
                        child.fork();
                        tryComplete();
                    }
                }
                """)
        .expectNoFindings();
  }
}
