package dev.forkscope.bench.suites;

import dev.forkscope.bench.Measurement;
import dev.forkscope.bench.Result;
import dev.forkscope.bench.Suite;
import dev.forkscope.bench.SvgChart;
import dev.forkscope.bench.kernels.ForkJoinPoolDialect;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the pool suites ({@code runtime}, {@code idle}) conclude from their measurements: speedups
 * and ratios against ForkJoinPool from the same run, the runtime's targets (docs/bench.md), the
 * chart and their own table; {@link #outcome()} turns it into the framework's rows.
 */
final class PoolReport {
  private final String suite;
  private final String jdk;
  private final int cpus;
  private final boolean quick;
  private final boolean energyReadable;
  private final List<Measurement> results;
  private final List<Target> targets;

  PoolReport(
      String suite,
      boolean quick,
      boolean energyReadable,
      List<Measurement> measured,
      java.util.function.Function<List<Measurement>, List<Target>> targets) {
    this.suite = suite;
    this.jdk = System.getProperty("java.vendor") + " " + Runtime.version();
    this.cpus = Runtime.getRuntime().availableProcessors();
    this.quick = quick;
    this.energyReadable = energyReadable;
    this.results = withRatios(measured);
    this.targets = List.copyOf(targets.apply(this.results));
  }

  /**
   * Speedup against the same benchmark and variant at one thread; wall and CPU ratios against the
   * ForkJoinPool row of the same benchmark and thread count.
   */
  static List<Measurement> withRatios(List<Measurement> measured) {
    Map<String, Measurement> byKey = new HashMap<>();
    for (Measurement r : measured) {
      byKey.put(key(r.benchmark(), r.variant(), r.threads()), r);
    }
    List<Measurement> out = new ArrayList<>(measured.size());
    for (Measurement r : measured) {
      Measurement one = byKey.get(key(r.benchmark(), r.variant(), 1));
      Measurement fjp = byKey.get(key(r.benchmark(), ForkJoinPoolDialect.VARIANT, r.threads()));
      Double speedup =
          one == null || r.wallMsMedian() <= 0 ? null : one.wallMsMedian() / r.wallMsMedian();
      boolean compare = fjp != null && fjp != r;
      Double wallRatio =
          compare && fjp.wallMsMedian() > 0 ? r.wallMsMedian() / fjp.wallMsMedian() : null;
      Double cpuRatio =
          compare && fjp.cpuMsMedian() > 0 ? r.cpuMsMedian() / fjp.cpuMsMedian() : null;
      out.add(r.withRatios(speedup, wallRatio, cpuRatio));
    }
    return List.copyOf(out);
  }

  private static String key(String benchmark, String variant, int threads) {
    return benchmark + '\u0000' + variant + '\u0000' + threads;
  }

  String suite() {
    return suite;
  }

  String jdk() {
    return jdk;
  }

  int cpus() {
    return cpus;
  }

  boolean quick() {
    return quick;
  }

  /** Whether RAPL energy counters could be read; when not, energy is reported as "n/a". */
  boolean energyReadable() {
    return energyReadable;
  }

  List<Measurement> results() {
    return results;
  }

  List<Target> targets() {
    return targets;
  }

  /** Targets that were measured and missed. */
  List<Target> failedTargets() {
    return targets.stream().filter(t -> Boolean.FALSE.equals(t.passed())).toList();
  }

  /**
   * The JSON fields of a row after the contracted six ({@code benchmark, variant, threads,
   * wallMsMedian, cpuMsMedian, ops}), in order: speedup, cpuUtil, ratioToFjp, cpuRatioToFjp,
   * counters, energy (joules, or "n/a"), then the probe's own figures. Non-finite numbers are null.
   */
  static Map<String, Object> fields(Measurement r) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("speedup", finite(r.speedup()));
    fields.put("cpuUtil", finite(r.cpuUtil()));
    fields.put("ratioToFjp", finite(r.ratioToFjp()));
    fields.put("cpuRatioToFjp", finite(r.cpuRatioToFjp()));
    fields.put("counters", new TreeMap<>(r.counters()));
    fields.put("energy", r.energyJoules() == null ? "n/a" : finite(r.energyJoules()));
    r.extra().forEach((k, v) -> fields.put(k, v instanceof Double ? finite((Double) v) : v));
    return fields;
  }

  private static Double finite(Double v) {
    return v == null || !Double.isFinite(v) ? null : v;
  }

  /** Top-level JSON fields beyond the rows: quick, energySource and the targets with verdicts. */
  Map<String, Object> summary() {
    List<Map<String, Object>> list = new ArrayList<>();
    for (Target t : targets) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", t.id());
      m.put("description", t.description());
      m.put("measured", t.measured());
      m.put("verdict", t.verdict());
      list.add(m);
    }
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("quick", quick);
    summary.put("energySource", energyReadable ? "rapl" : "n/a");
    summary.put("targets", list);
    return summary;
  }

  /** Thread counts by default: 1 and the CPU count, so that speedups can be computed. */
  static List<Integer> defaultThreads() {
    int cpus = Runtime.getRuntime().availableProcessors();
    return cpus == 1 ? List.of(1) : List.of(1, cpus);
  }

  /** The report as the suite's outcome: one row per measurement, its ratios as extra figures. */
  Suite.Outcome outcome() {
    List<Result> rows =
        results.stream()
            .map(
                r ->
                    new Result(
                        r.benchmark(),
                        r.variant(),
                        r.threads(),
                        r.wallMsMedian(),
                        r.cpuMsMedian(),
                        r.ops(),
                        fields(r)))
            .toList();
    List<String> failed =
        failedTargets().stream()
            .map(t -> t.id() + ": " + t.description() + " (measured " + t.measured() + ")")
            .toList();
    return new Suite.Outcome(suite, rows, failed, summary(), table(), svg());
  }

  /**
   * The chart as a self-contained SVG document, at the highest thread count: speedup over one
   * worker, and CPU per operation relative to ForkJoinPool (1.0 = the same CPU; lower is better).
   */
  String svg() {
    int maxThreads = results.stream().mapToInt(Measurement::threads).max().orElse(1);
    List<Measurement> rows =
        results.stream()
            .filter(r -> r.threads() == maxThreads && r.ops() > 0 && r.isKernel())
            .toList();
    SvgChart.Panel speedup =
        new SvgChart.Panel(
            "Speedup over 1 worker at " + maxThreads + " threads (higher is better)",
            maxThreads,
            "no 1-thread rows: speedups need 1 in --threads (runtime suite)",
            bars(rows, Measurement::speedup));
    SvgChart.Panel cpu =
        new SvgChart.Panel(
            "CPU per operation relative to ForkJoinPool at "
                + maxThreads
                + " threads (lower is better)",
            1,
            "no forkjoinpool rows",
            bars(
                rows,
                r ->
                    r.variant().equals(ForkJoinPoolDialect.VARIANT)
                        ? Double.valueOf(1.0)
                        : r.cpuRatioToFjp()));
    return SvgChart.render(
        "forkscope bench " + suite + " (" + jdk + ", " + cpus + " cpus)", List.of(speedup, cpu));
  }

  private static List<SvgChart.Bar> bars(
      List<Measurement> rows, java.util.function.Function<Measurement, Double> value) {
    return rows.stream()
        .map(r -> new SvgChart.Bar(r.benchmark(), r.variant(), value.apply(r)))
        .toList();
  }

  /** The text table: one line per row with its ratios to ForkJoinPool, then the targets. */
  String table() {
    return PoolTable.render(this);
  }
}
