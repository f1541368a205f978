package dev.forkscope.profile.output;

import static dev.forkscope.profile.Units.count;
import static dev.forkscope.profile.Units.duration;

import dev.forkscope.profile.Profile;
import dev.forkscope.profile.TaskClassProfile;
import dev.forkscope.profile.Verdict;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The task classes of several JVMs' profiles (a build's test JVMs) in one table: the counts add,
 * the granularities pool into one mean (total self time over executions; medians do not pool), and
 * each class's verdicts are counted over the JVMs it ran in, since a verdict depends on the JVM's
 * overhead and CPUs.
 */
public final class MergedTable {
  private MergedTable() {}

  private static final class Merged {
    final String taskClass;
    int jvms;
    long tasks;
    long executions;
    long totalNs;
    boolean estimated;
    final Map<Verdict.Kind, Integer> verdicts = new EnumMap<>(Verdict.Kind.class);

    Merged(String taskClass) {
      this.taskClass = taskClass;
    }
  }

  /** The table, ending in a newline; the classes with the most self time first. */
  public static String render(List<Profile> profiles) {
    Map<String, Merged> byClass = new TreeMap<>();
    long executions = 0;
    for (Profile p : profiles) {
      for (TaskClassProfile c : p.taskClasses()) {
        Merged m = byClass.computeIfAbsent(c.taskClass(), Merged::new);
        m.jvms++;
        m.tasks += c.tasks();
        m.executions += c.executions();
        m.totalNs += c.granularity().total();
        m.estimated |= c.sampling().sampled();
        m.verdicts.merge(c.verdict().kind(), 1, Integer::sum);
        executions += c.executions();
      }
    }
    List<Merged> rows = new ArrayList<>(byClass.values());
    rows.sort((a, b) -> Long.compare(b.totalNs, a.totalNs)); // stable: ties stay by name
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "forkscope: %d JVMs merged: %s task classes, %s executions%n",
            profiles.size(),
            count(rows.size()),
            count(executions)));
    if (rows.isEmpty()) {
      return out.toString();
    }
    int width = "CLASS".length();
    for (Merged m : rows) {
      width = Math.max(width, m.taskClass.length());
    }
    String row = "%-" + width + "s %5s %11s %12s %10s %10s  %s%n";
    out.append(
        String.format(
            Locale.ROOT, row, "CLASS", "JVMS", "TASKS", "EXECUTIONS", "MEAN", "TOTAL", "VERDICTS"));
    for (Merged m : rows) {
      String estimated = m.estimated ? "~" : "";
      StringBuilder verdicts = new StringBuilder();
      for (Map.Entry<Verdict.Kind, Integer> v : m.verdicts.entrySet()) {
        verdicts.append(verdicts.length() == 0 ? "" : ", ").append(v.getKey().label());
        if (m.jvms > 1) {
          verdicts.append(" in ").append(v.getValue());
        }
      }
      out.append(
          String.format(
              Locale.ROOT,
              row,
              m.taskClass,
              m.jvms,
              estimated + count(m.tasks),
              count(m.executions),
              estimated + duration(m.executions == 0 ? 0 : m.totalNs / m.executions),
              estimated + duration(m.totalNs),
              verdicts));
    }
    return out.toString();
  }
}
