package dev.forkscope.profile;

import static dev.forkscope.profile.Executions.FORK_JOIN;
import static dev.forkscope.profile.Executions.exec;
import static dev.forkscope.profile.Executions.meta;
import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.profile.layers.Layers;
import dev.forkscope.profile.trace.TaskEvent;
import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AnalysisTest {

  private static final String POOL = "java.util.concurrent.ForkJoinPool";

  /**
   * 1,000 leaves of 1 µs forked from one 600 ms driver, plus a task that never ran and one that
   * never returned.
   */
  private static Trace sample() {
    List<TaskExecution> executions = new ArrayList<>();
    executions.add(
        exec(1, "Driver")
            .kind(FORK_JOIN)
            .at(0, 600_000_000)
            .self(600_000_000 - 1_000_000)
            .sites(0, -1)
            .build());
    for (int i = 0; i < 1_000; i++) {
      long start = 1_000L * i;
      executions.add(
          exec(100 + i, "Leaf")
              .kind(FORK_JOIN)
              .on(2 + i % 2)
              .createdBy(1)
              .submitted(9, POOL, start)
              .at(start + 500, start + 1_500)
              .self(1_000 + i % 10)
              .cpu(900)
              .sites(1, i < 700 ? 2 : 3)
              .build());
    }
    executions.add(exec(5, "Hung").at(10, -1).self(0).build());
    List<Trace.CallSite> sites =
        List.of(
            new Trace.CallSite(List.of("app.Main.main(Main.java:3)")),
            new Trace.CallSite(
                List.of("app.Split.compute(Split.java:20)", "app.Main.main(Main.java:4)")),
            new Trace.CallSite(List.of("app.Split.compute(Split.java:42)")),
            new Trace.CallSite(List.of("app.Split.compute(Split.java:43)")));
    return new Trace(
        meta(4, 150, 0, 1_000_000_000),
        executions,
        List.of(new Trace.CreatedTask(7, "NeverRan", 1, 5, -1)),
        sites);
  }

  @Test
  void filtersUnfinishedAndNeverExecutedTasks() {
    Profile p = Analysis.analyze(sample(), AnalysisOptions.defaults());

    assertThat(p.executionsRecorded()).isEqualTo(1_002);
    assertThat(p.incomplete()).isEqualTo(1);
    assertThat(p.neverExecuted()).isEqualTo(1);
    assertThat(p.taskClasses())
        .extracting(TaskClassProfile::taskClass)
        .containsExactly("Driver", "Leaf");
  }

  /**
   * {@code n} executions of class {@code name} on two threads, each {@code wall} ns of self time
   * and {@code cpu} of CPU time (-1: not read), one every 10 µs.
   */
  private static List<TaskExecution> executions(String name, int n, long wall, long cpu) {
    List<TaskExecution> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long start = 10_000L * i;
      out.add(
          exec(1_000 + i, name)
              .kind(FORK_JOIN)
              .on(2 + i % 2)
              .submitted(9, POOL, start)
              .at(start, start + wall)
              .self(wall)
              .cpu(cpu)
              .build());
    }
    return out;
  }

  /** The one class of a run of {@code executions} on 2 CPUs, with an overhead of 150 ns. */
  private static TaskClassProfile onlyClass(List<TaskExecution> executions) {
    Trace trace = Executions.trace(meta(2, 150, 0, 100_000_000), executions);
    return Analysis.analyze(trace, AnalysisOptions.defaults()).taskClasses().get(0);
  }

  @Test
  void preemptedExecutionsCountTheirCpuTimeInTheFineVerdict() {
    List<TaskExecution> read = new ArrayList<>(executions("Fine", 800, 400, -1));
    // a fifth preempted: 20 µs of wall time for 400 ns of CPU, which the agent read
    read.addAll(executions("Fine", 200, 20_000, 400));
    List<TaskExecution> unread = new ArrayList<>(executions("Fine", 800, 400, -1));
    unread.addAll(executions("Fine", 200, 20_000, -1));

    Verdict verdict = onlyClass(read).verdict();

    assertThat(verdict.kind()).as(verdict.why()).isEqualTo(Verdict.Kind.FINE);
    // unread, the same wall times hold most of the class's time above the threshold
    assertThat(onlyClass(unread).verdict().kind()).isEqualTo(Verdict.Kind.OK);
  }

  @Test
  void aCpuTimeAboveTheWallTimeIsNeverShown() {
    // 2 µs tasks read at 2.5 µs: the cost of reading the CPU clock, which the wall time leaves out
    TaskClassProfile c = onlyClass(executions("Short", 1_000, 2_000, 2_500));

    assertThat(c.cpuUnresolved()).isFalse();
    assertThat(c.cpu().median()).isEqualTo(2_000);
    assertThat(c.cpu().max()).isLessThanOrEqualTo(c.granularity().max());
  }

  @Test
  void tasksShorterThanACpuClockReadGetNoCpuFigure() {
    // 0.3 µs tasks read at 1.9 µs
    TaskClassProfile c = onlyClass(executions("Tiny", 1_000, 300, 1_900));

    assertThat(c.cpuUnresolved()).isTrue();
    assertThat(c.cpu()).isNull();
  }

  @Test
  void perClassStatisticsAndVerdicts() {
    Profile p = Analysis.analyze(sample(), AnalysisOptions.defaults());
    TaskClassProfile leaf = p.taskClasses().get(1);

    assertThat(leaf.tasks()).isEqualTo(1_000);
    assertThat(leaf.executions()).isEqualTo(1_000);
    assertThat(leaf.granularity().min()).isEqualTo(1_000);
    assertThat(leaf.granularity().median()).isEqualTo(1_004);
    assertThat(leaf.granularity().max()).isEqualTo(1_009);
    assertThat(leaf.granularity().total()).isEqualTo(1_004_500);
    assertThat(leaf.cpu().median()).isEqualTo(900);
    assertThat(leaf.queueWait().median()).isEqualTo(500);
    assertThat(leaf.executors()).containsExactly(POOL);
    assertThat(leaf.threads()).isEqualTo(2);
    assertThat(leaf.verdict().kind()).isEqualTo(Verdict.Kind.FINE);
    assertThat(leaf.verdict().why())
        .isEqualTo("median 1.00 µs < 10 x 150 ns overhead; 1,000 executions on 4 CPUs");

    TaskClassProfile driver = p.taskClasses().get(0);
    assertThat(driver.cpu()).isNull();
    assertThat(driver.queueWait()).isNull();
    assertThat(driver.verdict().kind()).isEqualTo(Verdict.Kind.COARSE);
  }

  @Test
  void aCommandObjectThatMainCallsIsNotJudgedButAThreadBodyAndPoolTasksAre() {
    List<TaskExecution> executions = new ArrayList<>();
    // picocli's command object: a Callable that the main thread (1) creates and calls
    executions.add(exec(1, "app.Command").at(0, 900_000_000).self(800_000_000).build());
    // a thread's body, created by main, runs on thread 2
    executions.add(exec(2, "app.Worker").on(2).at(0, 900_000_000).self(100_000_000).build());
    // the per-file tasks, created by thread 2 and run by a pool's threads 3 and 4
    for (int i = 0; i < 3; i++) {
      executions.add(
          exec(10 + i, "app.PerFile")
              .on(3 + i % 2)
              .createdBy(2)
              .submitted(9, "java.util.concurrent.ThreadPoolExecutor", 0)
              .at(0, 300_000_000)
              .self(300_000_000)
              .build());
    }
    Profile p =
        Analysis.analyze(
            new Trace(meta(2, 150, 0, 900_000_000), executions, List.of(), List.of()),
            AnalysisOptions.defaults());

    Map<String, Verdict> verdicts = new HashMap<>();
    p.taskClasses().forEach(c -> verdicts.put(c.taskClass(), c.verdict()));
    assertThat(verdicts.get("app.Command").why()).startsWith("not judged: its one execution");
    assertThat(verdicts.get("app.Worker").why()).doesNotStartWith("not judged");
    assertThat(verdicts.get("app.PerFile").why()).doesNotStartWith("not judged");
    // set aside: listed after the judged classes although its total time is the largest
    assertThat(p.taskClasses())
        .extracting(TaskClassProfile::taskClass)
        .containsExactly("app.PerFile", "app.Worker", "app.Command");
  }

  @Test
  void aServiceLoopThatMostlyWaitsIsNeitherCoarseNorFirst() {
    List<TaskExecution> executions = new ArrayList<>();
    // a scheduler's tick thread: 2 s, 1 % of it on a CPU
    executions.add(
        exec(1, "lib.TickLoop")
            .on(2)
            .at(0, 2_000_000_000)
            .self(2_000_000_000)
            .cpu(20_000_000)
            .build());
    executions.add(
        exec(2, "app.Job").on(3).at(0, 1_000_000_000).self(1_000_000_000).cpu(990_000_000).build());
    Profile p =
        Analysis.analyze(
            new Trace(meta(4, 150, 0, 4_000_000_000L), executions, List.of(), List.of()),
            AnalysisOptions.defaults());

    assertThat(p.taskClasses())
        .extracting(TaskClassProfile::taskClass)
        .containsExactly("app.Job", "lib.TickLoop");
    assertThat(p.taskClasses().get(0).verdict().kind()).isEqualTo(Verdict.Kind.COARSE);
    assertThat(p.taskClasses().get(1).verdict().kind()).isEqualTo(Verdict.Kind.OK);
    assertThat(p.taskClasses().get(1).verdict().why()).startsWith("mostly waiting");
  }

  @Test
  void sitesPointAtTheLineToChange() {
    TaskClassProfile leaf =
        Analysis.analyze(sample(), AnalysisOptions.defaults()).taskClasses().get(1);

    assertThat(leaf.sites())
        .extracting(SiteProfile::kind, SiteProfile::site, SiteProfile::executions)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "creation", "app.Split.compute(Split.java:20)", 1_000L),
            org.assertj.core.groups.Tuple.tuple(
                "submission", "app.Split.compute(Split.java:42)", 700L),
            org.assertj.core.groups.Tuple.tuple(
                "submission", "app.Split.compute(Split.java:43)", 300L));
    assertThat(leaf.topSite().site()).isEqualTo("app.Split.compute(Split.java:42)");
    assertThat(leaf.sites().get(0).frames()).hasSize(2);
  }

  @Test
  void aggregationCanBeSwitchedOff() {
    List<TaskExecution> executions =
        List.of(
            exec(1, "Outer").on(2).at(0, 100).self(60).build(),
            exec(2, "Inner").on(2).outer(1).at(10, 50).build());
    Trace trace = Executions.trace(meta(2, 50, 0, 200), executions);

    Profile on = Analysis.analyze(trace, new AnalysisOptions(true, VerdictMode.RELATIVE));
    Profile off = Analysis.analyze(trace, new AnalysisOptions(false, VerdictMode.RELATIVE));

    assertThat(on.folded()).isEqualTo(1);
    assertThat(on.taskClasses())
        .singleElement()
        .satisfies(c -> assertThat(c.granularity().total()).isEqualTo(100));
    assertThat(off.folded()).isZero();
    assertThat(off.taskClasses())
        .extracting(TaskClassProfile::taskClass)
        .containsExactly("Outer", "Inner");
  }

  @Test
  void runWallFallsBackToTheExecutionsWhenTheTraceWasNotClosed() {
    Trace trace = Executions.trace(meta(2, 50, 0, -1), List.of(exec(1, "A").at(100, 700).build()));

    assertThat(Analysis.analyze(trace, AnalysisOptions.defaults()).runWallNs()).isEqualTo(700);
  }

  @Test
  void aSampledClassIsJudgedOnItsExactCountAndEstimatedTimes() {
    List<TaskExecution> executions = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      long start = 1_000L * i;
      executions.add(
          exec(100 + i, "Leaf")
              .kind(FORK_JOIN)
              .submitted(9, POOL, start)
              .at(start + 10, start + 210)
              .weight(64)
              .build());
    }
    Trace trace =
        new Trace(
            meta(4, 150, 0, 1_000_000_000),
            executions,
            List.of(),
            Map.of(),
            List.of(),
            List.of(),
            Map.of("Leaf", new Trace.Sampling(300 * 63, 0, 64, 0)));

    TaskClassProfile leaf =
        Analysis.analyze(trace, AnalysisOptions.defaults()).taskClasses().get(0);

    assertThat(leaf.executions()).isEqualTo(300 * 64);
    assertThat(leaf.granularity().total()).isEqualTo(300 * 64 * 200L);
    assertThat(leaf.sampling().sampleSize()).isEqualTo(300);
    assertThat(leaf.verdict().kind())
        .as("300 recorded would be too few for fine; 19,200 executed are not")
        .isEqualTo(Verdict.Kind.FINE);
    assertThat(leaf.verdict().why()).contains("19,200 executions");
  }

  /**
   * A Spark job in local mode on 2 CPUs: 20 task runners of 50 ms run two at a time, then one
   * partition's runner alone for 2.9 s, then one more of 50 ms, alone too; a message loop waits
   * throughout. With {@code partitions} = 2, the long stage runs as two runners side by side.
   */
  private static Trace sparkLike(int partitions) {
    return sparkLike(partitions, 20_000_000);
  }

  /** The same with the message loop's CPU time {@code loopCpuNs}, or unmeasured when negative. */
  private static Trace sparkLike(int partitions, long loopCpuNs) {
    List<TaskExecution> executions = new ArrayList<>();
    long ms = 1_000_000;
    executions.add(
        exec(1, "spark.MessageLoop")
            .on(9)
            .at(0, 5_000 * ms)
            .self(5_000 * ms)
            .cpu(loopCpuNs)
            .build());
    long t = 100 * ms;
    long id = 10;
    for (int i = 0; i < 10; i++, t += 50 * ms) {
      for (int thread = 2; thread <= 3; thread++) {
        executions.add(runner(id++, thread, t, t + 50 * ms));
      }
    }
    long stage = 2_900 * ms / partitions;
    for (int p = 0; p < partitions; p++) {
      executions.add(runner(id++, 2 + p, t, t + stage));
    }
    t += stage;
    executions.add(runner(id, 2, t, t + 50 * ms));
    return new Trace(meta(2, 300, 0, 5_000 * ms), executions, List.of(), List.of());
  }

  private static TaskExecution runner(long id, int thread, long start, long end) {
    return exec(id, "spark.TaskRunner")
        .on(thread)
        .createdBy(1)
        .submitted(7, "java.util.concurrent.ThreadPoolExecutor", start)
        .at(start, end)
        .cpu(end - start)
        .build();
  }

  private static Verdict verdictOf(Profile p, String taskClass) {
    return p.taskClasses().stream()
        .filter(c -> c.taskClass().equals(taskClass))
        .findFirst()
        .orElseThrow()
        .verdict();
  }

  @Test
  void aStageThatRanAloneMakesItsClassCoarseWhateverTheMedian() {
    Profile one = Analysis.analyze(sparkLike(1), AnalysisOptions.defaults());
    Profile two = Analysis.analyze(sparkLike(2), AnalysisOptions.defaults());

    Verdict alone = verdictOf(one, "spark.TaskRunner");
    assertThat(alone.kind()).isEqualTo(Verdict.Kind.COARSE);
    assertThat(alone.why())
        .isEqualTo(
            "2 of 22 executions ran alone, 2.95 s in all (>= 1.25 s, 1/4 of the task span),"
                + " longest 2.90 s; CPUs 50% busy while they ran (median 50.0 ms)");
    assertThat(verdictOf(two, "spark.TaskRunner").kind()).isEqualTo(Verdict.Kind.OK);
    assertThat(verdictOf(one, "spark.MessageLoop").why()).startsWith("mostly waiting");
    // tgp's rule is unchanged: the class is neither all short nor all long
    assertThat(
            verdictOf(
                    Analysis.analyze(sparkLike(1), new AnalysisOptions(true, VerdictMode.TGP)),
                    "spark.TaskRunner")
                .kind())
        .isEqualTo(Verdict.Kind.OK);
  }

  @Test
  void aLoopWhoseCpuTheAgentDidNotReadIsToldWaitingByItsThreadsOsSamples() {
    long ms = 1_000_000;
    // /proc says thread 9 used 1 ms of CPU every second; thread 2, a runner, was always on a CPU
    List<Layers.ThreadSample> samples = new ArrayList<>();
    for (long t = 0; t <= 5_000 * ms; t += 100 * ms) {
      samples.add(new Layers.ThreadSample(9, "loop", t, t / 1_000, 0, 0));
      samples.add(new Layers.ThreadSample(2, "runner", t, t, 0, 0));
    }
    Layers layers = new Layers(List.of(), List.of(), samples, List.of());

    Profile without = Analysis.analyze(sparkLike(1, -1), AnalysisOptions.defaults());
    Profile with = Analysis.analyze(sparkLike(1, -1), layers, AnalysisOptions.defaults());

    // without CPU time the loop counts as running throughout: no runner ran alone
    assertThat(verdictOf(without, "spark.TaskRunner").kind()).isEqualTo(Verdict.Kind.OK);
    assertThat(verdictOf(with, "spark.TaskRunner").kind()).isEqualTo(Verdict.Kind.COARSE);
    assertThat(verdictOf(with, "spark.TaskRunner").why()).contains("CPUs 50% busy");
  }

  /**
   * A fork/join tree of 1,000 leaves of 500 ns and 200 splitting tasks of 20 µs self time, 19 µs of
   * it waiting in joins (every other one also runs a leaf inside its wait): counted with their
   * waits, the splitting tasks hold most of the class's time and it is "ok"; their work is 1 µs,
   * and the class is fine.
   */
  @Test
  void aBimodalForkJoinClassIsJudgedByItsWorkNotByItsWaitsInJoins() {
    List<TaskExecution> executions = new ArrayList<>();
    List<TaskEvent> events = new ArrayList<>();
    long id = 1;
    for (int i = 0; i < 200; i++) {
      long s = i * 30_000L;
      boolean helps = i % 2 == 0;
      executions.add(
          exec(id++, "app.Sum")
              .kind(FORK_JOIN)
              .on(1)
              .at(s, s + 20_000)
              .self(helps ? 19_500 : 20_000)
              .build());
      events.add(new TaskEvent(TaskEvent.Type.WAIT, 1, s + 500, s + 20_000, 0, true));
      if (helps) {
        executions.add(
            exec(id++, "app.Sum")
                .kind(FORK_JOIN)
                .on(1)
                .helped()
                .at(s + 1_000, s + 1_500)
                .self(500)
                .build());
      }
    }
    for (int i = 0; i < 900; i++) {
      executions.add(
          exec(id++, "app.Sum")
              .kind(FORK_JOIN)
              .on(2)
              .at(i * 1_000L, i * 1_000L + 500)
              .self(500)
              .build());
    }
    Trace.TraceMeta meta = meta(2, 150, 0, 6_000_000);
    Profile withWaits =
        Analysis.analyze(
            new Trace(meta, executions, List.of(), Map.of(), List.of(), events, Map.of()),
            AnalysisOptions.defaults());
    Profile withoutWaits =
        Analysis.analyze(
            new Trace(meta, executions, List.of(), List.of()), AnalysisOptions.defaults());

    assertThat(verdictOf(withoutWaits, "app.Sum").kind()).isEqualTo(Verdict.Kind.OK);
    assertThat(verdictOf(withoutWaits, "app.Sum").why())
        .contains("the time goes to executions above the threshold");
    Verdict judged = verdictOf(withWaits, "app.Sum");
    assertThat(judged.kind()).as(judged.why()).isEqualTo(Verdict.Kind.FINE);
    // the granularity itself is tgp's: self wall time, waits included
    assertThat(withWaits.taskClasses().get(0).granularity().max()).isEqualTo(20_000);
  }
}
