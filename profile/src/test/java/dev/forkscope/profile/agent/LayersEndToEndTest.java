package dev.forkscope.profile.agent;

import static org.assertj.core.api.Assertions.as;
import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.RunLayers;
import dev.forkscope.profile.RuntimeFinding;
import dev.forkscope.profile.layers.LayerFiles;
import dev.forkscope.profile.layers.Layers;
import dev.forkscope.profile.layers.LayersReader;
import dev.forkscope.profile.layers.ProcSampler;
import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import dev.forkscope.profile.trace.TraceReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JVM and OS layers recorded beside the trace of {@link LayerWorkloads} (JDK 17 and 25), the
 * default way (GC log, the agent's wait samples) and with JFR: waits land inside the executions
 * they happened in, and the analysis finds what the scenarios were written to show, and nothing in
 * the clean one.
 */
class LayersEndToEndTest {
  private static final String PREFIX = LayerWorkloads.class.getName() + "$";

  /** The agent's sampling period in the sampled runs. */
  private static final long WAIT_PERIOD_MS = 5;

  @TempDir Path tmp;

  private record Run(Trace trace, Layers layers, Profile profile) {}

  private Run run(String jdk, String layers) throws Exception {
    ChildJvm jvm = ChildJvm.of(jdk);
    Path out = tmp.resolve("out");
    boolean jfr = layers.equals("jfr");
    String[] options =
        layers.equals("off")
            ? new String[0]
            : LayerFiles.jvmOptions(out, "/usr/bin/java", jfr).toArray(new String[0]);
    String agent =
        "out=" + out + ",cpu=off,waits=" + (layers.equals("sampled") ? WAIT_PERIOD_MS : "off");
    Process p = jvm.start(agent, tmp, "layers", options);
    try (ProcSampler sampler = layers.equals("off") ? null : ProcSampler.start(out, p.pid())) {
      if (!p.waitFor(ChildJvm.TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
        throw new AssertionError("layers scenario did not finish");
      }
    }
    assertThat(p.exitValue()).as(Files.readString(tmp.resolve("stderr.txt"))).isZero();
    assertThat(Files.readString(tmp.resolve("stdout.txt"))).doesNotContain("Started recording");
    Trace trace = TraceReader.read(out);
    Layers l = LayersReader.read(out);
    return new Run(trace, l, Analysis.analyze(trace, l, AnalysisOptions.defaults()));
  }

  private static RuntimeFinding finding(Profile p, String rule, String simpleClass) {
    return p.runtimeFindings().stream()
        .filter(f -> f.rule().equals(rule) && f.taskClass().equals(PREFIX + simpleClass))
        .findFirst()
        .orElseThrow(
            () -> new AssertionError(rule + " " + simpleClass + " in " + p.runtimeFindings()));
  }

  @ParameterizedTest(name = "JDK {0}, layers {1}")
  @CsvSource({"17, sampled", "25, sampled", "17, jfr", "25, jfr"})
  void findsWhatTheScenariosShowOnTheTaskClock(String jdk, String layers) throws Exception {
    Run r = run(jdk, layers);

    if (layers.equals("jfr")) {
      assertThat(r.layers().unavailable()).as(r.layers().unavailable().toString()).isEmpty();
    } else {
      assertThat(r.layers().unavailable())
          .as(r.layers().unavailable().toString())
          .singleElement(as(InstanceOfAssertFactories.STRING))
          .startsWith("allocation samples: recorded with --jfr only");
    }
    // alignment: every sleep of a Sleeper starts inside a Sleeper execution on its thread (JFR's
    // also ends inside; a sampled one ends up to a period after its last sample)
    List<TaskExecution> sleepers =
        r.trace().executions().stream()
            .filter(e -> e.taskClass().equals(PREFIX + "Sleeper"))
            .toList();
    List<Layers.Wait> sleeps =
        r.layers().waits().stream().filter(w -> w.kind() == Layers.WaitKind.SLEEP).toList();
    assertThat(sleeps).hasSizeGreaterThanOrEqualTo(LayerWorkloads.SLEEPERS);
    // each sleep lies in a leaf Sleeper, the innermost execution around it; every leaf sleeps once
    // (a sampled sleep may come in pieces when the stack read lands on a wake-up)
    Set<TaskExecution> leaves = new HashSet<>();
    for (Layers.Wait w : sleeps) {
      TaskExecution leaf =
          sleepers.stream()
              .filter(
                  e ->
                      e.executionThreadId() == w.threadId()
                          && e.startNs() <= w.startNs()
                          && w.startNs() <= e.endNs()
                          && (!layers.equals("jfr") || w.endNs() <= e.endNs()))
              .max(Comparator.comparingLong(TaskExecution::startNs))
              .orElseThrow(() -> new AssertionError("a sleep outside every Sleeper: " + w));
      leaves.add(leaf);
    }
    assertThat(leaves).hasSize(LayerWorkloads.SLEEPERS);

    assertThat(r.layers().gcPauses())
        .anySatisfy(
            g -> {
              assertThat(g.name()).contains("Pause");
              assertThat(g.endNs()).isGreaterThan(g.startNs());
              assertThat(g.startNs()).isGreaterThan(r.trace().meta().startNs());
            });

    Profile p = r.profile();
    RuntimeFinding sleepy = finding(p, "sleepy-worker", "Sleeper");
    assertThat(sleepy.bottleneck()).isEqualTo(6);
    assertThat(sleepy.executions()).isEqualTo(LayerWorkloads.SLEEPERS);
    // a sampled sleep is measured to within a period, two when the machine is busy
    long error = layers.equals("jfr") ? 0 : 2 * WAIT_PERIOD_MS;
    assertThat(sleepy.blockedNs())
        .isGreaterThanOrEqualTo(
            LayerWorkloads.SLEEPERS * (LayerWorkloads.SLEEP_MS - error) * 1_000_000);
    assertThat(sleepy.site()).startsWith(PREFIX + "Sleeper.compute:");

    RuntimeFinding monitor = finding(p, "intra-task-sync", "Contended");
    assertThat(monitor.bottleneck()).isEqualTo(5);
    assertThat(monitor.evidence()).contains("blocked on a monitor");
    RuntimeFinding lock = finding(p, "intra-task-sync", "Locked");
    assertThat(lock.evidence()).contains("parked on a lock");

    RuntimeFinding external = finding(p, "centralized-pooling", "Leaf");
    assertThat(external.bottleneck()).isEqualTo(1);
    assertThat(external.executions()).isEqualTo(LayerWorkloads.EXTERNAL_TASKS);
    assertThat(external.site()).isEqualTo(PREFIX + "1");

    assertThat(p.runtimeFindings())
        .noneMatch(f -> f.taskClass() != null && f.taskClass().endsWith("$Clean"));
    assertThat(p.taskClasses()).noneMatch(c -> c.taskClass().startsWith("jdk.jfr."));

    // the OS layer: the pool's workers, with Java ids, CPU time and context switches
    List<RunLayers.ThreadTime> workers =
        p.layers().threads().stream().filter(t -> t.name().contains("ForkJoinPool")).toList();
    assertThat(workers).isNotEmpty();
    assertThat(workers)
        .allSatisfy(
            t -> {
              assertThat(t.threadId()).isPositive();
              // sampled every 20 ms, status every 100 ms: a short-lived worker may show nothing
              assertThat(t.busyNs()).isNotNegative();
              assertThat(t.voluntarySwitches()).isNotNegative();
            });
    assertThat(workers).anySatisfy(t -> assertThat(t.busyNs()).isPositive());
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17"})
  void withoutTheLayersTheAnalysisSaysSoAndStillWorks(String jdk) throws Exception {
    Run r = run(jdk, "off");

    assertThat(r.layers().unavailable())
        .anyMatch(s -> s.startsWith("GC pauses"))
        .anyMatch(s -> s.startsWith("waits"))
        .anyMatch(s -> s.contains("/proc"));
    // the agent times the sleeps, waits and parks inside executions itself, layers or not; the
    // contended monitor, neither timed (monitors=sampled) nor sampled, is not seen
    assertThat(r.profile().runtimeFindings())
        .extracting(RuntimeFinding::rule)
        .containsExactlyInAnyOrder("centralized-pooling", "sleepy-worker", "intra-task-sync");
    assertThat(r.profile().layers().gc().pauses()).isZero();
    assertThat(r.profile().taskClasses()).isNotEmpty();
  }
}
