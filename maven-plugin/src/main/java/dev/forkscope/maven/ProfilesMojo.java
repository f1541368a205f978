package dev.forkscope.maven;

import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.VerdictMode;
import dev.forkscope.profile.trace.TraceReader;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What the goals that read the test JVMs' traces share ({@code report}, {@code report-integration},
 * {@code check}): the analysis options and the filters over task classes.
 */
abstract class ProfilesMojo extends ForkscopeMojo {

  /** Fold nested tasks into their outer task (tgp's heuristic), as {@code forkscope report}. */
  @Parameter(property = "forkscope.aggregate", defaultValue = "true")
  boolean aggregate;

  /** {@code relative} (against the measured per-task overhead) or {@code tgp}. */
  @Parameter(property = "forkscope.verdicts", defaultValue = "relative")
  String verdicts;

  /**
   * Task classes to show and judge, as patterns ({@code *} any characters, {@code ?} one): {@code
   * com.acme.*}. None means every class.
   */
  @Parameter(property = "forkscope.includes")
  List<String> includes = new ArrayList<>();

  /** Task classes to leave out, as patterns; added to the test harnesses' when those are out. */
  @Parameter(property = "forkscope.excludes")
  List<String> excludes = new ArrayList<>();

  /**
   * Leave out the test harnesses' own task classes: surefire's and failsafe's, JUnit 4 and 5's,
   * TestNG's, and the JDK's process reaper ({@code java.lang.ProcessHandleImpl*}).
   */
  @Parameter(property = "forkscope.excludeHarness", defaultValue = "true")
  boolean excludeHarness;

  AnalysisOptions analysisOptions() throws MojoFailureException {
    VerdictMode mode =
        VerdictMode.byId(verdicts)
            .orElseThrow(
                () ->
                    new MojoFailureException(
                        "forkscope: verdicts must be relative or tgp, not '" + verdicts + "'"));
    return new AnalysisOptions(aggregate, mode);
  }

  TaskClassFilter filter() {
    List<String> out = new ArrayList<>(excludeHarness ? TaskClassFilter.HARNESS : List.of());
    out.addAll(excludes);
    return new TaskClassFilter(includes, out);
  }

  /** The trace directories in {@code dir} (see {@link TraceReader#traceDirectories}). */
  static List<Path> traceDirectories(File dir) throws MojoExecutionException {
    try {
      return TraceReader.traceDirectories(dir.toPath());
    } catch (IOException e) {
      throw new MojoExecutionException("forkscope: cannot list " + dir + ": " + e.getMessage());
    }
  }

  /** "N executions of M task classes left out by the filters", or null when none were. */
  static String leftOut(TaskClassFilter.Filtered f) {
    return f.executions() == 0 && f.classes() == 0
        ? null
        : "forkscope: "
            + plural(f.classes(), "task class")
            + " with "
            + plural(f.executions(), "execution")
            + " left out (the test harnesses' and excludes; -Dforkscope.excludeHarness=false"
            + " shows the harnesses')";
  }
}
