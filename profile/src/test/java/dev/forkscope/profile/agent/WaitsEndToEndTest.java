package dev.forkscope.profile.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.RuntimeFinding;
import dev.forkscope.profile.layers.LayerFiles;
import dev.forkscope.profile.layers.LayersReader;
import dev.forkscope.profile.layers.ProcSampler;
import dev.forkscope.profile.trace.Trace;
import dev.forkscope.profile.trace.TraceReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The exact waits of {@link WaitWorkloads} on JDK 17 and 25, on a quiet machine and beside two
 * threads that busy-loop: each waiting class gets its finding, with every execution that waited
 * counted and the time waited within 15 % of what the tasks measured around their own blocking
 * calls, and the clean phases get none. Contended monitors are exact where they are recorded (JFR,
 * {@code --jfr}) or timed ({@code monitors=timed}); in the default mode they are sampled.
 */
class WaitsEndToEndTest {
  private static final String PREFIX = WaitWorkloads.class.getName() + "$";

  /** LayerAnalysis's least time lost for a finding from exact waits. */
  private static final long MIN_EXACT_LOST_NS = 100_000;

  /** LayerAnalysis's least share of the class's time for a finding of few waits. */
  private static final double MIN_SHARE = 0.005;

  @TempDir Path tmp;

  private record Run(Trace trace, Profile profile, Map<String, String[]> truth, boolean hog) {}

  /** How the contended monitors are seen: sampled (the default), timed by the agent, by JFR. */
  enum Monitors {
    SAMPLED(""),
    TIMED(",monitors=timed"),
    JFR(",waits=off"); // as ProfilerAgent runs it with --jfr: JFR records the JVM layer

    final String agentOptions;

    Monitors(String agentOptions) {
      this.agentOptions = agentOptions;
    }
  }

