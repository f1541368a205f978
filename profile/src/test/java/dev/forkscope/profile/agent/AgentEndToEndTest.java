package dev.forkscope.profile.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.TaskClassProfile;
import dev.forkscope.profile.Verdict;
import dev.forkscope.profile.layers.LayersReader;
import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import dev.forkscope.profile.trace.TraceReader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs {@link Workloads} under the agent in child JVMs (JDK 17 and JDK 25 when present) and checks
 * the traces against the known task structure. The scenario run is shared by several tests per JDK.
 */
class AgentEndToEndTest {
  private static final long MS = 1_000_000;

  /**
   * Counts every execution: aggregation folds a task run directly inside another into it, which it
   * cannot tell of the executions sampling left unrecorded.
   */
  private static final AnalysisOptions WITHOUT_AGGREGATION =
      new AnalysisOptions(false, AnalysisOptions.defaults().verdicts());

  private static final Map<String, Trace> SCENARIOS = new HashMap<>();

  @TempDir static Path tmp;

  private static synchronized Trace scenarios(String version) throws Exception {
    Trace cached = SCENARIOS.get(version);
    if (cached != null) {
      return cached;
    }
    ChildJvm jvm = ChildJvm.of(version);
    Path dir = tmp.resolve("scenarios-" + version);
    // every execution recorded: these tests check what one record says and how records link
    ChildJvm.Result r =
        jvm.run("out=" + dir.resolve("out") + ",cpu=all,sampling=off", dir, "scenarios");
    assertThat(r.exitCode()).as(r.stderr()).isZero();
    Trace trace = TraceReader.read(dir.resolve("out"));
    SCENARIOS.put(version, trace);
    return trace;
  }

  private static List<TaskExecution> executionsOf(Trace trace, Class<?> type) {
    return executionsOf(trace, type.getName());
  }

