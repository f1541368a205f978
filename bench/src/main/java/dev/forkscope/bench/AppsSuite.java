package dev.forkscope.bench;

import dev.forkscope.agent.contract.AgentOptions;
import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.ProfilerAgent;
import dev.forkscope.profile.SiteProfile;
import dev.forkscope.profile.TaskClassProfile;
import dev.forkscope.profile.Verdict;
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
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * Suite {@code apps}: the profiler on real applications, as tgp was judged (seed 003 §8–11). Each
 * application runs in child JVMs driven by a harness of module {@code apps} ({@code AppMain}) on
 * inputs it generates: without the agent, with the agent as {@code forkscope profile --contexts}
 * runs it (sampled CPU time, calling contexts, the JVM and OS layers), and with one change made in
 * the harness's configuration: the one the profile points at, or, where it points at none, the one
 * tgp made to the 2019 version, so that "ok" is checked against a measurement. The order of the
 * variants rotates every repetition, so that drift on a shared machine hits each alike, and ratios
 * are paired by repetition.
 *
 * <p>Reported per application: wall and CPU time of the measured iterations (medians, spread), the
 * agent's overhead (median of the paired ratios), the verdicts of the last profiled run with their
 * why and calling context, the exact counts the application knows checked against the trace
 * (without aggregation, which folds nested tasks), and the speedup of the change (geometric mean of
 * the paired ratios with its 95 % confidence interval). A count that does not match is a failed
 * check: a bug in the agent or the analysis, never a tolerance.
 */
final class AppsSuite implements Suite {

  /** Overhead targets (tgp: 1.05x on average, 1.41x at worst). */
  static final double TARGET_WALL_GEOMEAN = 1.05;

  static final double TARGET_WALL_WORST = 1.30;
  static final double TARGET_CPU_GEOMEAN = 1.10;

  /** What {@code forkscope profile --contexts} runs. */
  private static final AgentOptions AGENT_OPTIONS =
      AgentOptions.defaults().withCpu(AgentOptions.Cpu.SAMPLED).withContexts(true);

  private static final String MAIN = "dev.forkscope.apps.AppMain";

  /** Figures of a run: its warm-up iterations and its timed ones (the time is one's mean). */
  private static final String WARMUPS = "warmups";

  private static final String TIMED_ITERATIONS = "timedIterations";

  /** Verdict rows per application beside the classes its checks and change name. */
  private static final int TOP_CLASSES = 4;

  enum Variant {
    OFF("agent-off"),
    ON("agent-on"),
    OPTIMIZED("optimized");

    final String label;

    Variant(String label) {
      this.label = label;
    }
  }

  /**
   * One application.
   *
   * @param name its name on the command line and in the JSON
   * @param description one line
   * @param full the harness's settings for a full run
   * @param quick the harness's settings for {@code --quick}
   * @param optimization the change to measure: the one the profile points at, or, where it points
   *     at none, the one tgp made to the 2019 version
   */
  record App(
      String name,
      String description,
      List<String> full,
      List<String> quick,
      Optimization optimization,
      List<String> jvmOptions) {

    App(
        String name,
        String description,
        List<String> full,
        List<String> quick,
        Optimization optimization) {
      this(name, description, full, quick, optimization, List.of());
    }
  }

  /** What Spark's own launcher opens to it on JDK 17 and later ({@code JavaModuleOptions}). */
  private static final List<String> SPARK_OPENS =
      java.util.stream.Stream.of(
              "java.lang",
              "java.lang.invoke",
              "java.lang.reflect",
              "java.io",
              "java.net",
              "java.nio",
              "java.util",
              "java.util.concurrent",
              "java.util.concurrent.atomic",
              "sun.nio.ch",
              "sun.nio.cs",
              "sun.security.action",
              "sun.util.calendar")
          .map(p -> "--add-opens=java.base/" + p + "=ALL-UNNAMED")
          .toList();

  /**
   * A change made in the harness's configuration.
   *
   * @param change what changes, for the report
   * @param taskClass the class whose verdict points at it
   * @param expected that verdict
   */
  record Optimization(String change, String taskClass, Verdict.Kind expected) {}

