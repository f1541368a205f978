package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared walk (a method body offered again only where its findings could win) reports exactly
 * what the exhaustive walk reports, call paths and messages included: on a generated project whose
 * async lambdas, parallel streams, pool submissions and tasks reach one call graph with locks,
 * sleeps and waits spread through it, some entries suppressing a rule; and on the labelled corpus.
 */
class AnalyzerTest {
  private static final int METHODS = 30;

  @TempDir Path dir;

  @Test
  void sharedWalkReportsWhatTheExhaustiveWalkReports() throws IOException {
    writeProject(new Random(7));
    List<Finding> exhaustive = findings(dir, false);
    assertThat(exhaustive).hasSizeGreaterThan(20);
    assertThat(exhaustive).anySatisfy(f -> assertThat(f.path()).hasSizeGreaterThan(3));
    assertThat(findings(dir, true)).containsExactlyElementsOf(exhaustive);
  }

  @Test
  void anEntryThatSuppressesARuleOrComesLaterDoesNotHideAFinding() throws IOException {
    Path app = Files.createDirectories(dir.resolve("app"));
    String lambdas =
        """
        package app;
        import java.util.concurrent.CompletableFuture;
        class NAME {
            @SuppressWarnings("forkscope:intra-task-sync")
            void quiet() { CompletableFuture.runAsync(() -> Locks.locked()); }
            void loud() { CompletableFuture.runAsync(() -> Locks.locked()); }
        }
        """;
    Files.writeString(app.resolve("A.java"), lambdas.replace("NAME", "A"));
    Files.writeString(app.resolve("B.java"), lambdas.replace("NAME", "B"));
    Files.writeString(
        app.resolve("Locks.java"),
        """
        package app;
        class Locks {
            static final Object LOCK = new Object();
            static void locked() { synchronized (LOCK) { } }
        }
        """);
    List<Finding> shared = findings(dir, true);
    assertThat(shared)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.rule().id()).isEqualTo("intra-task-sync");
              assertThat(f.path().get(0).file().getFileName().toString()).isEqualTo("A.java");
              assertThat(f.path().get(0).line()).isEqualTo(Lint.lineOf(lambdas, "void loud"));
            });
    assertThat(shared).isEqualTo(findings(dir, false));
  }

  @Test
  void anAsyncStageRunOnceDoesNotHideTheSameStageRunInALoop() throws IOException {
    Path app = Files.createDirectories(dir.resolve("app"));
    String stages =
        """
        package app;
        import java.util.concurrent.CompletableFuture;
        class A {
            void once(Counter c) { CompletableFuture.runAsync(() -> c.add()); }
            void many(Counter c) {
                for (int i = 0; i < 8; i++) CompletableFuture.runAsync(() -> c.add());
            }
        }
        """;
    Files.writeString(app.resolve("A.java"), stages);
    Files.writeString(
        app.resolve("Counter.java"),
        """
        package app;
        class Counter {
            private final Object lock = new Object();
            int n;
            void add() { synchronized (lock) { n++; } }
        }
        """);
    List<Finding> shared = findings(dir, true);
    assertThat(shared)
        .singleElement()
        .satisfies(f -> assertThat(f.path().get(0).line()).isEqualTo(Lint.lineOf(stages, "for (")));
    assertThat(shared).isEqualTo(findings(dir, false));
  }

  @Test
  void aLockFirstReachedOffTheTasksPathIsReportedWhereALaterPathTakesItOnThePath()
      throws IOException {
    Path app = Files.createDirectories(dir.resolve("app"));
    Files.writeString(
        app.resolve("A.java"),
        """
        package app;
        import java.util.concurrent.CompletableFuture;
        class A {
            void start(Counter c, int every) { CompletableFuture.runAsync(() -> c.step(every)); }
        }
        """);
    String counter =
        """
        package app;
        class Counter {
            static final Object LOCK = new Object();
            static int n;
            void step(int every) {
                for (int i = 0; i < 100; i++) {
                    if (i % every == 0) { add(); }
                    add();
                }
            }
            void add() { synchronized (LOCK) { n++; } }
        }
        """;
    Files.writeString(app.resolve("Counter.java"), counter);
    List<Finding> shared = findings(dir, true);
    assertThat(shared)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.rule().id()).isEqualTo("intra-task-sync");
              assertThat(f.line()).isEqualTo(Lint.lineOf(counter, "void add"));
              // the call on the path, not the one in the rare branch walked first
              assertThat(f.path().get(2).line()).isEqualTo(Lint.lineOf(counter, "        add();"));
            });
    assertThat(shared).isEqualTo(findings(dir, false));
  }

  @Test
  void aMethodFirstReachedDeepHasItsCallsFollowedFromItsShortestPath() throws IOException {
    Path app = Files.createDirectories(dir.resolve("app"));
    String source =
        """
        package app;
        import java.util.concurrent.CompletableFuture;
        class A {
            void start() {
                CompletableFuture.runAsync(() -> {
                    far();
                    near();
                });
            }
            void far() { b(); }
            void b() { c(); }
            void c() { shared(); }
            void near() { shared(); }
            void shared() { pause(); }
            void pause() {
                try { Thread.sleep(10); } catch (InterruptedException e) { }
            }
        }
        """;
    Files.writeString(app.resolve("A.java"), source);
    // depth first, shared() was entered at depth 4 through far() and its call never followed
    List<Finding> shared = findings(dir, true);
    assertThat(shared)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.rule().id()).isEqualTo("blocking-in-async");
              assertThat(f.line()).isEqualTo(Lint.lineOf(source, "Thread.sleep"));
              assertThat(f.path())
                  .extracting(Step::line)
                  .containsExactly(
                      Lint.lineOf(source, "runAsync"),
                      Lint.lineOf(source, "near();"),
                      Lint.lineOf(source, "void near"),
                      Lint.lineOf(source, "void shared"),
                      Lint.lineOf(source, "Thread.sleep"));
            });
    assertThat(shared).isEqualTo(findings(dir, false));
  }

  @Test
  void sharedWalkChangesNothingOnTheCorpus() throws IOException, URISyntaxException {
    Path corpus = Path.of(AnalyzerTest.class.getResource("/corpus").toURI());
    try (Stream<Path> files = Files.list(corpus)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        assertThat(findings(file, true)).as("%s", file).isEqualTo(findings(file, false));
      }
    }
  }

  /** Every Java file under root parsed, indexed and analysed, as the linter does. */
  private static List<Finding> findings(Path root, boolean skipDominated) throws IOException {
    List<SourceFile> files = new ArrayList<>();
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        files.add(SourceFile.read(path));
      }
    }
    ProjectIndex index = new ProjectIndex();
    files.forEach(f -> index.add(f, f.unit().orElseThrow()));
    index.freeze();
    Findings findings = new Findings();
    Analyzer analyzer = new Analyzer(index, Checks.forRules(Rules.all()), findings, skipDominated);
    // last file first: entries that the order of findings puts later walk a method first
    for (int i = files.size() - 1; i >= 0; i--) {
      analyzer.analyze(files.get(i), files.get(i).unit().orElseThrow());
    }
    analyzer.finish();
    assertThat(findings.failures()).isEmpty();
    return findings.sorted();
  }

  private void writeProject(Random random) throws IOException {
    Path app = Files.createDirectories(dir.resolve("app"));
    StringBuilder service =
        new StringBuilder(
            """
            package app;
            import java.util.*;
            import java.util.concurrent.*;
            public class Service {
                private final Map<String, Integer> map = new HashMap<>();
                private final Object lock = new Object();
                private final BlockingQueue<Integer> queue = new LinkedBlockingQueue<>();
            """);
    for (int i = 0; i < METHODS; i++) {
      service.append("    int m").append(i).append("(int x) throws Exception {\n");
      service.append("        int y = x + ").append(i).append(";\n");
      for (int k = 0; k < 3; k++) {
        int callee = random.nextInt(METHODS);
        service.append("        if (y % ").append(k + 2).append(" == 0) { y += m");
        service.append(callee).append("(y - 1); }\n");
      }
      service.append(
          switch (random.nextInt(6)) {
            case 0 -> "        synchronized (lock) { y++; }\n";
            case 1 -> "        Thread.sleep(1);\n";
            case 2 -> "        y += queue.take();\n";
            default -> "";
          });
      service.append("        map.merge(\"k\" + y, y, Integer::sum);\n        return y;\n    }\n");
    }
    Files.writeString(app.resolve("Service.java"), service.append("}\n"));
    for (int t = 0; t < 2; t++) {
      StringBuilder test =
          new StringBuilder("package app;\nimport java.util.*;\nimport java.util.concurrent.*;\n")
              .append("class ServiceTest")
              .append(t)
              .append(" {\n    private final Service service = new Service();\n");
      for (int k = 0; k < 12; k++) {
        String call = "service.m" + random.nextInt(METHODS) + "(" + k + ")";
        String guarded = "{ try { " + call + "; } catch (Exception e) { } }";
        if (k % 5 == 4) {
          test.append("    @SuppressWarnings(\"forkscope:intra-task-sync\")\n");
        }
        test.append("    void test").append(k).append("() throws Exception {\n        ");
        test.append(
            switch (k % 4) {
              case 0 -> "CompletableFuture.runAsync(() -> " + guarded + ").get();\n";
              case 1 -> "List.of(1, 2).parallelStream().forEach(v -> " + guarded + ");\n";
              case 2 -> "ForkJoinPool.commonPool().submit(() -> " + guarded + ");\n";
              default -> "new Job(service).invoke();\n";
            });
        test.append("    }\n");
      }
      Files.writeString(app.resolve("ServiceTest" + t + ".java"), test.append("}\n"));
    }
    Files.writeString(
        app.resolve("Job.java"),
        """
        package app;
        import java.util.concurrent.RecursiveAction;
        class Job extends RecursiveAction {
            private final Service service;
            Job(Service service) { this.service = service; }
            protected void compute() {
                try { service.m1(1); service.m2(2); } catch (Exception e) { }
            }
        }
        """);
  }
}
