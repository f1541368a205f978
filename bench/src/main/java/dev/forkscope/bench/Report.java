package dev.forkscope.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The outcome of one suite: its rows, with speedups and ratios against ForkJoinPool filled in from
 * the same run, and its targets.
 */
public final class Report {
  private final String suite;
  private final String jdk;
  private final int cpus;
  private final boolean quick;
  private final boolean energyReadable;
  private final List<Result> results;
  private final List<Target> targets;

  Report(
      String suite,
      boolean quick,
      boolean energyReadable,
      List<Result> measured,
      java.util.function.Function<List<Result>, List<Target>> targets) {
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
  static List<Result> withRatios(List<Result> measured) {
    Map<String, Result> byKey = new HashMap<>();
    for (Result r : measured) {
      byKey.put(key(r.benchmark(), r.variant(), r.threads()), r);
    }
    List<Result> out = new ArrayList<>(measured.size());
    for (Result r : measured) {
      Result one = byKey.get(key(r.benchmark(), r.variant(), 1));
      Result fjp = byKey.get(key(r.benchmark(), ForkJoinPoolDialect.VARIANT, r.threads()));
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

  public String suite() {
    return suite;
  }

  public String jdk() {
    return jdk;
  }

  public int cpus() {
    return cpus;
  }

  public boolean quick() {
    return quick;
  }

  /** Whether RAPL energy counters could be read; when not, energy is reported as "n/a". */
  public boolean energyReadable() {
    return energyReadable;
  }

  public List<Result> results() {
    return results;
  }

  public List<Target> targets() {
    return targets;
  }

  /** Targets that were measured and missed. */
  public List<Target> failedTargets() {
    return targets.stream().filter(t -> Boolean.FALSE.equals(t.passed())).toList();
  }

  /**
   * The JSON fields of a row after the contracted six ({@code benchmark, variant, threads,
   * wallMsMedian, cpuMsMedian, ops}), in order: speedup, cpuUtil, ratioToFjp, cpuRatioToFjp,
   * counters, energy (joules, or "n/a"), then the probe's own figures. Non-finite numbers are null.
   */
  public static Map<String, Object> fields(Result r) {
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
  public Map<String, Object> summary() {
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

  /** The report as JSON (see {@link JsonReport}). */
  public String json() {
    return JsonReport.render(this);
  }

  /** The speedup and CPU-per-operation chart as a self-contained SVG document. */
  public String svg() {
    return SvgChart.render(this);
  }

  /** The text table: one line per row with its ratios to ForkJoinPool, then the targets. */
  public String table() {
    return TextTable.render(this);
  }
}
