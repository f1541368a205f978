package dev.forkscope.profile;

import static dev.forkscope.profile.Executions.exec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.forkscope.profile.layers.Layers;
import dev.forkscope.profile.layers.Layers.WaitKind;
import dev.forkscope.profile.trace.ExecutionList;
import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Runtime findings and thread times from hand-made layers on hand-made executions. */
class LayerAnalysisTest {
  private static final long MS = 1_000_000;
  private static final String TASK = "com.acme.Task";
  private static final List<String> LOCKED =
      List.of("com.acme.Task.compute:42", "java.util.concurrent.RecursiveAction.exec:194");
  private static final List<String> LOCK_PARK =
      List.of(
          "jdk.internal.misc.Unsafe.park",
          "java.util.concurrent.locks.LockSupport.park:341",
          "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire:715",
          "java.util.concurrent.locks.ReentrantLock.lock:322",
          "com.acme.Task.compute:50");
  private static final List<String> JOIN_PARK =
      List.of(
          "jdk.internal.misc.Unsafe.park",
          "java.util.concurrent.locks.LockSupport.park:341",
          "java.util.concurrent.ForkJoinTask.awaitDone:468",
          "java.util.concurrent.ForkJoinTask.join:670",
          "com.acme.Task.compute:44");
  private static final List<String> SLEEP =
      List.of("java.lang.Thread.sleep", "com.acme.Task.compute:60");

