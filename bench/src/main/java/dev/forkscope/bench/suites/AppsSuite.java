package dev.forkscope.bench.suites;

import static dev.forkscope.bench.suites.AppRunner.TIMED_ITERATIONS;
import static dev.forkscope.bench.suites.AppRunner.WARMUPS;

import dev.forkscope.agent.contract.AgentOptions;
import dev.forkscope.bench.Harness;
import dev.forkscope.bench.Result;
import dev.forkscope.bench.Stats;
import dev.forkscope.bench.Suite;
import dev.forkscope.bench.suites.AppCatalogue.App;
import dev.forkscope.bench.suites.AppCatalogue.Optimization;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.SiteProfile;
import dev.forkscope.profile.TaskClassProfile;
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
 * Suite {@code apps}: the profiler on real applications, as tgp was judged (Rosà et al. (2019),
 * §8–11). Each application runs in child JVMs driven by a harness of module {@code apps} ({@code
 * AppMain}) on inputs it generates: without the agent, with the agent as {@code forkscope profile
 * --contexts} runs it (sampled CPU time, calling contexts, the JVM and OS layers), and with one
 * change made in the harness's configuration: the one the profile points at, or, where it points at
 * none, the one tgp made to the 2019 version, so that "ok" is checked against a measurement. The
 * order of the variants rotates every repetition, so that drift on a shared machine hits each
 * alike, and ratios are paired by repetition.
 *
 * <p>Reported per application: wall and CPU time of the measured iterations (medians, spread), the
 * agent's overhead (median of the paired ratios), the verdicts of the last profiled run with their
 * why and calling context, the exact counts the application knows checked against the trace
 * (without aggregation, which folds nested tasks), and the speedup of the change (geometric mean of
 * the paired ratios with its 95 % confidence interval). A count that does not match is a failed
 * check: a bug in the agent or the analysis, never a tolerance.
 *
 * <p>The applications are listed in {@link AppCatalogue}, {@link AppRunner} runs them and {@link
 * AppsTable} prints the table.
 */
final class AppsSuite implements Suite {

  /** Overhead targets (tgp: 1.05x on average, 1.41x at worst). */
  static final double TARGET_WALL_GEOMEAN = 1.05;

  static final double TARGET_WALL_WORST = 1.30;
  static final double TARGET_CPU_GEOMEAN = 1.10;

  /** What {@code forkscope profile --contexts} runs. */
  private static final AgentOptions AGENT_OPTIONS =
      AgentOptions.defaults().withCpu(AgentOptions.Cpu.SAMPLED).withContexts(true);

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
        + String.join(", ", AppCatalogue.APPS.stream().map(App::name).toList())
        + "): overhead, verdicts, exact counts and the speedup of the change the profile names";
  }

  @Override
  public Outcome run(Context context) throws Exception {
    List<App> chosen = AppCatalogue.choose(context.only());
    String classpath = AppsBuild.classpath(context.progress());
    Path work = AppsBuild.moduleDir().resolve("target/bench");
    Files.createDirectories(work);
    int threads = context.maxThreads();
    AppRunner runner = new AppRunner(classpath, work, threads, context.quick(), AGENT_OPTIONS);
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
                      return runner.run(app, variant, trace);
                    });
      } catch (AppRunner.AppFailed e) {
        failed.add(e.getMessage()); // the other applications still run
        continue;
      }
      context.progress().accept(app.name() + ": reading the trace");
      measured.add(runner.analyze(app, samples, trace));
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
    StringBuilder table =
        new StringBuilder(AppsTable.render(measured, repetitions, AGENT_OPTIONS.format()));
    failed.forEach(f -> table.append(f).append('\n'));
    return new Outcome(
        "apps", rows(measured, threads), failedChecks, summary(measured), table.toString(), null);
  }

  /** The classes to show: the first few by total time, then those the checks and change name. */
  static List<TaskClassProfile> shown(Measured m) {
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

  static Map<String, Object> summary(List<Measured> measured) {
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
}
