package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.javaparser.ast.Node;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The public API: rule catalogue, builder, summary, ordering, and what counts as inside a task. */
class LinterTest {
  @TempDir Path dir;

  private static final String SLEEPY =
      """
            import java.util.concurrent.*;
            class Nap extends RecursiveAction {
                protected void compute() {
                    try { Thread.sleep(1); synchronized (this) { } } catch (InterruptedException e) { } // expect: sleepy-worker, intra-task-sync
                }
            }
            """;

  @Test
  void catalogueHasTheSixBottlenecksFirstWithUniqueIds() {
    List<Rule> rules = Rules.all();
    assertThat(rules)
        .extracting(Rule::id)
        .doesNotHaveDuplicates()
        .startsWith(
            "centralized-pooling",
            "copy-on-fork",
            "copy-on-join",
            "scattered-data",
            "intra-task-sync",
            "sleepy-worker",
            "pool-per-call")
        .allMatch(id -> id.matches("[a-z]+(-[a-z]+)*"));
    assertThat(rules.stream().filter(r -> r.bottleneck() != null))
        .extracting(Rule::bottleneck)
        .containsExactly(1, 2, 3, 4, 5, 6);
    assertThat(Rules.byId("pool-per-call")).get().extracting(Rule::bottleneck).isNull();
    assertThat(rules)
        .allSatisfy(
            r -> {
              assertThat(r.why()).endsWith(".");
              assertThat(r.instead()).isNotBlank();
              assertThat(r.precision()).isIn("very-high", "high", "medium");
            });
    assertThat(Rules.byId("copy-on-fork")).get().extracting(Rule::bottleneck).isEqualTo(2);
    assertThat(Rules.byId("nope")).isEmpty();
  }