  private static List<TaskExecution> executionsOf(Trace trace, String className) {
    return trace.executions().stream()
        .filter(e -> e.taskClass().equals(className))
        .collect(Collectors.toList());
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void tasksOfKnownCostHaveThatSelfTime(String jdk) throws Exception {
    Trace trace = scenarios(jdk);
    List<TaskExecution> fixed = executionsOf(trace, Workloads.Fixed.class);
    assertThat(fixed).hasSize(Workloads.FIXED_TASKS);
    assertThat(medianCpu(fixed))
        .isBetween(Workloads.FIXED_SPIN_NS, Workloads.FIXED_SPIN_NS + MS / 2);
    assertThat(fixed)
        .allSatisfy(
            e -> {
              assertThat(e.selfCpuNs()).isGreaterThanOrEqualTo(Workloads.FIXED_SPIN_NS);
              assertThat(e.selfWallNs()).isGreaterThanOrEqualTo(e.selfCpuNs() - MS / 10);
              assertThat(e.executorClass()).isEqualTo("java.util.concurrent.ThreadPoolExecutor");
              // the agent reads the clock for one submission in four: the others report -1
              assertThat(e.submittedNs())
                  .satisfiesAnyOf(
                      t -> assertThat(t).isEqualTo(-1),
                      t -> assertThat(t).isPositive().isLessThanOrEqualTo(e.startNs()));
              assertThat(e.createdNs()).isPositive().isLessThanOrEqualTo(e.startNs());
              assertThat(e.executionThreadName()).startsWith("pool-");
              assertThat(e.kind().runnable()).isTrue();
            });
    assertThat(trace.meta().cpuMode()).isEqualTo("all");
    assertThat(trace.meta().overheadPerTaskNs()).isPositive();
    assertThat(trace.meta().clockStepNs()).isPositive();
    assertThat(trace.meta().dropped()).isZero();
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void nestedTasksAreExcludedFromTheOuterTaskAndNestedCallsCountOnce(String jdk) throws Exception {
    Trace trace = scenarios(jdk);
    List<TaskExecution> outers =
        executionsOf(trace, Workloads.NestedC.class).stream()
            .filter(e -> e.executionThreadName().startsWith("pool-"))
            .collect(Collectors.toList());
    assertThat(outers).hasSize(Workloads.NESTED_ROUNDS); // plus one warm-up round on main
    List<TaskExecution> as = new ArrayList<>();
    List<TaskExecution> bs = new ArrayList<>();
    for (TaskExecution outer : outers) {
      List<TaskExecution> a = nestedIn(trace, outer, Workloads.NestedA.class);
      List<TaskExecution> b = nestedIn(trace, outer, Workloads.NestedB.class);
      assertThat(a).hasSize(1); // C's super.run() is not a nested B: a nested call counts once
      assertThat(b).hasSize(1);
      assertThat(a.get(0).helped()).isFalse();
      // exclusion is exact in wall time: self = inclusive - nested inclusive (- the agent's stack
      // samples)
      assertThat(outer.selfWallNs())
          .isLessThanOrEqualTo(
              outer.inclusiveWallNs() - a.get(0).inclusiveWallNs() - b.get(0).inclusiveWallNs());
      assertThat(outer.inclusiveWallNs()).isGreaterThanOrEqualTo(5 * MS);
      as.add(a.get(0));
      bs.add(b.get(0));
    }
    // known CPU costs: C's own 2 ms (its super.run() included), A 2 ms, B 1 ms; medians, because a
    // loaded
    // virtual machine now and then adds a millisecond to a thread's CPU clock
    assertThat((double) medianCpu(outers)).isCloseTo(2.0 * MS, within(0.5 * MS));
    assertThat((double) medianCpu(as)).isCloseTo(2.0 * MS, within(0.5 * MS));
    assertThat((double) medianCpu(bs)).isCloseTo(1.0 * MS, within(0.5 * MS));
  }

  private static List<TaskExecution> nestedIn(Trace trace, TaskExecution outer, Class<?> type) {
    return executionsOf(trace, type).stream()
        .filter(e -> e.outerTaskId() == outer.taskId())
        .collect(Collectors.toList());
  }

  private static long medianCpu(List<TaskExecution> executions) {
    return executions.stream()
        .mapToLong(TaskExecution::selfCpuNs)
        .sorted()
        .skip(executions.size() / 2)
        .findFirst()
        .orElseThrow();
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void aTaskExecutedManyTimesIsNumbered(String jdk) throws Exception {
    List<TaskExecution> repeated = executionsOf(scenarios(jdk), Workloads.Repeated.class);
    assertThat(repeated).hasSize(Workloads.REPEATS);
    assertThat(repeated.stream().map(TaskExecution::taskId).distinct()).hasSize(1);
    assertThat(repeated)
        .extracting(TaskExecution::executionNumber)
        .containsExactlyInAnyOrder(1, 2, 3, 4, 5);
    assertThat(repeated).allSatisfy(e -> assertThat(e.executorClass()).isNotNull());
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void lambdasAreNamedByTheirOuterClassAndSubmittedManyTimes(String jdk) throws Exception {
    Trace trace = scenarios(jdk);
    List<TaskExecution> lambdas =
        executionsOf(trace, Workloads.LambdaHolder.class.getName() + "$$Lambda");
    List<TaskExecution> same =
        lambdas.stream().filter(e -> !e.kind().callable()).collect(Collectors.toList());
    List<TaskExecution> capturing =
        lambdas.stream().filter(e -> e.kind().callable()).collect(Collectors.toList());
    assertThat(same).hasSize(Workloads.LAMBDA_SUBMISSIONS);
    assertThat(same.stream().map(TaskExecution::taskId).distinct()).hasSize(1);
    assertThat(same.stream().map(TaskExecution::executionNumber).collect(Collectors.toSet()))
        .hasSize(Workloads.LAMBDA_SUBMISSIONS);
    assertThat(capturing).hasSize(Workloads.LAMBDA_SUBMISSIONS);
    assertThat(capturing.stream().map(TaskExecution::taskId).distinct())
        .hasSize(Workloads.LAMBDA_SUBMISSIONS);
    assertThat(capturing)
        .allSatisfy(
            e -> {
              assertThat(e.executionNumber()).isEqualTo(1);
              assertThat(e.method()).isEqualTo(TaskExecution.Method.CALL);
              assertThat(e.submissionSite()).isNotNegative();
              assertThat(trace.sites().get(e.submissionSite()).top())
                  .contains("LambdaHolder.submitCapturing");
            });
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void aForkJoinRecursionHasExactlyItsTasks(String jdk) throws Exception {
    List<TaskExecution> count = executionsOf(scenarios(jdk), Workloads.Count.class);
    assertThat(count).hasSize(Workloads.COUNT_TASKS);
    assertThat(count.stream().map(TaskExecution::taskId).distinct()).hasSize(Workloads.COUNT_TASKS);
    assertThat(count)
        .allSatisfy(
            e -> {
              assertThat(e.kind().forkJoinTask()).isTrue();
              assertThat(e.method()).isEqualTo(TaskExecution.Method.EXEC);
            });
    // invokeAll(left, right) forks right and runs left directly: only forked tasks (and the root)
    // are submitted
    assertThat(count)
        .filteredOn(e -> e.executorId() != -1)
        .allSatisfy(
            e -> assertThat(e.executorClass()).isEqualTo("java.util.concurrent.ForkJoinPool"))
        .hasSize(Workloads.COUNT_TASKS / 2 + 1);
    assertThat(count).filteredOn(e -> "main".equals(e.creationThreadName())).hasSize(1);
    assertThat(count).filteredOn(TaskExecution::forked).hasSize(Workloads.COUNT_TASKS / 2);
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void aBurstOfTinyTasksIsCountedExactly(String jdk) throws Exception {
    Trace trace = scenarios(jdk);
    List<TaskExecution> tiny = executionsOf(trace, Workloads.Tiny.class);
    assertThat(tiny).hasSize(Workloads.TINY_TASKS);
    assertThat(trace.meta().dropped()).isZero();
    // one submission in four, at random, is timed: 25 % +- 0.3 % (one standard deviation) of 20,000
    double timed = tiny.stream().filter(e -> e.submittedNs() >= 0).count() / (double) tiny.size();
    assertThat(timed).isBetween(0.22, 0.28);
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void forkJoinTasksComputedDirectlyAreCountedAsNeverExecuted(String jdk) throws Exception {
    Trace trace = scenarios(jdk);
    String halves = Workloads.Halves.class.getName();
    // 2n - 1 objects for n leaves: the root and the n - 1 forked left halves run as tasks, the n -
    // 1 right
    // halves are computed in place by their parents
    assertThat(executionsOf(trace, Workloads.Halves.class)).hasSize(Workloads.HALVES_RANGE);
    long listed = trace.neverExecuted().stream().filter(t -> t.taskClass().equals(halves)).count();
    assertThat(listed + trace.unlistedNeverExecuted().getOrDefault(halves, 0L))
        .isEqualTo(Workloads.HALVES_RANGE - 1);
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void aConstructorThatDelegatesToAnotherCreatesOneTask(String jdk) throws Exception {
    Trace trace = scenarios(jdk);
    List<TaskExecution> delegating = executionsOf(trace, Workloads.Delegating.class);
    assertThat(delegating).hasSize(Workloads.DELEGATING_TASKS);
    assertThat(delegating.stream().map(TaskExecution::taskId).distinct())
        .hasSize(Workloads.DELEGATING_TASKS);
    assertThat(delegating).allSatisfy(e -> assertThat(e.creationThreadName()).isEqualTo("main"));
    assertThat(trace.neverExecuted())
        .noneMatch(t -> t.taskClass().equals(Workloads.Delegating.class.getName()));
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void aTaskRunInsideAHelpingJoinIsMarkedAndNotFolded(String jdk) throws Exception {
    Trace trace = scenarios(jdk);
    List<TaskExecution> parents = executionsOf(trace, Workloads.HelpParent.class);
    List<TaskExecution> children = executionsOf(trace, Workloads.HelpChild.class);
    assertThat(parents)
        .hasSize(2); // the first round pays the agent's one-time costs; check the second
    assertThat(children).hasSize(2);
    TaskExecution parent = parents.get(1);
    TaskExecution child =
        children.stream().filter(e -> e.outerTaskId() == parent.taskId()).findFirst().orElseThrow();
    assertThat(children).allSatisfy(e -> assertThat(e.helped()).isTrue());
    assertThat(child.selfCpuNs()).isGreaterThanOrEqualTo(3 * MS);
    // not folded: the helped child's whole time is excluded from the parent's self time
    assertThat(parent.selfWallNs())
        .isLessThanOrEqualTo(parent.inclusiveWallNs() - child.inclusiveWallNs());
    assertThat(parent.inclusiveWallNs()).isGreaterThanOrEqualTo(4 * MS);
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void aTaskStillFinishingWhenMainExitsIsRecorded(String jdk) throws Exception {
    Path dir = tmp.resolve("late-" + jdk);
    ChildJvm.Result r = ChildJvm.of(jdk).run("out=" + dir.resolve("out"), dir, "late");
    assertThat(r.exitCode()).as(r.stderr()).isZero();
    List<TaskExecution> late =
        executionsOf(TraceReader.read(dir.resolve("out")), Workloads.LateFinisher.class);
    assertThat(late)
        .singleElement()
        .satisfies(e -> assertThat(e.selfWallNs()).isGreaterThanOrEqualTo(Workloads.LATE_NS));
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void oneCoarseTaskAloneOnAnIdlePoolIsCoarse(String jdk) throws Exception {
    Path dir = tmp.resolve("lone-" + jdk);
    Path out = dir.resolve("out");
    // with the OS layer, as forkscope profile runs it: on a loaded machine the task waits for a CPU
    // most of its wall time, which only the OS layer tells from waiting for something else
    ChildJvm.Result r = ChildJvm.of(jdk).runProfiled(out, "out=" + out + ",cpu=all", dir, "lone");
    assertThat(r.exitCode()).as(r.stderr()).isZero();
    Trace trace = TraceReader.read(out);
    assumeTrue(trace.meta().cpus() > 1, "a task cannot leave CPUs idle on a machine with one");
    TaskClassProfile lone =
        Analysis.analyze(trace, LayersReader.read(out), AnalysisOptions.defaults())
            .taskClasses()
            .stream()
            .filter(c -> c.taskClass().equals(Workloads.Lone.class.getName()))
            .findFirst()
            .orElseThrow();
    assertThat(lone.executions()).isOne();
    assertThat(lone.cpu().median()).isGreaterThanOrEqualTo(Workloads.LONE_CPU_NS);
    assertThat(lone.verdict().kind()).as(lone.verdict().why()).isEqualTo(Verdict.Kind.COARSE);
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void cpuTimeSpentWaitingInAJoinIsNotTheTasksOwn(String jdk) throws Exception {
    Trace trace = scenarios(jdk);
    TaskExecution waiter = executionsOf(trace, Workloads.Waiter.class).get(0);
    TaskExecution stolen = executionsOf(trace, Workloads.Stolen.class).get(0);
    assertThat(stolen.executionThreadId()).isNotEqualTo(waiter.executionThreadId());
    assertThat(stolen.helped()).isFalse();
    // wall time includes the wait for the stolen child; CPU time, however a JDK waits, does not
    assertThat(waiter.selfWallNs()).isGreaterThanOrEqualTo(Workloads.STOLEN_CPU_NS / 2);
    assertThat(waiter.selfCpuNs())
        .isBetween(Workloads.WAITER_OWN_CPU_NS, Workloads.WAITER_OWN_CPU_NS + 4 * MS);
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void aForkJoinTaskThatNeverCompletesIsOneTaskExecutedManyTimes(String jdk) throws Exception {
    List<TaskExecution> runs = executionsOf(scenarios(jdk), Workloads.Mailbox.class);
    assertThat(runs).hasSize(Workloads.MAILBOX_RUNS);
    assertThat(runs.stream().map(TaskExecution::taskId).distinct()).hasSize(1);
    assertThat(runs.stream().mapToInt(TaskExecution::executionNumber).max())
        .hasValue(Workloads.MAILBOX_RUNS);
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void forkJoinTasksWithReusedHashCodesAreStillTasksOfTheirOwn(String jdk) throws Exception {
    Path dir = tmp.resolve("sequential-" + jdk);
    // every object gets identity hash code 1: the worst case of hash codes reused by later objects
    ChildJvm.Result r =
        ChildJvm.of(jdk)
            .run(
                "out=" + dir.resolve("out"),
                dir,
                "sequential",
                "-XX:+UnlockExperimentalVMOptions",
                "-XX:hashCode=2");
    assertThat(r.exitCode()).as(r.stderr()).isZero();
    Trace trace = TraceReader.read(dir.resolve("out"));
    List<TaskExecution> runs = executionsOf(trace, Workloads.Sequential.class);
    assertThat(runs).hasSize(Workloads.SEQUENTIAL_TASKS);
    assertThat(runs.stream().map(TaskExecution::taskId).distinct())
        .hasSize(Workloads.SEQUENTIAL_TASKS);
    assertThat(trace.unlistedNeverExecuted())
        .doesNotContainKey(Workloads.Sequential.class.getName());
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void anExceptionOutOfMainStillWritesTheTrace(String jdk) throws Exception {
    Path dir = tmp.resolve("throw-" + jdk);
    ChildJvm.Result r = ChildJvm.of(jdk).run("out=" + dir.resolve("out"), dir, "throw");
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.stderr()).contains("thrown out of main on purpose");
    Trace trace = TraceReader.read(dir.resolve("out"));
    assertThat(executionsOf(trace, Workloads.Fixed.class)).hasSize(Workloads.EXIT_TASKS);
    assertThat(trace.meta().endNs()).isGreaterThan(trace.meta().startNs());
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void aJvmKilledWithSigkillLeavesAReadableTrace(String jdk) throws Exception {
    ChildJvm jvm = ChildJvm.of(jdk);
    Path dir = tmp.resolve("kill-" + jdk);
    Process p = jvm.start("out=" + dir.resolve("out"), dir, "kill");
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ChildJvm.TIMEOUT_SECONDS);
      while (!Files.readString(dir.resolve("stdout.txt")).contains("ready")) {
        assertThat(p.isAlive()).as("workload died early").isTrue();
        assertThat(System.nanoTime()).as("workload never got ready").isLessThan(deadline);
        Thread.sleep(50);
      }
      Thread.sleep(500); // more than one writer pass (50 ms idle period)
    } finally {
      p.destroyForcibly().waitFor();
    }
    Trace trace = TraceReader.read(dir.resolve("out"));
    assertThat(trace.meta().endNs()).isEqualTo(-1);
    assertThat(executionsOf(trace, Workloads.Fixed.class)).hasSize(Workloads.KILL_TASKS);
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void sampledClassesKeepExactCountsAndEstimateAKnownCostWithinTheirIntervals(String jdk)
      throws Exception {
    Path dir = tmp.resolve("sampled-" + jdk);
    ChildJvm.Result r = ChildJvm.of(jdk).run("out=" + dir.resolve("out"), dir, "sampled");
    assertThat(r.exitCode()).as(r.stderr()).isZero();
    Trace trace = TraceReader.read(dir.resolve("out"));
    List<TaskClassProfile> classes = Analysis.analyze(trace, WITHOUT_AGGREGATION).taskClasses();
    TaskClassProfile known = classProfile(classes, Workloads.Known.class);
    TaskClassProfile split = classProfile(classes, Workloads.Split.class);

    assertThat(known.executions()).isEqualTo(Workloads.KNOWN_TASKS);
    assertThat(split.executions()).isEqualTo(2L * Workloads.SAMPLED_LEAVES - 1);
    for (TaskClassProfile c : List.of(known, split)) {
      assertThat(c.sampling().sampled()).as(c.taskClass()).isTrue();
      assertThat(c.sampling().executionsExact()).isTrue();
      assertThat(c.sampling().period()).isGreaterThan(1);
      assertThat(c.sampling().sampleSize()).isLessThan(c.executions() / 2);
      // each task runs once: the estimated task count agrees with the exact execution count
      assertThat(c.tasks()).as(c.taskClass()).isEqualTo(c.executions());
    }
    assertThat(trace.meta().dropped()).isZero();

    // each task burns 10 us of CPU: its wall time is that, plus what preemption adds
    long n = Workloads.KNOWN_TASKS;
    TaskClassProfile.Interval median = known.sampling().medianCi95();
    assertThat(median.contains(known.granularity().median())).isTrue();
    assertThat(median.low()).isGreaterThanOrEqualTo(Workloads.KNOWN_NS);
    assertThat(median.high()).isLessThan(3 * Workloads.KNOWN_NS);
    TaskClassProfile.Interval total = known.sampling().totalCi95();
    assertThat(total.contains(known.granularity().total())).isTrue();
    assertThat(total.low()).isGreaterThanOrEqualTo(n * Workloads.KNOWN_NS * 9 / 10);
    // CPU time, unlike wall time, does not grow with the machine's load: 10 us per task, plus the
    // CPU-clock reads of the spin loop's last round and of the recorder (a system call each, 0.3 us
    // here but up to 3 us on a busy virtual machine: one CI run measured 20.5 us per task)
    TaskClassProfile.Interval cpuTotal = known.sampling().cpuTotalCi95();
    assertThat(cpuTotal.contains(known.cpu().total())).isTrue();
    assertThat(known.cpu().total()).isBetween(n * Workloads.KNOWN_NS, 3 * n * Workloads.KNOWN_NS);
    assertThat(cpuTotal.high() - cpuTotal.low()).isLessThan(n * Workloads.KNOWN_NS / 5);
  }

  private static TaskClassProfile classProfile(List<TaskClassProfile> classes, Class<?> type) {
    return classes.stream()
        .filter(c -> c.taskClass().equals(type.getName()))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no class " + type.getName()));
  }

  @Test
  void millionsOfTasksNeitherExhaustMemoryNorHang() throws Exception {
    ChildJvm jvm = ChildJvm.of(Integer.toString(Runtime.version().feature()));
    Path dir = tmp.resolve("millions");
    ChildJvm.Result r = jvm.run("out=" + dir.resolve("out") + ",contexts=false", dir, "millions");
    assertThat(r.exitCode()).as(r.stderr()).isZero();
    assertThat(r.stdout()).contains("done");
    Trace trace = TraceReader.read(dir.resolve("out"));
    assertThat(trace.meta().dropped()).isZero();
    TaskClassProfile split =
        classProfile(
            Analysis.analyze(trace, WITHOUT_AGGREGATION).taskClasses(), Workloads.Split.class);
    assertThat(split.executions()).isEqualTo(2L * Workloads.MILLION_LEAVES - 1);
  }

  @Test
  void virtualThreadsAreTasks() throws Exception {
    ChildJvm jvm = ChildJvm.of("25");
    Path dir = tmp.resolve("virtual");
    ChildJvm.Result r = jvm.run("out=" + dir.resolve("out"), dir, "virtual");
    assertThat(r.exitCode()).as(r.stderr()).isZero();
    Trace trace = TraceReader.read(dir.resolve("out"));
    List<TaskExecution> bodies = executionsOf(trace, Workloads.VirtualBody.class);
    List<TaskExecution> calls = executionsOf(trace, Workloads.VirtualCall.class);
    assertThat(bodies).hasSize(Workloads.VIRTUAL_THREADS);
    assertThat(calls).hasSize(Workloads.VIRTUAL_EXECUTOR_TASKS);
    assertThat(bodies)
        .allSatisfy(
            e -> {
              assertThat(e.virtualThread()).isTrue();
              assertThat(e.kind().thread()).isTrue();
              assertThat(e.selfWallNs()).isGreaterThanOrEqualTo(200_000);
            });
    assertThat(calls)
        .allSatisfy(
            e -> {
              assertThat(e.virtualThread()).isTrue();
              assertThat(e.executorClass()).isNotNull();
            });
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void systemExitWritesTheTraceAndAMisspelledOptionIsReportedAndDefaulted(String jdk)
      throws Exception {
    Path dir = tmp.resolve("exit-" + jdk);
    ChildJvm.Result r =
        ChildJvm.of(jdk).run("out=" + dir.resolve("out") + ",cpux=all", dir, "exit");
    assertThat(r.exitCode()).isEqualTo(3);
    assertThat(r.stderr().lines().filter(l -> l.startsWith("forkscope agent:")))
        .containsExactly(
            "forkscope agent: unknown option 'cpux' ignored (known: out, perjvm, cpu, contexts,"
                + " sampling, waits, monitors, duration, stop)");
    Trace trace = TraceReader.read(dir.resolve("out"));
    assertThat(trace.meta().cpuMode()).isEqualTo("sampled");
    assertThat(trace.meta().endNs()).isGreaterThan(trace.meta().startNs());
    assertThat(executionsOf(trace, Workloads.Fixed.class)).hasSize(Workloads.EXIT_TASKS);
  }

  @Test
  void anUnwritableOutputDirectoryDisablesTheAgentButNotTheProgram() throws Exception {
    Path dir = tmp.resolve("unwritable");
    Files.createDirectories(dir);
    Path file = Files.writeString(dir.resolve("a-file"), "not a directory");
    ChildJvm.Result r =
        ChildJvm.of(Integer.toString(Runtime.version().feature()))
            .run("out=" + file.resolve("out"), dir, "exit");
    assertThat(r.exitCode()).isEqualTo(3);
    assertThat(r.stderr().lines().filter(l -> l.startsWith("forkscope agent:")))
        .singleElement()
        .asString()
        .contains("cannot write to")
        .contains("profiling disabled");
  }

  @Test
  void aDirectoryWithoutATraceIsReportedAsMissing() {
    assertThatThrownBy(() -> TraceReader.read(tmp)).isInstanceOf(NoSuchFileException.class);
  }

  @Test
  void lambdaClassNamesAreNormalized() {
    assertThat(TraceReader.normalizeClassName("a.Foo$$Lambda$12/0x0000000800c03000"))
        .isEqualTo("a.Foo$$Lambda");
    assertThat(TraceReader.normalizeClassName("a.Foo$$Lambda/0x000071e0c8003a10"))
        .isEqualTo("a.Foo$$Lambda");
    assertThat(TraceReader.normalizeClassName("a.Foo$Bar")).isEqualTo("a.Foo$Bar");
  }
}