  private Run run(String jdk, boolean hog, Monitors monitors) throws Exception {
    ChildJvm jvm = ChildJvm.of(jdk);
    Path out = tmp.resolve("out");
    String[] options =
        LayerFiles.jvmOptions(out, "/usr/bin/java", monitors == Monitors.JFR)
            .toArray(new String[0]);
    AtomicBoolean done = new AtomicBoolean();
    List<Thread> hogs = new ArrayList<>();
    for (int i = 0; hog && i < 2; i++) {
      Thread t = new Thread(() -> busyLoop(done), "cpu-hog-" + i);
      t.setDaemon(true);
      t.start();
      hogs.add(t);
    }
    try {
      Process p = jvm.start("out=" + out + monitors.agentOptions, tmp, "waits", options);
      try (ProcSampler sampler = ProcSampler.start(out, p.pid())) {
        if (!p.waitFor(ChildJvm.TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
          String threads = threadDump(p.pid());
          p.destroyForcibly().waitFor();
          throw new AssertionError("waits scenario did not finish; its threads:\n" + threads);
        }
      }
      assertThat(p.exitValue()).as(Files.readString(tmp.resolve("stderr.txt"))).isZero();
    } finally {
      done.set(true);
      for (Thread t : hogs) {
        t.join();
      }
    }
    Map<String, String[]> truth = new HashMap<>();
    for (String line : Files.readAllLines(tmp.resolve("stdout.txt"))) {
      if (line.startsWith("truth ")) {
        String[] f = line.split(" ");
        truth.put(f[1], f[2].split(","));
      }
    }
    Trace trace = TraceReader.read(out);
    return new Run(
        trace,
        Analysis.analyze(trace, LayersReader.read(out), AnalysisOptions.defaults()),
        truth,
        hog);
  }

  /** The threads of a child JVM that hangs, for the failure's message. */
  private static String threadDump(long pid) throws Exception {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    Process dump =
        new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print")
            .redirectErrorStream(true)
            .start();
    String out = new String(dump.getInputStream().readAllBytes());
    dump.waitFor(30, TimeUnit.SECONDS);
    return out;
  }

  private static void busyLoop(AtomicBoolean done) {
    long n = 0;
    while (!done.get()) {
      n++;
    }
    if (n == 42) {
      System.out.print(""); // keeps the loop from being removed
    }
  }

  /** The findings of {@code rule} on {@code simpleClass}, summed over their sites. */
  private static long[] found(Profile p, String rule, String simpleClass) {
    long executions = 0;
    long ns = 0;
    for (RuntimeFinding f : p.runtimeFindings()) {
      if (f.rule().equals(rule) && (PREFIX + simpleClass).equals(f.taskClass())) {
        executions += f.executions();
        ns += f.blockedNs();
        assertThat(f.share()).isBetween(0.0, 1.0);
      }
    }
    return new long[] {executions, ns};
  }

  /**
   * The findings of {@code rule} on {@code simpleClass} against what its tasks measured: every
   * execution that the JVM says blocked or waited is counted, and no more than those whose wait
   * took over a microsecond; the time is at least 85 % of what those that blocked measured, and at
   * most 115 % of what those over a microsecond measured. A task's clock also runs while its thread
   * waits for a CPU around the blocking call, which the profile rightly leaves out, and inside it,
   * which the profile counts: on a busy machine (this one is shared, and the hog makes it busy) the
   * truth lies between the task's time less its run-queue delay and the task's time. Beside the
   * busy loops a task's clock also runs while its thread is stopped after the call returned,
   * neither waiting in the call nor in the run queue (seen: a 1 ms sleep timed at 14.7 ms by the
   * task with 0.4 ms of run-queue delay, the profile's wait about 1.1 ms; a safepoint, most likely,
   * whose time to reach grows with busy threads): there the task's figure is only an upper bound.
   */
  private static void matches(Run r, String rule, String simpleClass) {
    String[] waits = r.truth().get(simpleClass);
    assertThat(waits).as("truth of " + simpleClass).isNotNull();
    long[] f = found(r.profile(), rule, simpleClass);
    long blocked = 0;
    long blockedNs = 0;
    long runningNs = 0; // of blockedNs, less the run-queue delays
    long overMicro = 0;
    long overMicroNs = 0;
    long totalNs = 0;
    for (String w : waits) {
      String[] f3 = w.split(":");
      long ns = Long.parseLong(f3[0]);
      totalNs += ns;
      if (ns > 1_000) {
        overMicro++;
        overMicroNs += ns;
      }
      if (f3[1].equals("1")) {
        blocked++;
        blockedNs += ns;
        runningNs += Math.max(0, ns - Long.parseLong(f3[2]));
      }
    }
    String what =
        simpleClass
            + ": found "
            + Arrays.toString(f)
            + ", truth "
            + Arrays.toString(waits)
            + " in "
            + r.profile().runtimeFindings();
    long classNs =
        r.trace().executions().stream()
            .filter(e -> e.taskClass().equals(PREFIX + simpleClass))
            .mapToLong(e -> e.weight() * e.selfWallNs())
            .sum();
    // too little to be a finding: the run hardly contended (on a busy machine the two workers
    // rarely run at once)
    if (blockedNs < 2 * MIN_EXACT_LOST_NS || blockedNs < 2 * MIN_SHARE * classNs) {
      assertThat((double) f[1]).as(what).isLessThanOrEqualTo(1.15 * totalNs);
      return;
    }
    assertThat(f[0]).as(what).isBetween(blocked, Math.max(blocked, overMicro));
    // as for the count: a wait the JVM did not count as blocking may still have parked (the
    // task's reading of its counters races with them), so all that could have blocked bounds it
    assertThat((double) f[1])
        .as(what)
        .isBetween(r.hog() ? 0 : 0.85 * runningNs, 1.15 * Math.max(blockedNs, overMicroNs));
  }

  /**
   * Each JDK in the default mode, where the monitors are sampled, and with JFR's record of them;
   * beside the busy loops, with JFR's record and with {@code monitors=timed}.
   */
  @ParameterizedTest(name = "JDK {0}, CPU hog {1}, monitors {2}")
  @CsvSource({
    "17, false, SAMPLED",
    "25, false, SAMPLED",
    "25, false, JFR",
    "17, true, JFR",
    "25, true, TIMED"
  })
  void everyWaitIsCountedAndTimed(String jdk, boolean hog, Monitors monitors) throws Exception {
    Run r = run(jdk, hog, monitors);
    assertThat(r.trace().blocks()).isNotNull();

    matches(r, "sleepy-worker", "Sleep100us");
    matches(r, "sleepy-worker", "Sleep1ms");
    matches(r, "sleepy-worker", "Sleep10ms");
    for (String c : List.of("Monitor50us", "Monitor200us", "Monitor2ms")) {
      if (monitors != Monitors.SAMPLED) {
        matches(r, "intra-task-sync", c);
      } else { // seen only as the thread-state sampler sees them, and said to be sampled
        assertThat(r.profile().runtimeFindings())
            .filteredOn(f -> (PREFIX + c).equals(f.taskClass()))
            .allMatch(f -> f.evidence().contains("sampled"));
      }
    }
    for (String c : List.of("Lock50us", "Lock200us", "Lock2ms")) {
      matches(r, "intra-task-sync", c);
    }
    matches(r, "intra-task-sync", "Waiter");
    matches(r, "intra-task-sync", "LatchWaiter");
    matches(r, "blocking-join", "FutureJoin");

    assertThat(r.profile().runtimeFindings())
        .noneMatch(
            f ->
                f.taskClass() != null
                    && (f.taskClass().endsWith("$Clean")
                        || f.taskClass().endsWith("$Idle")
                        || f.taskClass().endsWith("$PoolThread")));
    // the cached pool's idle waits in getTask are not blocks of its thread bodies
    assertThat(r.trace().blocks())
        .noneMatch(b -> b.frames().stream().anyMatch(s -> s.contains("getTask")));
  }
}
