package dev.forkscope.profile.agent;

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
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JVM and OS layers recorded beside the trace of {@link LayerWorkloads} (JDK 17 and 25): JFR
 * waits land inside the executions they happened in, and the analysis finds what the scenarios were
 * written to show, and nothing in the clean one.
 */
class LayersEndToEndTest {
  private static final String PREFIX = LayerWorkloads.class.getName() + "$";

  @TempDir Path tmp;

  private record Run(Trace trace, Layers layers, Profile profile) {}

  private Run run(String jdk, boolean layers) throws Exception {
    ChildJvm jvm = ChildJvm.of(jdk);
    Path out = tmp.resolve("out");
    String[] options =
        layers ? LayerFiles.jvmOptions(out, "/usr/bin/java").toArray(new String[0]) : new String[0];
    Process p = jvm.start("out=" + out + ",cpu=off", tmp, "layers", options);
    try (ProcSampler sampler = layers ? ProcSampler.start(out, p.pid()) : null) {
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

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void findsWhatTheScenariosShowOnTheTaskClock(String jdk) throws Exception {
    Run r = run(jdk, true);

    assertThat(r.layers().unavailable()).as(r.layers().unavailable().toString()).isEmpty();
    // alignment: every sleep of a Sleeper lies inside a Sleeper execution on its thread
    List<TaskExecution> sleepers =
        r.trace().executions().stream()
            .filter(e -> e.taskClass().equals(PREFIX + "Sleeper"))
            .toList();
    List<Layers.Wait> sleeps =
        r.layers().waits().stream().filter(w -> w.kind() == Layers.WaitKind.SLEEP).toList();
    assertThat(sleeps).hasSizeGreaterThanOrEqualTo(LayerWorkloads.SLEEPERS);
    long inside =
        sleeps.stream()
            .filter(
                w ->
                    sleepers.stream()
                        .anyMatch(
                            e ->
                                e.executionThreadId() == w.threadId()
                                    && e.startNs() <= w.startNs()
                                    && w.endNs() <= e.endNs()))
            .count();
    assertThat(inside).isEqualTo(LayerWorkloads.SLEEPERS);

    Profile p = r.profile();
    RuntimeFinding sleepy = finding(p, "sleepy-worker", "Sleeper");
    assertThat(sleepy.bottleneck()).isEqualTo(6);
    assertThat(sleepy.executions()).isEqualTo(LayerWorkloads.SLEEPERS);
    assertThat(sleepy.blockedNs())
        .isGreaterThanOrEqualTo(LayerWorkloads.SLEEPERS * LayerWorkloads.SLEEP_MS * 1_000_000);
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
    Run r = run(jdk, false);

    assertThat(r.layers().unavailable())
        .anyMatch(s -> s.startsWith("JFR"))
        .anyMatch(s -> s.contains("/proc"));
    assertThat(r.profile().runtimeFindings())
        .extracting(RuntimeFinding::rule)
        .containsExactly("centralized-pooling");
    assertThat(r.profile().layers().gc().pauses()).isZero();
    assertThat(r.profile().taskClasses()).isNotEmpty();
  }
}