  /** Ten 10 ms executions of TASK on threads 1 and 2, one after another per thread. */
  private static List<TaskExecution> tenTasks() {
    List<TaskExecution> out = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      long start = (i / 2) * 10 * MS;
      out.add(exec(i + 1, TASK).on(1 + i % 2).at(start, start + 10 * MS).build());
    }
    return out;
  }

  private static Profile analyze(List<TaskExecution> executions, Layers layers) {
    Trace trace = Executions.trace(Executions.meta(2, 100, 0, 50 * MS), executions);
    return Analysis.analyze(trace, layers, AnalysisOptions.defaults());
  }

  private static Layers waits(List<Layers.Wait> waits) {
    return new Layers(List.of(), waits, List.of(), List.of());
  }

  @Test
  void monitorBlocksAndLockParksInsideExecutionsAreIntraTaskSync() {
    Profile p =
        analyze(
            tenTasks(),
            waits(
                List.of(
                    new Layers.Wait(1, WaitKind.MONITOR, 1 * MS, 3 * MS, LOCKED),
                    new Layers.Wait(2, WaitKind.MONITOR, 11 * MS, 12 * MS, LOCKED),
                    new Layers.Wait(2, WaitKind.PARK, 21 * MS, 23 * MS, LOCK_PARK))));

    assertThat(p.runtimeFindings()).hasSize(2);
    RuntimeFinding monitor = p.runtimeFindings().get(0);
    assertThat(monitor.rule()).isEqualTo("intra-task-sync");
    assertThat(monitor.bottleneck()).isEqualTo(5);
    assertThat(monitor.taskClass()).isEqualTo(TASK);
    assertThat(monitor.site()).isEqualTo("com.acme.Task.compute:42");
    assertThat(monitor.executions()).isEqualTo(2);
    assertThat(monitor.blockedNs()).isEqualTo(3 * MS);
    assertThat(monitor.share()).isEqualTo(0.03);
    assertThat(monitor.evidence()).contains("blocked on a monitor", "com.acme.Task.compute:42");
    RuntimeFinding park = p.runtimeFindings().get(1);
    assertThat(park.site()).isEqualTo("com.acme.Task.compute:50");
    assertThat(park.evidence()).contains("parked on a lock");
    RunLayers.ThreadTime t1 = p.layers().threads().get(0);
    assertThat(t1.inTasksNs()).isEqualTo(50 * MS);
    assertThat(t1.blockedNs()).isEqualTo(2 * MS);
  }

  /**
   * A trace with one recorded sleep block, and a sampled monitor block beside it, analysed as the
   * agent ran: with {@code monitors} (timed or sampled) and the sampler every 5 ms.
   */
  private static Profile withBlocks(String monitors) {
    return withBlocks(monitors, false, 5 * MS);
  }

  /**
   * As {@link #withBlocks(String)}, the monitor block {@code monitorNs} long and recorded with its
   * monitor's class when {@code monitorsRecorded} (JFR's record of every contended enter).
   */
  private static Profile withBlocks(String monitors, boolean monitorsRecorded, long monitorNs) {
    Trace.TraceMeta meta =
        new Trace.TraceMeta(
            "17.0.99",
            2,
            "off",
            false,
            0,
            50 * MS,
            100,
            0,
            Map.of("waits", "5", "monitors", monitors));
    Trace trace =
        new Trace(
            meta,
            tenTasks(),
            List.of(),
            Map.of(),
            List.of(),
            List.of(),
            Map.of(),
            List.of(new Trace.Block(1, Trace.BlockKind.SLEEP, 2 * MS, 2 * MS + 600_000, SLEEP)));
    Layers layers =
        new Layers(
            List.of(),
            List.of(
                new Layers.Wait(1, WaitKind.SLEEP, 2 * MS, 7 * MS, SLEEP),
                new Layers.Wait(
                    2,
                    WaitKind.MONITOR,
                    11 * MS,
                    11 * MS + monitorNs,
                    LOCKED,
                    monitorsRecorded ? "com.example.Account" : null)),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            monitorsRecorded);
    return Analysis.analyze(trace, layers, AnalysisOptions.defaults());
  }

  @Test
  void recordedBlocksReplaceTheSamplesInsideExecutionsAndUntimedMonitorsStaySampled() {
    Profile sampledMonitors = withBlocks("sampled");
    assertThat(sampledMonitors.runtimeFindings())
        .extracting(RuntimeFinding::rule, RuntimeFinding::blockedNs)
        .containsExactly(tuple("intra-task-sync", 5 * MS), tuple("sleepy-worker", 600_000L));
    assertThat(sampledMonitors.runtimeFindings().get(0).evidence())
        .contains("sampled every 5 ms, so shorter waits are missed");
    assertThat(sampledMonitors.runtimeFindings().get(1).evidence()).doesNotContain("sampled");
    assertThat(sampledMonitors.runtimeFindings().get(1).waits())
        .containsExactly(new RuntimeFinding.Waited(1, 2 * MS, 2 * MS + 600_000, 0, 10 * MS));

    assertThat(withBlocks("timed").runtimeFindings())
        .extracting(RuntimeFinding::rule)
        .containsExactly("sleepy-worker");
  }

  @Test
  void monitorBlocksRecordedByJfrAreExactAndNameTheMonitorsClass() {
    Profile p = withBlocks("sampled", true, 800_000); // under the 1 ms a sampled finding needs
    assertThat(p.runtimeFindings())
        .extracting(RuntimeFinding::rule, RuntimeFinding::blockedNs)
        .containsExactly(tuple("intra-task-sync", 800_000L), tuple("sleepy-worker", 600_000L));
    assertThat(p.runtimeFindings().get(0).evidence())
        .contains("were blocked on a monitor (a com.example.Account)")
        .doesNotContain("sampled");

    assertThat(withBlocks("timed", true, 800_000).runtimeFindings())
        .extracting(RuntimeFinding::rule)
        .containsExactly("sleepy-worker");
  }

  @Test
  void sleepingInsideExecutionsIsASleepyWorker() {
    Profile p =
        analyze(
            tenTasks(), waits(List.of(new Layers.Wait(1, WaitKind.SLEEP, 2 * MS, 7 * MS, SLEEP))));

    assertThat(p.runtimeFindings())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.rule()).isEqualTo("sleepy-worker");
              assertThat(f.bottleneck()).isEqualTo(6);
              assertThat(f.blockedNs()).isEqualTo(5 * MS);
              assertThat(f.site()).isEqualTo("com.acme.Task.compute:60");
            });
  }

  @Test
  void joinsWaitsOutsideTasksAndTinyBlocksAreNoFindings() {
    Profile p =
        analyze(
            tenTasks(),
            waits(
                List.of(
                    new Layers.Wait(1, WaitKind.PARK, 1 * MS, 9 * MS, JOIN_PARK),
                    // between executions: thread 1 is idle after 50 ms
                    new Layers.Wait(1, WaitKind.SLEEP, 60 * MS, 90 * MS, SLEEP),
                    new Layers.Wait(2, WaitKind.MONITOR, 11 * MS, 11 * MS + 100_000, LOCKED),
                    // the recorder's own first look at a class, however long
                    new Layers.Wait(
                        2,
                        WaitKind.MONITOR,
                        12 * MS,
                        19 * MS,
                        List.of(
                            "java.lang.ClassValue.getFromHashMap",
                            "dev.forkscope.agent.boot.ThreadState.classOf",
                            TASK + ".compute:12")))));

    assertThat(p.runtimeFindings()).isEmpty();
    RunLayers.ThreadTime t1 = p.layers().threads().get(0);
    assertThat(t1.parkedNs()).isEqualTo(8 * MS);
    assertThat(t1.sleepingNs()).isEqualTo(30 * MS);
  }

  @Test
  void aWaitIsChargedToTheInnermostExecution() {
    List<TaskExecution> nested =
        List.of(
            exec(1, "com.acme.Outer").at(0, 100 * MS).build(),
            exec(2, TASK).outer(1).at(10 * MS, 20 * MS).build(),
            exec(3, TASK).outer(1).at(30 * MS, 40 * MS).build());
    Profile p =
        analyze(
            nested, waits(List.of(new Layers.Wait(1, WaitKind.SLEEP, 32 * MS, 35 * MS, SLEEP))));

    assertThat(p.runtimeFindings())
        .singleElement()
        .extracting(RuntimeFinding::taskClass)
        .isEqualTo(TASK);
  }

  @Test
  void submissionsFromInsideTasksByNonWorkersAreCentralizedPooling() {
    List<TaskExecution> executions = new ArrayList<>();
    // a task on thread 9 (not a worker of pool 7) submits twenty tasks to it from inside
    executions.add(exec(100, "com.acme.Driver").on(9).at(0, 100 * MS).build());
    for (int i = 0; i < 20; i++) {
      long at = (i + 1) * MS;
      executions.add(
          exec(i + 1, TASK)
              .on(1 + i % 2)
              .submitted(7, "java.util.concurrent.ForkJoinPool", at)
              .submittedFrom(9, at)
              .at(at + MS / 2, at + MS)
              .build());
    }
    // the same from main (thread 5) outside any task: legitimate external submissions
    for (int i = 0; i < 20; i++) {
      long at = 200 * MS + i * MS;
      executions.add(
          exec(i + 50, "com.acme.Other")
              .on(1)
              .submitted(7, "java.util.concurrent.ForkJoinPool", at)
              .submittedFrom(5, at)
              .at(at + MS / 2, at + MS)
              .build());
    }
    Profile p = analyze(executions, Layers.none("not recorded"));

    assertThat(p.runtimeFindings())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.rule()).isEqualTo("centralized-pooling");
              assertThat(f.bottleneck()).isEqualTo(1);
              assertThat(f.taskClass()).isEqualTo(TASK);
              assertThat(f.site()).isEqualTo("com.acme.Driver");
              assertThat(f.executions()).isEqualTo(20);
              // queue time is reported as how long tasks waited to start, never as time lost
              assertThat(f.blockedNs()).isZero();
              assertThat(f.share()).isZero();
              assertThat(f.evidence())
                  .contains("20 of 20", "ForkJoinPool", "Driver", "(median)", "(p90)");
            });
  }

  @Test
  void submissionsByThePoolsOwnWorkersAreNot() {
    List<TaskExecution> executions = new ArrayList<>();
    executions.add(exec(100, "com.acme.Mailbox").on(1).at(0, 100 * MS).build());
    for (int i = 0; i < 20; i++) {
      long at = (i + 1) * MS;
      executions.add(
          exec(i + 1, TASK)
              .on(2)
              .submitted(7, "java.util.concurrent.ForkJoinPool", at)
              .submittedFrom(1, at)
              .at(at + MS / 2, at + MS)
              .build());
    }
    executions.add(
        exec(200, "com.acme.Mailbox")
            .on(1)
            .submitted(7, "java.util.concurrent.ForkJoinPool", -1)
            .at(200 * MS, 201 * MS)
            .build());

    assertThat(analyze(executions, Layers.none("not recorded")).runtimeFindings()).isEmpty();
  }

  @Test
  void allocationCopiesInsideExecutionsAreCopyOnForkOrJoin() {
    List<Layers.Allocation> allocations = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      allocations.add(
          new Layers.Allocation(
              1 + i % 2,
              i * 5 * MS + MS,
              1 << 20,
              "int[]",
              List.of("java.util.Arrays.copyOfRange:3822", "com.acme.Task.compute:30")));
      allocations.add(
          new Layers.Allocation(
              1 + i % 2,
              i * 5 * MS + 2 * MS,
              1 << 20,
              "java.lang.Object[]",
              List.of(
                  "java.util.Arrays.copyOf:3512",
                  "java.util.ArrayList.grow:237",
                  "java.util.ArrayList.addAll:678",
                  "com.acme.Task.compute:70")));
      allocations.add(
          new Layers.Allocation(
              1 + i % 2,
              i * 5 * MS + 3 * MS,
              1 << 20,
              "com.acme.Task",
              List.of("com.acme.Task.compute:20")));
    }
    Layers layers =
        new Layers(
            List.of(new Layers.Pause(45 * MS, 48 * MS, "GC Pause")),
            List.of(),
            List.of(),
            allocations,
            List.of());

    Profile p = analyze(tenTasks(), layers);

    assertThat(p.runtimeFindings())
        .extracting(RuntimeFinding::rule)
        .containsExactlyInAnyOrder("copy-on-fork", "copy-on-join");
    assertThat(p.runtimeFindings())
        .allSatisfy(f -> assertThat(f.blockedNs()).isEqualTo(1 * MS))
        .extracting(RuntimeFinding::site)
        .containsExactlyInAnyOrder("com.acme.Task.compute:30", "com.acme.Task.compute:70");
    assertThat(p.layers().gc()).isEqualTo(new RunLayers.Gc(1, 3 * MS, 3 * MS, 2));
  }

  @Test
  void threadTimesComeFromTheProcSamples() {
    List<Layers.ThreadSample> samples =
        List.of(
            new Layers.ThreadSample(1, "worker-1", 0, 1_000, 10, 1),
            new Layers.ThreadSample(1, "worker-1", 60 * MS, 41 * MS, 30, 4),
            new Layers.ThreadSample(-77, "C2 CompilerThre", 0, 0, 0, 0),
            new Layers.ThreadSample(-77, "C2 CompilerThre", 60 * MS, 20 * MS, 5, 5),
            new Layers.ThreadSample(-78, "VM Periodic Tas", 60 * MS, 0, 5, 5));
    Profile p =
        analyze(
            tenTasks(),
            new Layers(
                List.of(),
                List.of(new Layers.Wait(1, WaitKind.PARK, 52 * MS, 58 * MS, JOIN_PARK)),
                samples,
                List.of()));

    assertThat(p.layers().threads())
        .extracting(RunLayers.ThreadTime::threadId)
        .containsExactly(1L, 2L, -77L);
    RunLayers.ThreadTime t1 = p.layers().threads().get(0);
    assertThat(t1.busyNs()).isEqualTo(41 * MS - 1_000);
    assertThat(t1.voluntarySwitches()).isEqualTo(20);
    assertThat(t1.involuntarySwitches()).isEqualTo(3);
    assertThat(t1.parkedNs()).isEqualTo(6 * MS);
    assertThat(t1.idleNs()).isEqualTo(4 * MS); // 60 ms - 50 ms in tasks - 6 ms parked
    RunLayers.ThreadTime t2 = p.layers().threads().get(1);
    assertThat(t2.busyNs()).isEqualTo(-1);
    assertThat(t2.idleNs()).isEqualTo(-1);
  }

  @Test
  void theOldSignatureSaysTheLayersWereNotRead() {
    Trace trace = Executions.trace(Executions.meta(2, 100, 0, 50 * MS), tenTasks());
    Profile p = Analysis.analyze(trace, AnalysisOptions.defaults());

    assertThat(p.runtimeFindings()).isEmpty();
    assertThat(p.layers().unavailable()).containsExactly("the JVM and OS layers were not read");
    assertThat(p.layers().threads()).hasSize(2);
  }

  @Test
  void aWaitCountsForItsExecutionLessTheExecutionsNestedInIt() {
    List<TaskExecution> executions =
        List.of(
            exec(1, "Owner").at(0, 100).build(),
            exec(2, "Helped").at(20, 40).build(),
            exec(3, "Inner").at(25, 30).build(),
            exec(4, "Late").at(80, 95).build(),
            exec(5, "Other").on(2).at(0, 100).build());
    long[] waited = new long[executions.size()];

    ThreadTimelines lines = ThreadTimelines.of(ExecutionList.of(executions));
    lines.addWait(1, 10, 90, waited);
    lines.addWait(1, 26, 28, waited); // inside Inner: its own wait

    // 80 ns of waiting, less Helped's 20 and the 10 of Late inside the wait; Inner is Helped's
    assertThat(waited).containsExactly(50, 0, 2, 0, 0);
  }
}
