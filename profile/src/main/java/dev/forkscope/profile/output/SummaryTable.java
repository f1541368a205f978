package dev.forkscope.profile.output;

import static dev.forkscope.profile.Units.count;
import static dev.forkscope.profile.Units.duration;

import dev.forkscope.profile.Profile;
import dev.forkscope.profile.SiteProfile;
import dev.forkscope.profile.TaskClassProfile;
import dev.forkscope.profile.trace.Trace;
import java.util.Locale;

/** The readable summary printed after a run: one row per task class, its verdict and top site. */
public final class SummaryTable {

  private static final int MAX_CLASS_WIDTH = 60;

  private SummaryTable() {}

  /** Renders {@code profile} as plain text lines. */
  public static String render(Profile profile) {
    StringBuilder out = new StringBuilder();
    var meta = profile.meta();
    long executions = 0;
    for (TaskClassProfile c : profile.taskClasses()) {
      executions += c.executions();
    }
    out.append(
        String.format(
            Locale.ROOT,
            "forkscope profile: %s task classes, %s executions in %s on %d CPUs (JDK %s)%n",
            count(profile.taskClasses().size()),
            count(executions),
            duration(profile.runWallNs()),
            meta.cpus(),
            meta.jdk()));
    out.append(
        String.format(
            Locale.ROOT,
            "cpu time %s, contexts %s, aggregation %s (%s executions folded), verdicts %s;"
                + " profiler cost %s, %s records dropped%n",
            meta.cpuMode(),
            meta.contexts() ? "on" : "off",
            profile.options().aggregate() ? "on" : "off",
            count(profile.folded()),
            profile.options().verdicts().name().toLowerCase(Locale.ROOT),
            meta.overheadPerTaskNs() > 0
                ? duration(meta.overheadPerTaskNs()) + " per task"
                : meta.endNs() < 0
                    ? "not measured (the JVM did not exit normally)"
                    : "not measured (fewer than 1,000 executions)",
            count(meta.dropped())));
    out.append(profile.machineLoad().summary()).append(System.lineSeparator());
    if (meta.window() != null) {
      out.append(window(meta.window()));
    }
    if (!profile.neverExecutedUnknown().isEmpty()) {
      out.append(
          String.format(
              Locale.ROOT,
              "tasks never executed: unknown for the sampled classes %s%n",
              String.join(", ", profile.neverExecutedUnknown())));
    }
    if (profile.neverExecuted() > 0) {
      out.append(
          String.format(
              Locale.ROOT,
              "%s tasks were created but never run as tasks (compute() called directly, or never"
                  + " submitted%s): their work, if any, counts in the caller%n",
              count(profile.neverExecuted()),
              meta.window() != null ? ", or run after the window" : ""));
    }
    if (profile.taskClasses().isEmpty()) {
      out.append(String.format("no task executions recorded%n"));
      return out.toString();
    }
    int width = "CLASS".length();
    for (TaskClassProfile c : profile.taskClasses()) {
      width = Math.max(width, Math.min(MAX_CLASS_WIDTH, c.taskClass().length()));
    }
    String row = "%-" + width + "s %11s %10s %10s %10s  %s%n";
    out.append(
        String.format(
            Locale.ROOT, "%n" + row, "CLASS", "TASKS", "MEDIAN", "P90", "TOTAL", "VERDICT"));
    boolean anySampled = false;
    boolean anyWithinStep = false;
    for (TaskClassProfile c : profile.taskClasses()) {
      var g = c.granularity();
      var s = c.sampling();
      String estimated = s.sampled() ? "~" : "";
      anySampled |= s.sampled();
      anyWithinStep |= meta.withinClockStep(g.median());
      out.append(
          String.format(
              Locale.ROOT,
              row,
              shorten(c.taskClass()),
              estimated + count(c.tasks()),
              estimated + time(meta, g.median()),
              estimated + time(meta, g.p90()),
              estimated + duration(g.total()),
              c.verdict().kind().label()));
      out.append("    ").append(c.verdict().why()).append(System.lineSeparator());
      if (s.sampled()) {
        out.append(
            String.format(
                Locale.ROOT,
                "    sampled 1 in %s: %s executions recorded as samples, %s%s in all; median %s-%s,"
                    + " total %s-%s (95%%)%n",
                count(s.period()),
                count(s.sampleSize()),
                s.executionsExact() ? "" : "~",
                count(c.executions()),
                duration(s.medianCi95().low()),
                duration(s.medianCi95().high()),
                duration(s.totalCi95().low()),
                duration(s.totalCi95().high())));
      }
      SiteProfile site = c.topSite();
      if (site != null) {
        out.append("    ")
            .append(site.kind().equals("submission") ? "submitted at " : "created at ")
            .append(site.site())
            .append(System.lineSeparator());
      }
    }
    if (anySampled) {
      out.append(
          String.format(
              "%n~ marks an estimate from the agent's sample; execution counts are exact%n"));
    }
    if (anyWithinStep) {
      out.append(
          String.format(
              Locale.ROOT,
              "%n<= marks a figure within one step of the clock (System.nanoTime moved in steps of"
                  + " %s here): too short to time, only bounded%n",
              duration(meta.clockStepNs())));
    }
    return out.toString();
  }

  /** {@code ns}, or a bound where it is within one step of the clock: no number to print. */
  private static String time(Trace.TraceMeta meta, long ns) {
    return meta.withinClockStep(ns) ? "<=" + duration(meta.clockStepNs()) : duration(ns);
  }

  /** The line of a profile of a running JVM: its window and what ran across its ends. */
  static String window(Trace.Window w) {
    return w.endNs() < 0
        ? String.format(
            Locale.ROOT, "attached to a running JVM, which died before the window ended%n")
        : String.format(
            Locale.ROOT,
            "attached to a running JVM: a window of %s; %s executions still running when it ended"
                + " (partial, not counted), those running when it began were not seen%n",
            duration(w.wallNs()),
            count(Math.max(0, w.partialExecutions())));
  }

  private static String shorten(String name) {
    return name.length() <= MAX_CLASS_WIDTH
        ? name
        : "…" + name.substring(name.length() - MAX_CLASS_WIDTH + 1);
  }
}
