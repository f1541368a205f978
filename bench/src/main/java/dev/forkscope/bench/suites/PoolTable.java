package dev.forkscope.bench.suites;

import dev.forkscope.bench.Measurement;
import java.util.Locale;
import java.util.Map;

/** The plain-text table printed after a suite. */
final class PoolTable {
  private PoolTable() {}

  static String render(PoolReport report) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "forkscope bench %s  (%s, %d cpus%s)%n",
            report.suite(),
            report.jdk(),
            report.cpus(),
            report.quick() ? ", quick" : ""));
    out.append(
        String.format(
            Locale.ROOT,
            "%-24s %-33s %3s %10s %10s %7s %5s %8s %8s  %s%n",
            "benchmark",
            "variant",
            "thr",
            "wall ms",
            "cpu ms",
            "speedup",
            "util",
            "wall/FJP",
            "cpu/FJP",
            "notes"));
    for (Measurement r : report.results()) {
      out.append(
          String.format(
              Locale.ROOT,
              "%-24s %-33s %3d %10.2f %10.2f %7s %5.2f %8s %8s  %s%n",
              r.benchmark(),
              r.variant(),
              r.threads(),
              r.wallMsMedian(),
              r.cpuMsMedian(),
              ratio(r.speedup()),
              r.cpuUtil(),
              ratio(r.ratioToFjp()),
              ratio(r.cpuRatioToFjp()),
              notes(r.extra())));
    }
    if (!report.targets().isEmpty()) {
      out.append(
          String.format(
              "%ntargets (docs/bench.md, measured figures and targets; ratios against ForkJoinPool in this run):%n"));
      for (Target t : report.targets()) {
        out.append(
            String.format(
                Locale.ROOT,
                "  [%-4s] %-16s %-62s measured %s%n",
                t.verdict(),
                t.id(),
                t.description(),
                t.measured()));
      }
    }
    out.append(
        String.format(
            "energy: %s%n",
            report.energyReadable()
                ? "RAPL, joules per run in the JSON"
                : "n/a (RAPL counters not readable here); CPU time is the proxy"));
    return out.toString();
  }

  private static String ratio(Double value) {
    return value == null || !Double.isFinite(value)
        ? "-"
        : String.format(Locale.ROOT, "%.2f", value);
  }

  private static String notes(Map<String, Object> extra) {
    StringBuilder s = new StringBuilder();
    extra.forEach(
        (k, v) -> {
          if (s.length() > 0) {
            s.append(' ');
          }
          s.append(k).append('=');
          s.append(
              v instanceof Double
                  ? String.format(Locale.ROOT, "%.3g", (Double) v)
                  : String.valueOf(v));
        });
    return s.toString();
  }
}