  /**
   * The applications. A full run measures steady state, as tgp did (seed 003 §8.1: warm-up
   * iterations until the JIT and the GC have settled, a count per benchmark in its Table 7): the
   * applications whose iterations last less than a second (h2, pekko) warm up for five and time
   * iterations until a second has passed, lucene warms up for two; pmd's and spark's iterations
   * last seconds, one warm-up each.
   */
  static final List<App> APPS =
      List.of(
          new App(
              "pmd",
              "PMD 7 checks generated Java sources with its quick-start rules, one task per file",
              List.of("files=200"),
              List.of("files=40", "warmups=0"),
              new Optimization(
                  "one group of files per thread, each checked by a PMD analysis of its own"
                      + " (tgp's change to pmd)",
                  "net.sourceforge.pmd.lang.impl.MultiThreadProcessor$1",
                  Verdict.Kind.FINE)),
          new App(
              "lucene",
              "Lucene 9 answers term and Boolean queries from query threads through a searcher"
                  + " with an executor",
              List.of("docs=20000", "queries=20000", "warmups=2"),
              List.of("docs=5000", "queries=4000", "warmups=0"),
              new Optimization(
                  "one query thread per CPU, and a searcher without an executor",
                  "dev.forkscope.apps.LuceneWorkload$QueryThread",
                  Verdict.Kind.COARSE)),
          new App(
              "h2",
              "H2 runs bank transfers, one task per transaction, on a fixed thread pool",
              List.of("transactions=20000", "warmups=5", "measureMs=1000"),
              List.of("transactions=4000", "warmups=0"),
              new Optimization(
                  "64 transfers per task",
                  "dev.forkscope.apps.H2Workload$Transfer",
                  Verdict.Kind.FINE)),
          new App(
              "pekko",
              "Pekko actors bounce small messages in pairs on the default dispatcher",
              List.of("pairs=64", "messages=20000", "warmups=5", "measureMs=1000"),
              List.of("pairs=16", "messages=10000", "warmups=0"),
              new Optimization(
                  "dispatcher throughput 100 instead of 5 (more messages per mailbox run)",
                  "org.apache.pekko.dispatch.Dispatcher$$anon$1",
                  Verdict.Kind.FINE)),
          new App(
              "spark",
              "Spark 3.5 in local mode runs MLlib's ChiSquare and KMeans of Spark Perf on one"
                  + " partition",
              List.of("rows=300000"),
              // one warm-up even when quick: a cold run is mostly C2 compiling Spark on the
              // second CPU, which no partition count can use
              List.of("rows=100000"),
              new Optimization(
                  "one partition per thread instead of 1",
                  "org.apache.spark.executor.Executor$TaskRunner",
                  Verdict.Kind.COARSE),
              SPARK_OPENS));

  /** A count the application knows and the trace's count. */
  record ExactCheck(String name, String taskClass, long expected, long recorded) {
    boolean exact() {
      return expected == recorded;
    }
  }

  /** Everything measured and concluded for one application. */
  record Measured(
      App app,
      Map<Variant, List<Harness.Sample>> samples,
      Profile profile,
      List<ExactCheck> checks,
      Path trace) {

    double ratio(Variant num, Variant den, ToLongFunction<Harness.Sample> figure) {
      return Stats.median(ratios(num, den, figure));
    }

    double[] ratios(Variant num, Variant den, ToLongFunction<Harness.Sample> figure) {
      List<Harness.Sample> n = samples.get(num);
      List<Harness.Sample> d = samples.get(den);
      double[] out = new double[d.size()];
      for (int i = 0; i < out.length; i++) {
        out[i] = (double) figure.applyAsLong(n.get(i)) / figure.applyAsLong(d.get(i));
      }
      return out;
    }

    Optional<TaskClassProfile> taskClass(String name) {
      return profile.taskClasses().stream().filter(c -> c.taskClass().equals(name)).findFirst();
    }

    /** Whether the profile's verdict on the change's class is the one that points at it. */
    boolean guided() {
      Optimization o = app.optimization();
      return taskClass(o.taskClass()).map(c -> c.verdict().kind() == o.expected()).orElse(false);
    }

    /** Speedup: the geometric mean of the paired ratios original over optimized. */
    double speedup() {
      return Stats.geometricMean(
          java.util.Arrays.stream(ratios(Variant.OFF, Variant.OPTIMIZED, Harness.Sample::wallNs))
              .boxed()
              .toList());
    }

    double[] ci95() {
      return Stats.ci95OfGeometricMean(
          ratios(Variant.OFF, Variant.OPTIMIZED, Harness.Sample::wallNs));
    }
  }

  @Override
  public String name() {
    return "apps";
  }

  @Override
  public String description() {
    return "the profiler on real applications ("
        + String.join(", ", APPS.stream().map(App::name).toList())
        + "): overhead, verdicts, exact counts and the speedup of the change the profile names";
  }

