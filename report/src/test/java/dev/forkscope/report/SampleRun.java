package dev.forkscope.report;

import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.RunLayers;
import dev.forkscope.profile.RuntimeFinding;
import dev.forkscope.profile.WorkSpan;
import dev.forkscope.profile.layers.Layers;
import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A small run whose every part the page draws: two worker threads running a fork/join class and a
 * class of sleepy Runnables, a GC pause, waits of each kind, CPU samples, a runtime finding and a
 * work/span row.
 */
final class SampleRun {
  static final String FORK_JOIN = "com.acme.SumTask";
  static final String SLEEPY = "com.acme.Poller$$Lambda";
  static final long START = 1_000_000_000L;

  final Trace trace;
  final Profile profile;
  final Layers layers;

  private SampleRun(Trace trace, Profile profile, Layers layers) {
    this.trace = trace;
    this.profile = profile;
    this.layers = layers;
  }

  /** {@code tasks} fork/join executions of 2 µs on each of two workers, and two sleepy ones. */
  static SampleRun of(int tasks) {
    return of(tasks, 2, FORK_JOIN);
  }

  /**
   * As {@link #of(int)}, on {@code threads} workers, the fork/join executions taking turns among
   * {@code classes}.
   */
  static SampleRun of(int tasks, int threads, String... classes) {
    List<TaskExecution> executions = new ArrayList<>();
    long id = 1;
    for (int thread = 1; thread <= threads; thread++) {
      long t = START + 1_000;
      for (int i = 0; i < tasks; i++) {
        executions.add(execution(id++, classes[i % classes.length], thread, t, 2_000));
        t += 2_500;
      }
    }
    executions.add(execution(id++, SLEEPY, 1, START + 50_000_000, 20_000_000));
    executions.add(execution(id, SLEEPY, 2, START + 80_000_000, 10_000_000));
    Trace trace =
        new Trace(
            new Trace.TraceMeta(
                "17.0.15", 2, "sampled", true, START, START + 100_000_000, 150, 0, Map.of()),
            executions,
            List.of(),
            List.of(new Trace.CallSite(List.of("com.acme.Poller.start(Poller.java:12)"))));
    Layers layers =
        new Layers(
            List.of(new Layers.Pause(START + 30_000_000, START + 32_000_000, "G1 Young")),
            List.of(
                new Layers.Wait(
                    1,
                    Layers.WaitKind.SLEEP,
                    START + 51_000_000,
                    START + 69_000_000,
                    List.of("com.acme.Poller.poll(Poller.java:30)")),
                new Layers.Wait(
                    2, Layers.WaitKind.PARK, START + 95_000_000, START + 99_000_000, List.of()),
                new Layers.Wait(
                    2, Layers.WaitKind.MONITOR, START + 40_000_000, START + 41_000_000, List.of()),
                new Layers.Wait(
                    1, Layers.WaitKind.WAIT, START + 90_000_000, START + 91_000_000, List.of())),
            samples(),
            List.of());
    Profile analysed = Analysis.analyze(trace, AnalysisOptions.defaults());
    Profile profile =
        new Profile(
            analysed.meta(),
            analysed.options(),
            analysed.runWallNs(),
            analysed.executionsRecorded(),
            analysed.incomplete(),
            analysed.neverExecuted(),
            analysed.neverExecutedUnknown(),
            analysed.folded(),
            analysed.taskClasses(),
            List.of(
                new RuntimeFinding(
                    6,
                    "sleepy-worker",
                    SLEEPY,
                    "com.acme.Poller.poll(Poller.java:30)",
                    1,
                    18_000_000,
                    0.6,
                    "Thread.sleep inside 1 of 2 executions, 18 ms in all</script><b>",
                    List.of(
                        new RuntimeFinding.Waited(
                            1,
                            START + 51_000_000,
                            START + 69_000_000,
                            START + 50_000_000,
                            START + 70_000_000)))),
            List.of(new WorkSpan(FORK_JOIN, 1, 4_000_000, 40_000, 70_000, false)),
            new RunLayers(
                new RunLayers.Gc(1, 2_000_000, 2_000_000, 2),
                List.of(
                    new RunLayers.ThreadTime(
                        1,
                        "worker-1",
                        60_000_000,
                        45_000_000,
                        1_000_000,
                        0,
                        18_000_000,
                        2_000_000,
                        40,
                        7)),
                List.of()));
    return new SampleRun(trace, profile, layers);
  }

  private static List<Layers.ThreadSample> samples() {
    List<Layers.ThreadSample> samples = new ArrayList<>();
    for (int i = 0; i <= 10; i++) {
      long t = START + i * 10_000_000L;
      samples.add(new Layers.ThreadSample(1, "worker-1", t, i * 6_000_000L, i * 4L, i));
      samples.add(new Layers.ThreadSample(2, "worker-2", t, i * 9_000_000L, i * 2L, 2L * i));
    }
    return samples;
  }

  private static TaskExecution execution(
      long id, String taskClass, long thread, long start, long duration) {
    return new TaskExecution(
        id,
        taskClass,
        1,
        0,
        false,
        thread,
        "worker-" + thread,
        thread,
        "worker-" + thread,
        false,
        7,
        "java.util.concurrent.ForkJoinPool",
        true,
        start - 100,
        -1,
        start,
        start + duration,
        duration,
        -1,
        new TaskExecution.Kind(false, false, false, true),
        TaskExecution.Method.EXEC,
        -1,
        0,
        thread,
        start - 50,
        1);
  }
}