  @Test
  void unknownRuleIsRejectedWithAOneLineMessage() {
    assertThatThrownBy(() -> Linter.builder().rules(List.of("sleepy-worker", "no-such-rule")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("unknown rule 'no-such-rule'")
        .hasMessageNotContaining("\n");
  }

  @Test
  void chosenRulesOnlyReportThemselves() {
    List<Finding> all = LintTestHelper.newInstance(dir).addSourceLines("Nap.java", SLEEPY).doTest();
    assertThat(all)
        .extracting(f -> f.rule().id())
        .containsExactly("sleepy-worker", "intra-task-sync");
    LintTestHelper.newInstance(dir)
        .rules("intra-task-sync")
        .addSourceLines("Nap.java", SLEEPY)
        .doTest();
  }

  @Test
  void findingsAreSortedByFileLineAndColumnAndSummaryCounts() throws IOException {
    Files.writeString(dir.resolve("B.java"), SLEEPY.replace("class Nap", "class B"));
    Files.writeString(dir.resolve("A.java"), SLEEPY.replace("class Nap", "class A"));
    Files.writeString(dir.resolve("Plain.java"), "class Plain { int x; }\n");
    AtomicInteger lastDone = new AtomicInteger();
    LintResult r =
        Linter.builder()
            .progress((done, total) -> lastDone.accumulateAndGet(done, Math::max))
            .build()
            .lint(List.of(dir));
    assertThat(r.findings())
        .extracting(f -> f.file().getFileName().toString() + ":" + f.column())
        .containsExactly("A.java:15", "A.java:32", "B.java:15", "B.java:32");
    Summary s = r.summary();
    assertThat(s.files()).isEqualTo(3);
    assertThat(s.lines()).isEqualTo(6 + 6 + 1);
    assertThat(s.parsed()).isEqualTo(2);
    assertThat(s.skipped()).isEqualTo(1);
    assertThat(s.findings()).isEqualTo(4);
    assertThat(s.errors()).isEmpty();
    assertThat(lastDone).hasValue(3);
  }

  @Test
  void aRunOnThreadsOfItsOwnRunsInItsOwnPool() throws IOException {
    Files.writeString(dir.resolve("A.java"), SLEEPY.replace("class Nap", "class A"));
    Files.writeString(dir.resolve("Plain.java"), "class Plain { int x; }\n");
    Set<Thread> reporters = ConcurrentHashMap.newKeySet();
    Linter.builder()
        .threads(3)
        .progress((done, total) -> reporters.add(Thread.currentThread()))
        .build()
        .lint(List.of(dir));
    // progress comes from the run's thread and its streams' workers: all of the run's own pool
    assertThat(reporters)
        .isNotEmpty()
        .allSatisfy(
            t -> {
              assertThat(t).isInstanceOf(ForkJoinWorkerThread.class);
              ForkJoinPool pool = ((ForkJoinWorkerThread) t).getPool();
              assertThat(pool).isNotSameAs(ForkJoinPool.commonPool());
              assertThat(pool.getParallelism()).isEqualTo(3);
            });
  }

  @Test
  void parsedUnitsCarryTheirPrinterSoPrintingFromManyWorkersOnlyReads() throws IOException {
    SourceFile file = SourceFile.read(Files.writeString(dir.resolve("Nap.java"), SLEEPY));
    // Node.toString() would otherwise create it on first use, racing with other workers
    assertThat(file.unit()).get().matches(unit -> unit.containsData(Node.PRINTER_KEY));
  }

  @Test
  void missingPathIsNoSuchFile() {
    assertThatThrownBy(() -> Linter.builder().build().lint(List.of(dir.resolve("missing"))))
        .isInstanceOf(NoSuchFileException.class);
  }

  @Test
  void singleFilesCanBeGivenDirectly() throws IOException {
    Path file = Files.writeString(dir.resolve("Nap.java"), SLEEPY);
    LintResult r = Linter.builder().build().lint(List.of(file, file));
    assertThat(r.summary().files()).isEqualTo(1);
    assertThat(r.findings()).extracting(Finding::file).containsOnly(file);
  }

  @Test
  void indirectSubclassInAFileWithoutTaskTokensIsATask() {
    LintResult r =
        Lint.run(
            dir,
            """
                import java.util.concurrent.RecursiveAction;
                abstract class Base extends RecursiveAction { }
                """,
            """
                abstract class Middle extends Base { }
                """,
            """
                class Leaf extends Middle {
                    protected void compute() {
                        try { Thread.sleep(10); } catch (InterruptedException e) { }
                    }
                }
                """);
    assertThat(r.findings())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.rule().id()).isEqualTo("sleepy-worker");
              assertThat(f.taskClass()).isEqualTo("Leaf");
            });
    assertThat(r.summary().parsed()).isEqualTo(3);
  }

  @Test
  void helperInASkippedFileIsFollowedAndNotCountedAsSkipped() {
    LintResult r =
        Lint.run(
            dir,
            """
                import java.util.concurrent.RecursiveAction;
                class Caller extends RecursiveAction {
                    protected void compute() { Util.pause(); }
                }
                """,
            """
                class Util {
                    static void pause() {
                        try { Thread.sleep(10); } catch (InterruptedException e) { }
                    }
                }
                """,
            """
                class Unrelated { void pause() throws Exception { Thread.sleep(1); } }
                """);
    assertThat(r.findings())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.file().getFileName().toString()).isEqualTo("Util.java");
              assertThat(f.message()).contains("reached from Caller.compute() -> Util.pause()");
            });
    assertThat(r.summary().parsed()).isEqualTo(2);
    assertThat(r.summary().skipped()).isEqualTo(1);
  }

  @Test
  void callsAreFollowedAtMostFourDeep() {
    List<Finding> f =
        LintTestHelper.newInstance(dir)
            .addSourceLines(
                "Chain.java",
                """
                import java.util.concurrent.RecursiveAction;
                class Chain extends RecursiveAction {
                    protected void compute() { a(); }
                    void a() { b(); }
                    void b() { c(); }
                    void c() { d(); }
                    void d() { synchronized (this) { } e(); } // expect: intra-task-sync
                    void e() { synchronized (this) { } }
                }
                """)
            .doTest();
    assertThat(f.get(0).path()).hasSize(6);
  }

  @Test
  void sameNamedNestedClassesInOtherFilesDoNotMixPaths() {
    LintResult r =
        Lint.run(
            dir,
            """
                import java.util.concurrent.*;
                class First {
                    static class Job extends RecursiveAction {
                        protected void compute() { new Helper().work(); }
                    }
                    static class Helper { void work() { } }
                }
                """,
            """
                import java.util.concurrent.*;
                class Second {
                    static class Helper { void work() { synchronized (this) { } } }
                    static void run() { new Helper().work(); }
                }
                """);
    assertThat(r.findings()).isEmpty();
  }

  @Test
  void anonymousTasksAndRecursiveCallsAreHandled() {
    List<Finding> found =
        LintTestHelper.newInstance(dir)
            .addSourceLines(
                "Anon.java",
                """
                import java.util.concurrent.*;
                class Anon {
                    static int run() {
                        return ForkJoinPool.commonPool().invoke(new RecursiveTask<Integer>() {
                            protected Integer compute() { return loop(3); }
                        });
                    }
                    static int loop(int n) {
                        if (n == 0) { synchronized (Anon.class) { return 0; } } // expect: intra-task-sync
                        return loop(n - 1);
                    }
                }
                """)
            .doTest();
    assertThat(found)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.rule().id()).isEqualTo("intra-task-sync");
              assertThat(f.taskClass()).isEqualTo("Anon");
            });
  }
}