  @Override
  public Outcome run(Context context) throws Exception {
    List<App> chosen = choose(context.only());
    String classpath = AppsBuild.classpath(context.progress());
    Path work = AppsBuild.moduleDir().resolve("target/bench");
    Files.createDirectories(work);
    int threads = context.maxThreads();
    List<Measured> measured = new ArrayList<>();
    int total = chosen.size() * Variant.values().length * context.repeat();
    int[] done = {0};
    List<String> failed = new ArrayList<>();
    for (App app : chosen) {
      Path trace = work.resolve(app.name()).resolve("trace");
      Map<Variant, List<Harness.Sample>> samples;
      try {
        samples =
            Harness.rotating(
                List.of(Variant.values()),
                context.repeat(),
                variant ->
                    () -> {
                      context.step(++done[0], total, app.name(), variant.label);
                      return runOnce(
                          app, variant, context.quick(), threads, classpath, work, trace);
                    });
      } catch (AppFailed e) {
        failed.add(e.getMessage()); // the other applications still run
        continue;
      }
      context.progress().accept(app.name() + ": reading the trace");
      measured.add(analyze(app, samples, trace));
    }
    return outcome(measured, failed, threads, context.repeat());
  }

  /**
   * The suite's outcome from what was measured: rows, failed checks, summary and table.
   *
   * @param failed one line per application that failed to run
   */
  static Outcome outcome(
      List<Measured> measured, List<String> failed, int threads, int repetitions) {
    List<String> failedChecks = new ArrayList<>(failed);
    failedChecks.addAll(failedChecks(measured));
    StringBuilder table = new StringBuilder(table(measured, repetitions));
    failed.forEach(f -> table.append(f).append('\n'));
    return new Outcome(
        "apps", rows(measured, threads), failedChecks, summary(measured), table.toString(), null);
  }

  /** An application's JVM failed: its name, variant and where its output is, in one line. */
  static final class AppFailed extends IOException {
    AppFailed(String message) {
      super(message);
    }
  }

  static List<App> choose(List<String> names) {
    if (names.isEmpty()) {
      return APPS;
    }
    List<App> chosen = new ArrayList<>();
    for (String name : names) {
      chosen.add(
          APPS.stream()
              .filter(a -> a.name().equals(name))
              .findFirst()
              .orElseThrow(
                  () ->
                      new BenchInputException(
                          "unknown app '"
                              + name
                              + "'; known apps: "
                              + String.join(", ", APPS.stream().map(App::name).toList()))));
    }
    return chosen;
  }

  /** The harness's output of the last run of each application with the agent: its checks. */
  private final Map<String, List<String>> checkLines = new LinkedHashMap<>();

  private Harness.Sample runOnce(
      App app, Variant variant, boolean quick, int threads, String classpath, Path work, Path trace)
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
      argv = ProfilerAgent.command(argv, trace, AGENT_OPTIONS, ProfilerAgent.Layering.SAMPLED);
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

  private Measured analyze(App app, Map<Variant, List<Harness.Sample>> samples, Path traceDir)
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

  /** The classes to show: the first few by total time, then those the checks and change name. */
  private static List<TaskClassProfile> shown(Measured m) {
    List<TaskClassProfile> out = new ArrayList<>();
    List<TaskClassProfile> all = m.profile().taskClasses();
    out.addAll(all.subList(0, Math.min(TOP_CLASSES, all.size())));
    List<String> named = new ArrayList<>();
    m.checks().forEach(c -> named.add(c.taskClass()));
    named.add(m.app().optimization().taskClass());
    for (String n : named) {
      m.taskClass(n).filter(c -> !out.contains(c)).ifPresent(out::add);
    }
    return out;
  }

