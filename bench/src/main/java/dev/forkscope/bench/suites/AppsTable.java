package dev.forkscope.bench.suites;

import static dev.forkscope.bench.suites.AppRunner.TIMED_ITERATIONS;
import static dev.forkscope.bench.suites.AppRunner.WARMUPS;
import static dev.forkscope.bench.suites.AppsSuite.TARGET_CPU_GEOMEAN;
import static dev.forkscope.bench.suites.AppsSuite.TARGET_WALL_GEOMEAN;
import static dev.forkscope.bench.suites.AppsSuite.TARGET_WALL_WORST;

import dev.forkscope.bench.Harness;
import dev.forkscope.bench.suites.AppCatalogue.Optimization;
import dev.forkscope.bench.suites.AppsSuite.ExactCheck;
import dev.forkscope.bench.suites.AppsSuite.Measured;
import dev.forkscope.bench.suites.AppsSuite.Variant;
import dev.forkscope.profile.SiteProfile;
import dev.forkscope.profile.TaskClassProfile;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The text table of suite {@code apps}. */
final class AppsTable {
  private AppsTable() {}

  /**
   * The table of {@code measured}: per application the times off and on, the verdicts, the exact
   * counts and the change; then the overhead against its targets.
   */
  static String render(List<Measured> measured, int repetitions, String agentOptions) {
    StringBuilder b = new StringBuilder();
    b.append(
        String.format(
            Locale.ROOT,
            "%d repetitions per variant, agent options %s with the JVM and OS layers%n",
            repetitions,
            agentOptions));
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
      for (TaskClassProfile c : AppsSuite.shown(m)) {
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
    Map<String, Object> s = AppsSuite.summary(measured);
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
