package dev.forkscope.bench.suites;

import dev.forkscope.agent.contract.AgentOptions;
import dev.forkscope.bench.Harness;
import dev.forkscope.bench.Result;
import dev.forkscope.bench.Stats;
import dev.forkscope.bench.Steady;
import dev.forkscope.bench.Suite;
import dev.forkscope.bench.Timed;
import dev.forkscope.bench.kernels.TinyTasks;
import dev.forkscope.examples.Exhibit;
import dev.forkscope.examples.Zoo;
import dev.forkscope.io.FileTrees;
import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.ProfilerAgent;
import dev.forkscope.profile.TaskClassProfile;
import dev.forkscope.profile.Verdict;
import dev.forkscope.profile.layers.Layers;
import dev.forkscope.profile.layers.LayersReader;
import dev.forkscope.profile.layers.ProcSampler;
import dev.forkscope.profile.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Suite {@code profile}: the profiler's own cost. Every zoo program and a fine-grained workload of
 * 262,144 tiny tasks ({@link TinyTasks}) run as child JVMs three ways: without the agent, with the
 * agent alone, and with the agent and the JVM and OS layers (the child's GC log and the agent's
 * wait samples, a {@link ProcSampler} in this process), which is what {@code forkscope profile}
 * runs by default; the order rotates every repetition so that drift on a shared machine hits every
 * side alike.
 *
 * <p>Per run, {@link Timed} measures the wall and process CPU time from the call of the program's
 * {@code main} to the JVM's exit (the agent's work on the program included, JVM start-up and agent
 * loading left out); the harness adds the whole process's wall time from outside. Reported: the
 * median of the per-repetition ratios on/off per program (on: agent and layers), their geometric
 * mean over the programs that are not fine-grained, the geometric mean over the fine-grained ones,
 * and the geometric mean of all CPU-time ratios (perturbation), and the layers' own cost: the
 * geometric mean of the wall ratios agent-and-layers over agent alone. A check fails when a target
 * is missed.
 *
 * <p>With {@link Suite.Context#steady}, each child measures the program at steady state instead, as
 * tgp measured its overhead (Rosà et al. (2019), §8.2): {@link Steady} calls its {@code main}
 * {@value #STEADY_WARMUPS} times, then times {@value #STEADY_ITERATIONS} more calls, and the
 * child's sample is the median wall time of those and their mean CPU time; the JIT's and the
 * recorder's warm-up, and the agent's work at exit, are then left out, and what remains is the
 * hooks' cost on compiled code and the writer's on the trace.
 */
final class ProfileSuite implements Suite {

  /** Targets: geomean wall, fine-grained wall, geomean CPU (the whole profiler against none). */
  static final double TARGET_GEOMEAN = 1.03;

  static final double TARGET_FINE = 1.30;
  static final double TARGET_CPU = 1.05;

  /** Target for the JVM and OS layers alone: agent and layers over agent only. */
  static final double TARGET_LAYERS = 1.03;

  private static final AgentOptions AGENT_OPTIONS =
      AgentOptions.defaults().withCpu(AgentOptions.Cpu.OFF).withContexts(false);

  /** Untimed calls of a program's {@code main} before the timed ones, at steady state. */
  static final int STEADY_WARMUPS = 5;

  /** Timed calls of a program's {@code main} per JVM, at steady state. */
  static final int STEADY_ITERATIONS = 5;

  /** The agent's wait sampler as {@code /proc} names it (a thread name cut to 15 characters). */
  private static final String WAIT_SAMPLER_THREAD = "forkscope-wait";

  /** What runs beside the program. */
  enum Side {
    /** Nothing. */
    OFF("agent-off"),
    /** The agent alone. */
    AGENT("agent-on"),
    /** The agent, JDK Flight Recorder and the /proc sampler: what forkscope profile runs. */
    LAYERS("agent+layers");

    final String variant;

    Side(String variant) {
      this.variant = variant;
    }
  }

  /** One program to measure: a short name for the table and the class whose main runs it. */
  record Program(String name, String mainClass) {}

  /**
   * The medians of one program.
   *
   * @param program the program
   * @param off the runs without the agent
   * @param on the runs with the whole profiler (agent and layers), paired with {@code off} by
   *     repetition
   * @param fineGrained whether the profiler found the program fine-grained (see {@link
   *     #mostlyFine}): reported apart from the main geomean
   * @param agentOnly the runs with the agent but without the layers, paired likewise (empty when
   *     not measured)
   */
  record Overhead(
      Program program,
      List<Harness.Sample> off,
      List<Harness.Sample> on,
      boolean fineGrained,
      List<Harness.Sample> agentOnly) {

    Overhead(
        Program program, List<Harness.Sample> off, List<Harness.Sample> on, boolean fineGrained) {
      this(program, off, on, fineGrained, List.of());
    }

    double wallRatio() {
      return pairedRatio(on, off, Harness.Sample::wallNs);
    }

    double cpuRatio() {
      return pairedRatio(on, off, Harness.Sample::cpuNs);
    }

    /** Wall time with the layers over wall time with the agent alone; NaN if not measured. */
    double layersWallRatio() {
      return agentOnly.isEmpty() ? Double.NaN : pairedRatio(on, agentOnly, Harness.Sample::wallNs);
    }

    /**
     * The layers' own CPU time over the program's wall time, median over the runs with the layers;
     * NaN if not measured. The most the layers can add to the wall time is the CPU time they take
     * (every cycle of theirs taken from the program's critical path), so this bounds their cost, a
     * figure the wall ratios cannot show on a shared machine: their run-to-run spread is ten times
     * larger.
     */
    double layersCostBound() {
      double[] shares =
          on.stream()
              .filter(s -> s.figures().containsKey("layersCpuMs"))
              .mapToDouble(s -> s.figures().get("layersCpuMs") * 1e6 / s.wallNs())
              .toArray();
      return shares.length == 0 ? Double.NaN : Stats.median(shares);
    }

    private static double pairedRatio(
        List<Harness.Sample> num,
        List<Harness.Sample> den,
        java.util.function.ToLongFunction<Harness.Sample> figure) {
      double[] ratios = new double[den.size()];
      for (int i = 0; i < ratios.length; i++) {
        ratios[i] = (double) figure.applyAsLong(num.get(i)) / figure.applyAsLong(den.get(i));
      }
      return Stats.median(ratios);
    }
  }

  /**
   * The suite's conclusion.
   *
   * @param programs per program
   * @param wallGeomean geometric mean of the wall ratios of the programs that are not fine-grained
   * @param fineRatio geometric mean of the fine-grained programs' wall ratios (NaN without one)
   * @param cpuGeomean geometric mean of all CPU ratios
   * @param layersGeomean geometric mean of the layers' own wall ratios (agent and layers over agent
   *     alone) of the programs that are not fine-grained; NaN when not measured
   */
  record Summary(
      List<Overhead> programs,
      double wallGeomean,
      double fineRatio,
      double cpuGeomean,
      double layersGeomean) {

    static Summary of(List<Overhead> programs) {
      List<Double> wall = new ArrayList<>();
      List<Double> fine = new ArrayList<>();
      List<Double> cpu = new ArrayList<>();
      List<Double> layers = new ArrayList<>();
      for (Overhead o : programs) {
        (o.fineGrained() ? fine : wall).add(o.wallRatio());
        cpu.add(o.cpuRatio());
        if (!o.fineGrained() && !Double.isNaN(o.layersWallRatio())) {
          layers.add(o.layersWallRatio());
        }
      }
      return new Summary(
          List.copyOf(programs), geomean(wall), geomean(fine), geomean(cpu), geomean(layers));
    }

    /** The targets missed, one line each. */
    List<String> missedTargets() {
      List<String> missed = new ArrayList<>();
      check(missed, "wall geomean", wallGeomean, TARGET_GEOMEAN);
      if (!Double.isNaN(fineRatio)) {
        check(missed, "fine-grained wall", fineRatio, TARGET_FINE);
      }
      check(missed, "CPU geomean", cpuGeomean, TARGET_CPU);
      if (!Double.isNaN(layersGeomean)) {
        check(missed, "layers wall geomean", layersGeomean, TARGET_LAYERS);
      }
      return missed;
    }

    private static void check(List<String> missed, String what, double ratio, double target) {
      if (!(ratio <= target)) {
        missed.add(String.format(Locale.ROOT, "%s %.3fx > target %.2fx", what, ratio, target));
      }
    }

    private static double geomean(List<Double> ratios) {
      return ratios.isEmpty() ? Double.NaN : Stats.geometricMean(ratios);
    }
  }

  @Override
  public String name() {
    return "profile";
  }

  @Override
  public String description() {
    return "the profiler's overhead: zoo programs and 262,144 tiny tasks, agent off vs on vs"
        + " agent with the JVM and OS layers";
  }

  @Override
  public Outcome run(Context context) throws Exception {
    Path scratch = Files.createTempDirectory("forkscope-overhead");
    List<Program> programs = programs();
    List<Overhead> measured = new ArrayList<>();
    try {
      int[] done = {0};
      List<Side> sides = List.of(Side.values());
      int total = programs.size() * context.repeat() * sides.size();
      for (Program p : programs) {
        boolean[] fine = new boolean[1];
        boolean[] verdictRead = new boolean[1];
        Map<Side, List<Harness.Sample>> samples =
            Harness.rotating(
                sides,
                context.repeat(),
                side ->
                    () -> {
                      context.step(++done[0], total, p.name(), side.variant);
                      Harness.Sample sample = runOnce(p, scratch, side, context.steady());
                      if (side != Side.OFF && !verdictRead[0]) {
                        fine[0] = mostlyFine(scratch.resolve("trace"));
                        verdictRead[0] = true;
                      }
                      return sample;
                    });
        measured.add(
            new Overhead(
                p,
                samples.get(Side.OFF),
                samples.get(Side.LAYERS),
                fine[0],
                samples.get(Side.AGENT)));
      }
    } finally {
      FileTrees.delete(scratch);
    }
    Summary summary = Summary.of(measured);
    return new Outcome(
        name(),
        rows(summary),
        summary.missedTargets(),
        summaryFields(summary, context.steady()),
        table(summary, context.repeat(), context.steady()),
        null);
  }

  /** The zoo's programs, each once, and the tiny-task workload. */
  static List<Program> programs() {
    Set<Class<?>> classes = new LinkedHashSet<>();
    for (Exhibit e : Zoo.exhibits()) {
      classes.add(e.before());
      classes.add(e.after());
    }
    List<Program> programs = new ArrayList<>();
    for (Class<?> c : classes) {
      programs.add(new Program(c.getSimpleName(), c.getName()));
    }
    programs.add(new Program("TinyTasks", TinyTasks.class.getName()));
    return programs;
  }

  /**
   * Whether the program in the trace at {@code dir} is fine-grained by the profiler's own verdict:
   * most of its executions belong to task classes found too fine. Deciding by the verdict, rather
   * than by name, puts a program such as an actor benchmark with millions of 100 ns messages where
   * it belongs.
   */
  private static boolean mostlyFine(Path dir) throws IOException {
    Profile profile = Analysis.analyze(TraceReader.read(dir), AnalysisOptions.defaults());
    long fine = 0;
    long all = 0;
    for (TaskClassProfile c : profile.taskClasses()) {
      all += c.executions();
      if (c.verdict().kind() == Verdict.Kind.FINE) {
        fine += c.executions();
      }
    }
    return 2 * fine > all;
  }

  /**
   * Runs one child under {@link Timed} (the sample is main() to exit) or, {@code steady}, under
   * {@link Steady} (the sample is the median of its timed calls); the process is timed from
   * outside.
   */
  private static Harness.Sample runOnce(Program p, Path scratch, Side side, boolean steady)
      throws IOException, InterruptedException {
    boolean withAgent = side != Side.OFF;
    Path timing = Files.createTempFile(scratch, "timing", ".txt");
    List<String> argv = new ArrayList<>();
    argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    argv.addAll(List.of("-cp", System.getProperty("java.class.path")));
    if (steady) {
      argv.addAll(
          List.of(
              Steady.class.getName(),
              timing.toString(),
              Integer.toString(STEADY_WARMUPS),
              Integer.toString(STEADY_ITERATIONS)));
    } else {
      argv.addAll(List.of(Timed.class.getName(), timing.toString()));
    }
    argv.add(p.mainClass());
    if (withAgent) {
      argv =
          ProfilerAgent.command(
              argv,
              scratch.resolve("trace"),
              AGENT_OPTIONS,
              side == Side.LAYERS ? ProfilerAgent.Layering.SAMPLED : ProfilerAgent.Layering.OFF);
    }
    long start = System.nanoTime();
    Process child =
        new ProcessBuilder(argv)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    int exit;
    ProcSampler sampler =
        side == Side.LAYERS ? ProcSampler.start(scratch.resolve("trace"), child.pid()) : null;
    try (sampler) {
      exit = child.waitFor();
    }
    long process = System.nanoTime() - start;
    String written = Files.readString(timing).trim();
    Files.delete(timing);
    String[] line = written.split(" ");
    if (exit != 0 || line.length < 2) {
      throw new IOException(p.name() + " failed (exit " + exit + ", " + side.variant + ")");
    }
    Map<String, Double> figures = new LinkedHashMap<>();
    figures.put("processMs", process / 1e6);
    if (steady) {
      return steadySample(written, figures);
    }
    long wall = Long.parseLong(line[0]);
    if (sampler != null && line.length >= 6) {
      long mainStart = Long.parseLong(line[5]);
      figures.put(
          "layersCpuMs",
          layersCpuNs(sampler, scratch.resolve("trace"), mainStart, wall, process) / 1e6);
    }
    return new Harness.Sample(wall, Long.parseLong(line[1]), figures);
  }

  /**
   * A child's sample from {@link Steady}'s lines, {@code wallNs cpuNs} each: the median wall time
   * of a call, and the mean CPU time, since the process's CPU time has the resolution of the
   * scheduler's tick (10 ms here), as long as some of the calls.
   */
  static Harness.Sample steadySample(String lines, Map<String, Double> figures) {
    String[] calls = lines.split("\n");
    long[] wall = new long[calls.length];
    long cpu = 0;
    for (int i = 0; i < calls.length; i++) {
      String[] fields = calls[i].trim().split(" ");
      wall[i] = Long.parseLong(fields[0]);
      cpu += Long.parseLong(fields[1]);
    }
    return new Harness.Sample(Math.round(Stats.median(wall)), cpu / calls.length, figures);
  }

  /**
   * The CPU time the layers themselves took while the program ran (from the call of {@code main},
   * at {@code mainStartNs}, for {@code wallNs}): the agent's wait sampler in the child, its CPU
   * time at the end less that at its last {@code /proc} sample before {@code main} (its start-up in
   * the agent's {@code premain} is not in the measured time), and the {@link ProcSampler}'s thread
   * here, whose share of its {@code processNs} of sampling falls in the program's time. The GC log
   * is the JVM writing a few lines per collection, too little to measure.
   */
  private static long layersCpuNs(
      ProcSampler sampler, Path trace, long mainStartNs, long wallNs, long processNs) {
    long beforeNs = Long.MIN_VALUE;
    long beforeCpu = 0;
    long afterNs = Long.MAX_VALUE;
    long afterCpu = 0;
    long end = 0;
    for (Layers.ThreadSample t : LayersReader.read(trace).samples()) {
      if (t.name().startsWith(WAIT_SAMPLER_THREAD)) {
        if (t.timeNs() <= mainStartNs && t.timeNs() > beforeNs) {
          beforeNs = t.timeNs();
          beforeCpu = t.cpuNs();
        } else if (t.timeNs() > mainStartNs && t.timeNs() < afterNs) {
          afterNs = t.timeNs();
          afterCpu = t.cpuNs();
        }
        end = Math.max(end, t.cpuNs());
      }
    }
    long atMain = beforeCpu;
    if (beforeNs != Long.MIN_VALUE && afterNs != Long.MAX_VALUE) { // between the two samples
      atMain +=
          Math.round(
              (afterCpu - beforeCpu) * (double) (mainStartNs - beforeNs) / (afterNs - beforeNs));
    }
    double inWindow = Math.min(1.0, (double) wallNs / processNs);
    return end - atMain + Math.round(Math.max(0, sampler.cpuNs()) * inWindow);
  }

  private static List<Result> rows(Summary summary) {
    int cpus = Runtime.getRuntime().availableProcessors();
    List<Result> rows = new ArrayList<>();
    for (Overhead o : summary.programs()) {
      String name = o.program().name();
      rows.add(
          new Result(
              name,
              "agent-off",
              cpus,
              Harness.medianWallMs(o.off()),
              Harness.medianCpuMs(o.off()),
              1,
              Map.of("processWallMsMedian", Harness.median(o.off(), "processMs"))));
      if (!o.agentOnly().isEmpty()) {
        Overhead agent = new Overhead(o.program(), o.off(), o.agentOnly(), o.fineGrained());
        Map<String, Object> ratios = new LinkedHashMap<>();
        ratios.put("wallRatio", agent.wallRatio());
        ratios.put("cpuRatio", agent.cpuRatio());
        ratios.put("processWallMsMedian", Harness.median(o.agentOnly(), "processMs"));
        ratios.put("fineGrained", o.fineGrained());
        rows.add(
            new Result(
                name,
                Side.AGENT.variant,
                cpus,
                Harness.medianWallMs(o.agentOnly()),
                Harness.medianCpuMs(o.agentOnly()),
                1,
                ratios));
      }
      Map<String, Object> ratios = new LinkedHashMap<>();
      ratios.put("wallRatio", o.wallRatio());
      ratios.put("cpuRatio", o.cpuRatio());
      ratios.put("layersWallRatio", o.layersWallRatio());
      ratios.put("layersCostBound", o.layersCostBound());
      ratios.put("processWallMsMedian", Harness.median(o.on(), "processMs"));
      ratios.put("fineGrained", o.fineGrained());
      rows.add(
          new Result(
              name,
              Side.LAYERS.variant,
              cpus,
              Harness.medianWallMs(o.on()),
              Harness.medianCpuMs(o.on()),
              1,
              ratios));
    }
    return rows;
  }

  private static Map<String, Object> summaryFields(Summary summary, boolean steady) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("measured", steady ? "steady state" : "main to exit");
    if (steady) {
      fields.put("warmups", STEADY_WARMUPS);
      fields.put("timedIterations", STEADY_ITERATIONS);
    }
    fields.put("wallGeomean", summary.wallGeomean());
    fields.put("fineGrainedGeomean", summary.fineRatio());
    fields.put("cpuGeomean", summary.cpuGeomean());
    fields.put("layersWallGeomean", summary.layersGeomean());
    Map<String, Object> targets = new LinkedHashMap<>();
    targets.put("wallGeomean", TARGET_GEOMEAN);
    targets.put("fineGrainedGeomean", TARGET_FINE);
    targets.put("cpuGeomean", TARGET_CPU);
    targets.put("layersWallGeomean", TARGET_LAYERS);
    fields.put("targets", targets);
    return fields;
  }

  private static String table(Summary summary, int repetitions, boolean steady) {
    StringBuilder b = new StringBuilder();
    b.append(
        String.format(
            Locale.ROOT,
            "profiler overhead%s: %d repetitions per side, agent options %s%n",
            steady
                ? String.format(
                    Locale.ROOT,
                    " at steady state (%d warm-up calls of main, then the median of %d timed ones,"
                        + " per JVM)",
                    STEADY_WARMUPS,
                    STEADY_ITERATIONS)
                : "",
            repetitions,
            AGENT_OPTIONS.format()));
    b.append(
        String.format(
            Locale.ROOT,
            "%-31s %9s %9s %9s %7s %7s %8s %9s %9s %7s %9s %9s%n",
            "PROGRAM (medians, ms)",
            "WALL OFF",
            "AGENT",
            "+LAYERS",
            "RATIO",
            "LAYERS",
            "L. BOUND",
            "CPU OFF",
            "CPU ON",
            "RATIO",
            "PROC OFF",
            "PROC ON"));
    for (Overhead o : summary.programs()) {
      b.append(
          String.format(
              Locale.ROOT,
              "%-31s %9.1f %9.1f %9.1f %6.3fx %6.3fx %7.2f%% %9.1f %9.1f %6.3fx %9.1f %9.1f%n",
              o.program().name() + (o.fineGrained() ? " (fine)" : ""),
              Harness.medianWallMs(o.off()),
              o.agentOnly().isEmpty() ? Double.NaN : Harness.medianWallMs(o.agentOnly()),
              Harness.medianWallMs(o.on()),
              o.wallRatio(),
              o.layersWallRatio(),
              100 * o.layersCostBound(),
              Harness.medianCpuMs(o.off()),
              Harness.medianCpuMs(o.on()),
              o.cpuRatio(),
              Harness.median(o.off(), "processMs"),
              Harness.median(o.on(), "processMs")));
    }
    b.append(
        String.format(
            Locale.ROOT,
            "wall geomean %.3fx (target <= %.2fx), without the fine-grained programs"
                + " (marked: most executions in classes the profiler calls fine)%n",
            summary.wallGeomean(),
            TARGET_GEOMEAN));
    b.append(
        String.format(
            Locale.ROOT,
            "fine-grained %.3fx (target <= %.2fx)%n",
            summary.fineRatio(),
            TARGET_FINE));
    b.append(
        String.format(
            Locale.ROOT,
            "CPU geomean  %.3fx (target <= %.2fx)%n",
            summary.cpuGeomean(),
            TARGET_CPU));
    b.append(
        String.format(
            Locale.ROOT,
            "layers       %.3fx (target <= %.2fx): wall with the agent and the JVM and OS layers over"
                + " the agent alone, without the fine-grained programs%n",
            summary.layersGeomean(),
            TARGET_LAYERS));
    b.append(
        steady
            ? "WALL and CPU: per call of main() at steady state (process CPU: every thread);"
            : "WALL and CPU: from main() to exit;");
    b.append(
        " ON, +LAYERS and RATIO: agent, GC log, wait samples and"
            + " /proc sampling on (what forkscope profile runs) vs off; LAYERS: that over the agent"
            + " alone; L. BOUND: the CPU time of the layers' own threads (the wait sampler, the /proc"
            + " sampler) over the program's wall time, the most they can add to it;"
            + " PROC: the whole child process, JVM start-up and agent loading included\n");
    return b.toString();
  }
}
