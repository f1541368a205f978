package dev.forkscope.maven;

import dev.forkscope.profile.Profile;
import dev.forkscope.profile.RuntimeFinding;
import dev.forkscope.profile.TaskClassProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Which task classes a report shows and a check judges: those that match an include pattern (all
 * when there is none) and no exclude pattern. A pattern is a class name in which {@code *} stands
 * for any characters (dots and {@code $} too) and {@code ?} for one, as in JaCoCo's filters: {@code
 * org.junit.*}, {@code *Test$*}, {@code com.acme.SumTask}.
 */
final class TaskClassFilter {

  /** The test harnesses' own task classes, and the JDK's that they submit (the process reaper). */
  static final List<String> HARNESS =
      List.of(
          "org.apache.maven.surefire.*",
          "org.apache.maven.plugin.surefire.*",
          "org.apache.maven.plugin.failsafe.*",
          "org.junit.*",
          "junit.*",
          "org.testng.*",
          "java.lang.ProcessHandleImpl*");

  /**
   * A profile with the filtered classes and their run-time findings left out.
   *
   * @param classes task classes left out
   * @param executions their executions
   */
  record Filtered(Profile profile, int classes, long executions) {}

  private final List<Pattern> includes;
  private final List<Pattern> excludes;

  TaskClassFilter(List<String> includes, List<String> excludes) {
    this.includes = compile(includes);
    this.excludes = compile(excludes);
  }

  /** Whether {@code pattern} matches {@code className} (see the class comment). */
  static boolean matches(String pattern, String className) {
    return glob(pattern).matcher(className).matches();
  }

  boolean accepts(String taskClass) {
    return (includes.isEmpty() || anyMatches(includes, taskClass))
        && !anyMatches(excludes, taskClass);
  }

  Filtered apply(Profile p) {
    List<TaskClassProfile> kept = new ArrayList<>();
    int classes = 0;
    long executions = 0;
    for (TaskClassProfile c : p.taskClasses()) {
      if (accepts(c.taskClass())) {
        kept.add(c);
      } else {
        classes++;
        executions += c.executions();
      }
    }
    List<RuntimeFinding> findings = new ArrayList<>();
    for (RuntimeFinding f : p.runtimeFindings()) {
      if (f.taskClass() == null || accepts(f.taskClass())) {
        findings.add(f);
      }
    }
    Profile filtered =
        new Profile(
            p.meta(),
            p.options(),
            p.runWallNs(),
            p.executionsRecorded(),
            p.incomplete(),
            p.neverExecuted(),
            p.neverExecutedUnknown(),
            p.folded(),
            kept,
            findings,
            p.workSpan(),
            p.layers(),
            p.machineLoad());
    return new Filtered(filtered, classes, executions);
  }

  private static boolean anyMatches(List<Pattern> patterns, String name) {
    for (Pattern p : patterns) {
      if (p.matcher(name).matches()) {
        return true;
      }
    }
    return false;
  }

  private static List<Pattern> compile(List<String> patterns) {
    return patterns.stream()
        .map(String::strip)
        .filter(s -> !s.isEmpty())
        .map(TaskClassFilter::glob)
        .toList();
  }

  private static Pattern glob(String pattern) {
    StringBuilder regex = new StringBuilder();
    for (char c : pattern.strip().toCharArray()) {
      switch (c) {
        case '*' -> regex.append(".*");
        case '?' -> regex.append('.');
        default -> regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(regex.toString());
  }
}