  private static Map<String, Object> verdictRow(TaskClassProfile c) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("class", c.taskClass());
    row.put("executions", c.executions());
    row.put("medianNs", c.granularity().median());
    row.put("totalNs", c.granularity().total());
    row.put("verdict", c.verdict().kind().name().toLowerCase(Locale.ROOT));
    row.put("why", c.verdict().why());
    SiteProfile site = c.topSite();
    row.put("site", site == null ? null : site.kind() + " at " + site.site());
    return row;
  }

  private static List<Result> rows(List<Measured> measured, int threads) {
    List<Result> rows = new ArrayList<>();
    for (Measured m : measured) {
      List<Harness.Sample> off = m.samples().get(Variant.OFF);
      List<Harness.Sample> on = m.samples().get(Variant.ON);
      Map<String, Object> offExtra = new LinkedHashMap<>();
      offExtra.put("repetitions", off.size());
      iterations(off, offExtra);
      offExtra.put(Harness.SPREAD, Harness.spreadPct(off));
      rows.add(row(m, Variant.OFF, threads, offExtra));

      Map<String, Object> onExtra = new LinkedHashMap<>();
      onExtra.put("repetitions", on.size());
      iterations(on, onExtra);
      onExtra.put(Harness.SPREAD, Harness.spreadPct(on));
      onExtra.put("wallRatio", m.ratio(Variant.ON, Variant.OFF, Harness.Sample::wallNs));
      onExtra.put("cpuRatio", m.ratio(Variant.ON, Variant.OFF, Harness.Sample::cpuNs));
      onExtra.put("recordsDropped", m.profile().meta().dropped());
      onExtra.put("verdicts", shown(m).stream().map(AppsSuite::verdictRow).toList());
      List<Map<String, Object>> checks = new ArrayList<>();
      for (ExactCheck c : m.checks()) {
        Map<String, Object> check = new LinkedHashMap<>();
        check.put("name", c.name());
        check.put("class", c.taskClass());
        check.put("expected", c.expected());
        check.put("recorded", c.recorded());
        check.put("exact", c.exact());
        checks.add(check);
      }
      onExtra.put("exactChecks", checks);
      onExtra.put("trace", m.trace().toString());
      rows.add(row(m, Variant.ON, threads, onExtra));

      Optimization o = m.app().optimization();
      Map<String, Object> optExtra = new LinkedHashMap<>();
      optExtra.put("repetitions", m.samples().get(Variant.OPTIMIZED).size());
      iterations(m.samples().get(Variant.OPTIMIZED), optExtra);
      optExtra.put("change", o.change());
      optExtra.put("speedup", m.speedup());
      double[] ci = m.ci95();
      optExtra.put("ci95", ci == null ? null : List.of(ci[0], ci[1]));
      optExtra.put("guidedBy", o.taskClass() + " " + o.expected().name().toLowerCase(Locale.ROOT));
      optExtra.put("guided", m.guided());
      rows.add(row(m, Variant.OPTIMIZED, threads, optExtra));
    }
    return rows;
  }

  /** The warm-up and timed iterations of each run (the median; the runs' own, when told). */
  private static void iterations(List<Harness.Sample> samples, Map<String, Object> extra) {
    if (samples.stream().allMatch(s -> s.figures().containsKey(TIMED_ITERATIONS))) {
      extra.put(WARMUPS, Math.round(Harness.median(samples, WARMUPS)));
      extra.put(TIMED_ITERATIONS, Math.round(Harness.median(samples, TIMED_ITERATIONS)));
    }
  }

  private static Result row(Measured m, Variant v, int threads, Map<String, Object> extra) {
    List<Harness.Sample> s = m.samples().get(v);
    return new Result(
        m.app().name(),
        v.label,
        threads,
        Harness.medianWallMs(s),
        Harness.medianCpuMs(s),
        1,
        extra);
  }

  private static List<String> failedChecks(List<Measured> measured) {
    List<String> failed = new ArrayList<>();
    for (Measured m : measured) {
      for (ExactCheck c : m.checks()) {
        if (!c.exact()) {
          failed.add(
              String.format(
                  Locale.ROOT,
                  "%s: %s: %,d executions of %s expected, %,d recorded",
                  m.app().name(),
                  c.name(),
                  c.expected(),
                  c.taskClass(),
                  c.recorded()));
        }
      }
    }
    if (measured.isEmpty()) {
      return failed;
    }
    Map<String, Object> s = summary(measured);
    target(failed, "overhead wall geomean", (double) s.get("wallGeomean"), TARGET_WALL_GEOMEAN);
    target(failed, "overhead wall worst", (double) s.get("wallWorst"), TARGET_WALL_WORST);
    target(failed, "overhead CPU geomean", (double) s.get("cpuGeomean"), TARGET_CPU_GEOMEAN);
    return failed;
  }

  private static void target(List<String> failed, String what, double ratio, double target) {
    if (!(ratio <= target)) {
      failed.add(String.format(Locale.ROOT, "%s %.3fx > target %.2fx", what, ratio, target));
    }
  }

  private static Map<String, Object> summary(List<Measured> measured) {
    List<Double> wall = new ArrayList<>();
    List<Double> cpu = new ArrayList<>();
    long confident = 0;
    for (Measured m : measured) {
      wall.add(m.ratio(Variant.ON, Variant.OFF, Harness.Sample::wallNs));
      cpu.add(m.ratio(Variant.ON, Variant.OFF, Harness.Sample::cpuNs));
      if (m.ci95() != null && m.ci95()[0] > 1) {
        confident++;
      }
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("wallGeomean", wall.isEmpty() ? Double.NaN : Stats.geometricMean(wall));
    fields.put(
        "wallWorst", wall.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN));
    fields.put("cpuGeomean", cpu.isEmpty() ? Double.NaN : Stats.geometricMean(cpu));
    fields.put("optimizationsAboveOne", confident);
    Map<String, Object> targets = new LinkedHashMap<>();
    targets.put("wallGeomean", TARGET_WALL_GEOMEAN);
    targets.put("wallWorst", TARGET_WALL_WORST);
    targets.put("cpuGeomean", TARGET_CPU_GEOMEAN);
    fields.put("targets", targets);
    return fields;
  }

  private static String table(List<Measured> measured, int repetitions) {
    StringBuilder b = new StringBuilder();
    b.append(
        String.format(
            Locale.ROOT,
            "%d repetitions per variant, agent options %s with the JVM and OS layers%n",
            repetitions,
            AGENT_OPTIONS.format()));
    for (Measured m : measured) {
      List<Harness.Sample> off = m.samples().get(Variant.OFF);
      List<Harness.Sample> on = m.samples().get(Variant.ON);
      b.append(String.format(Locale.ROOT, "%n%s: %s%n", m.app().name(), m.app().description()));
      if (on.stream().allMatch(s -> s.figures().containsKey(TIMED_ITERATIONS))) {
        b.append(
            String.format(
                Locale.ROOT,
                "  per iteration, after %.0f warm-up iterations; %.0f timed iterations a run%n",
                Harness.median(on, WARMUPS),
                Harness.median(on, TIMED_ITERATIONS)));
      }
      b.append(
          String.format(
              Locale.ROOT,
              "  wall  %9.1f ms off, %9.1f ms on: %.3fx   CPU %9.1f ms off, %9.1f ms on: %.3fx"
                  + "   spread %.0f%% / %.0f%%%n",
              Harness.medianWallMs(off),
              Harness.medianWallMs(on),
              m.ratio(Variant.ON, Variant.OFF, Harness.Sample::wallNs),
              Harness.medianCpuMs(off),
              Harness.medianCpuMs(on),
              m.ratio(Variant.ON, Variant.OFF, Harness.Sample::cpuNs),
              Harness.spreadPct(off),
              Harness.spreadPct(on)));
      for (TaskClassProfile c : shown(m)) {
        b.append(
            String.format(
                Locale.ROOT,
                "  %-62s %,10d  %-6s %s%n",
                c.taskClass(),
                c.executions(),
                c.verdict().kind().name().toLowerCase(Locale.ROOT),
                c.verdict().why()));
        SiteProfile site = c.topSite();
        if (site != null) {
          b.append("      ").append(site.kind()).append(" at ").append(site.site()).append('\n');
        }
      }
      for (ExactCheck c : m.checks()) {
        b.append(
            String.format(
                Locale.ROOT,
                "  exact: %s: %,d expected, %,d recorded: %s%n",
                c.name(),
                c.expected(),
                c.recorded(),
                c.exact() ? "exact" : "MISMATCH"));
      }
      Optimization o = m.app().optimization();
      double[] ci = m.ci95();
      b.append(
          String.format(
              Locale.ROOT,
              "  optimized (%s): %.1f ms, speedup %.3fx, 95%% CI %s; %s%n",
              o.change(),
              Harness.medianWallMs(m.samples().get(Variant.OPTIMIZED)),
              m.speedup(),
              ci == null
                  ? "n/a (one repetition)"
                  : String.format(Locale.ROOT, "[%.3f, %.3f]", ci[0], ci[1]),
              m.guided()
                  ? "the profile points at it ("
                      + o.expected().name().toLowerCase(Locale.ROOT)
                      + ")"
                  : "the profile does not point at it"));
      b.append("  trace: ").append(m.trace()).append(" (forkscope report DIR makes its page)\n");
    }
    Map<String, Object> s = summary(measured);
    b.append(
        String.format(
            Locale.ROOT,
            "%noverhead: wall geomean %.3fx (target <= %.2fx), worst %.3fx (<= %.2fx), CPU geomean"
                + " %.3fx (<= %.2fx); optimizations with a 95%% CI above 1: %d%n",
            s.get("wallGeomean"),
            TARGET_WALL_GEOMEAN,
            s.get("wallWorst"),
            TARGET_WALL_WORST,
            s.get("cpuGeomean"),
            TARGET_CPU_GEOMEAN,
            s.get("optimizationsAboveOne")));
    return b.toString();
  }
}
