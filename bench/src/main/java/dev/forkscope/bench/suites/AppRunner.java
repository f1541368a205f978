package dev.forkscope.bench.suites;

import dev.forkscope.agent.contract.AgentOptions;
import dev.forkscope.bench.Harness;
import dev.forkscope.bench.suites.AppCatalogue.App;
import dev.forkscope.bench.suites.AppsSuite.ExactCheck;
import dev.forkscope.bench.suites.AppsSuite.Measured;
import dev.forkscope.bench.suites.AppsSuite.Variant;
import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.ProfilerAgent;
import dev.forkscope.profile.TaskClassProfile;
import dev.forkscope.profile.VerdictMode;
import dev.forkscope.profile.layers.LayersReader;
import dev.forkscope.profile.layers.ProcSampler;
import dev.forkscope.profile.trace.Trace;
import dev.forkscope.profile.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the applications of suite {@code apps} in child JVMs, each through the harness of module
 * {@code apps} ({@code AppMain}), and reads back what the harness and the agent wrote.
 */
final class AppRunner {
  private static final String MAIN = "dev.forkscope.apps.AppMain";

  /** Figures of a run: its warm-up iterations and its timed ones (the time is one's mean). */
  static final String WARMUPS = "warmups";

  static final String TIMED_ITERATIONS = "timedIterations";

  private final String classpath;
  private final Path work;
  private final int threads;
  private final boolean quick;
  private final AgentOptions agentOptions;

  /** The harness's output of the last run of each application with the agent: its checks. */
  private final Map<String, List<String>> checkLines = new LinkedHashMap<>();

  /**
   * A runner for one suite run.
   *
   * @param classpath module {@code apps} and its dependencies
   * @param work where the harness's output and the logs go
   * @param agentOptions the agent's options for variant {@link Variant#ON}
   */
  AppRunner(String classpath, Path work, int threads, boolean quick, AgentOptions agentOptions) {
    this.classpath = classpath;
    this.work = work;
    this.threads = threads;
    this.quick = quick;
    this.agentOptions = agentOptions;
  }

  /** An application's JVM failed: its name, variant and where its output is, in one line. */
  static final class AppFailed extends IOException {
    AppFailed(String message) {
      super(message);
    }
  }

  /** Runs {@code app} once as {@code variant}, the agent writing into {@code trace} when on. */
  Harness.Sample run(App app, Variant variant, Path trace)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile(work, app.name() + "-", ".txt");
    Path log = work.resolve(app.name() + "-" + variant.label + ".log");
    List<String> argv = new ArrayList<>();
    argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    argv.add("-Xmx2g");
    argv.addAll(app.jvmOptions());
    argv.addAll(List.of("-cp", classpath, MAIN, app.name(), out.toString()));
    argv.add(work.toString());
    argv.addAll(quick ? app.quick() : app.full());
    argv.add("threads=" + threads);
    argv.add("variant=" + (variant == Variant.OPTIMIZED ? "optimized" : "original"));
    if (variant == Variant.ON) {
      argv = ProfilerAgent.command(argv, trace, agentOptions, ProfilerAgent.Layering.SAMPLED);
    }
    Process child =
        new ProcessBuilder(argv)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(log.toFile())
            .start();
    int exit;
    try (ProcSampler sampler =
        variant == Variant.ON ? ProcSampler.start(trace, child.pid()) : null) {
      exit = child.waitFor();
    }
    List<String> lines = Files.readAllLines(out);
    Files.delete(out);
    if (exit != 0 || lines.isEmpty() || !lines.get(0).startsWith("time ")) {
      throw new AppFailed(
          app.name()
              + " failed (exit "
              + exit
              + ", "
              + variant.label
              + "); its output is in "
              + log);
    }
    if (variant == Variant.ON) {
      checkLines.put(app.name(), lines.stream().filter(l -> l.startsWith("check ")).toList());
    }
    String[] time = lines.get(0).split(" ");
    Map<String, Double> figures = new LinkedHashMap<>();
    lines.stream()
        .filter(l -> l.startsWith("iterations "))
        .map(l -> l.split(" "))
        .findFirst()
        .ifPresent(
            f -> {
              figures.put(WARMUPS, Double.parseDouble(f[1]));
              figures.put(TIMED_ITERATIONS, Double.parseDouble(f[2]));
            });
    return new Harness.Sample(Long.parseLong(time[1]), Long.parseLong(time[2]), figures);
  }

  /** Reads the trace of {@code app}'s last profiled run and checks its exact counts. */
  Measured analyze(App app, Map<Variant, List<Harness.Sample>> samples, Path traceDir)
      throws IOException {
    Trace trace = TraceReader.read(traceDir);
    Profile profile =
        Analysis.analyze(trace, LayersReader.read(traceDir), AnalysisOptions.defaults());
    Profile flat = Analysis.analyze(trace, new AnalysisOptions(false, VerdictMode.RELATIVE));
    List<ExactCheck> checks = new ArrayList<>();
    for (String line : checkLines.getOrDefault(app.name(), List.of())) {
      String[] f = line.split(" ");
      long recorded =
          flat.taskClasses().stream()
              .filter(c -> c.taskClass().equals(f[2]))
              .mapToLong(TaskClassProfile::executions)
              .sum();
      checks.add(new ExactCheck(f[1].replace('_', ' '), f[2], Long.parseLong(f[3]), recorded));
    }
    return new Measured(app, samples, profile, checks, traceDir);
  }
}
