package dev.forkscope.maven;

import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.RuntimeFinding;
import dev.forkscope.profile.TaskClassProfile;
import dev.forkscope.profile.Units;
import dev.forkscope.profile.Verdict;
import dev.forkscope.profile.layers.LayersReader;
import dev.forkscope.profile.trace.TraceReader;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Fails the build when the test JVMs' profiles break a rule, as JaCoCo's {@code check} does on
 * coverage: a task class (among those the filters let through, and those {@code classes} names)
 * with a verdict in {@code failOnVerdicts}, or more run-time findings than {@code
 * maxRuntimeFindings}. Each breach is logged as one line, the verdict's or the finding's as {@code
 * forkscope report} prints it. Without a trace (no tests ran) there is nothing to check.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class CheckMojo extends ProfilesMojo {

  /**
   * The data directories whose traces to check; by default {@code target/forkscope} and {@code
   * target/forkscope-it} (prepare-agent's and prepare-agent-integration's).
   */
  @Parameter List<File> directories = new ArrayList<>();

  /**
   * The task classes the verdict rule judges, as patterns ({@code com.acme.*}); none means every
   * class the filters let through.
   */
  @Parameter(property = "forkscope.check.classes")
  List<String> classes = new ArrayList<>();

  /** Verdicts that fail the build: {@code fine}, {@code coarse}, {@code ok}; none for no rule. */
  @Parameter(property = "forkscope.check.failOnVerdicts", defaultValue = "fine")
  List<String> failOnVerdicts = new ArrayList<>();

  /** The run-time findings allowed in all JVMs together; -1 for any number. */
  @Parameter(property = "forkscope.check.maxRuntimeFindings", defaultValue = "-1")
  int maxRuntimeFindings;

  /**
   * The run-time findings {@code maxRuntimeFindings} counts: rule ids ({@code intra-task-sync}) or
   * bottleneck numbers ({@code 2}); none means every finding.
   */
  @Parameter(property = "forkscope.check.runtimeFindings")
  List<String> runtimeFindings = new ArrayList<>();

  /** Skip this goal. */
  @Parameter(property = "forkscope.check.skip", defaultValue = "false")
  boolean skip;

  @Override
  boolean skipped() {
    return skip;
  }

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    List<Verdict.Kind> failing = verdictsThatFail();
    AnalysisOptions options = analysisOptions();
    TaskClassFilter filter = filter();
    TaskClassFilter judged = new TaskClassFilter(classes, List.of());
    List<Path> traces = new ArrayList<>();
    for (File dir : dataDirectories(directories)) {
      traces.addAll(traceDirectories(dir));
    }
    if (traces.isEmpty()) {
      getLog().info("forkscope: no trace to check in " + dataDirectories(directories));
      return;
    }
    List<String> breaches = new ArrayList<>();
    List<String> counted = new ArrayList<>();
    Set<String> unmatched = new LinkedHashSet<>(classes);
    for (Path dir : traces) {
      Profile p = filter.apply(analyse(dir, options)).profile();
      for (TaskClassProfile c : p.taskClasses()) {
        unmatched.removeIf(pattern -> TaskClassFilter.matches(pattern, c.taskClass()));
        if (failing.contains(c.verdict().kind()) && judged.accepts(c.taskClass())) {
          breaches.add(
              String.format(
                  "%s: %s is %s: %s",
                  dir, c.taskClass(), c.verdict().kind().label(), c.verdict().why()));
        }
      }
      for (RuntimeFinding f : p.runtimeFindings()) {
        if (counts(f)) {
          counted.add(
              String.format(
                  "%s: [%s] %s: %s: %s",
                  dir,
                  f.bottleneck() == null ? "-" : f.bottleneck(),
                  f.rule(),
                  f.taskClass() == null ? "run" : Units.simpleName(f.taskClass()),
                  f.evidence()));
        }
      }
    }
    for (String pattern : unmatched) {
      getLog().warn("forkscope: no task class in the profiles matches '" + pattern + "'");
    }
    if (maxRuntimeFindings >= 0 && counted.size() > maxRuntimeFindings) {
      breaches.add(
          plural(counted.size(), "run-time finding")
              + ", at most "
              + maxRuntimeFindings
              + " allowed:");
      breaches.addAll(counted);
    }
    breaches.forEach(getLog()::error);
    String checked = "forkscope: checked the profiles of " + plural(traces.size(), "JVM");
    if (breaches.isEmpty()) {
      getLog().info(checked + "; every rule holds");
      return;
    }
    throw new MojoFailureException(checked + ": the rules do not hold (see above)");
  }

  private boolean counts(RuntimeFinding f) {
    return runtimeFindings.isEmpty()
        || runtimeFindings.contains(f.rule())
        || (f.bottleneck() != null && runtimeFindings.contains(f.bottleneck().toString()));
  }

  private List<Verdict.Kind> verdictsThatFail() throws MojoFailureException {
    List<Verdict.Kind> kinds = new ArrayList<>();
    for (String v : failOnVerdicts) {
      Verdict.Kind kind = null;
      for (Verdict.Kind k : Verdict.Kind.values()) {
        if (k.label().equals(v.strip())) {
          kind = k;
        }
      }
      if (kind == null) {
        throw new MojoFailureException(
            "forkscope: failOnVerdicts takes fine, coarse and ok, not '" + v + "'");
      }
      kinds.add(kind);
    }
    return kinds;
  }

  private static Profile analyse(Path dir, AnalysisOptions options) throws MojoExecutionException {
    try {
      return Analysis.analyze(TraceReader.read(dir), LayersReader.read(dir), options);
    } catch (IOException e) {
      throw new MojoExecutionException(
          "forkscope: cannot read the trace in " + dir + ": " + e.getMessage());
    }
  }
}
