package dev.forkscope.maven;

import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.output.MergedTable;
import dev.forkscope.profile.output.ReportText;
import dev.forkscope.profile.trace.Trace;
import dev.forkscope.profile.trace.TraceReader;
import dev.forkscope.report.ReportFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What {@code report} and {@code report-integration} do: for each JVM's trace in the data
 * directory, write {@code summary.json}, {@code tasks.csv} and {@code report.html} beside it and
 * log the profile as {@code forkscope report} prints it (the table, the run-time findings, what was
 * not recorded), the filtered task classes left out; then, with several JVMs, the merged table. A
 * module whose tests left no trace is passed over with one line.
 */
abstract class AbstractReportMojo extends ProfilesMojo {

  /** Skip this goal. */
  @Parameter(property = "forkscope.report.skip", defaultValue = "false")
  boolean skip;

  /** Where the test JVMs wrote their traces. */
  abstract File dataDirectory();

  @Override
  boolean skipped() {
    return skip;
  }

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    AnalysisOptions options = analysisOptions();
    TaskClassFilter filter = filter();
    File dir = dataDirectory();
    List<Path> traces = traceDirectories(dir);
    if (traces.isEmpty()) {
      getLog().info("forkscope: no trace in " + dir + "; no report (did prepare-agent run?)");
      return;
    }
    List<Profile> profiles = new ArrayList<>();
    for (int i = 0; i < traces.size(); i++) {
      Path jvm = traces.get(i);
      getLog()
          .info(
              "forkscope: "
                  + (traces.size() > 1 ? "JVM " + (i + 1) + " of " + traces.size() + ", " : "")
                  + jvm);
      TaskClassFilter.Filtered f = filter.apply(report(jvm, options));
      ReportText.render(f.profile()).lines().forEach(getLog()::info);
      String leftOut = leftOut(f);
      if (leftOut != null) {
        getLog().info(leftOut);
      }
      getLog().info("forkscope: wrote summary.json, tasks.csv and report.html into " + jvm);
      profiles.add(f.profile());
    }
    if (profiles.size() > 1) {
      MergedTable.render(profiles).lines().forEach(getLog()::info);
    }
  }

  private static Profile report(Path dir, AnalysisOptions options) throws MojoExecutionException {
    Trace trace;
    try {
      trace = TraceReader.read(dir);
    } catch (IOException e) {
      throw new MojoExecutionException(
          "forkscope: cannot read the trace in " + dir + ": " + e.getMessage());
    }
    try {
      return ReportFiles.write(dir, trace, options).profile();
    } catch (IOException e) {
      throw new MojoExecutionException(
          "forkscope: cannot report on " + dir + ": " + e.getMessage());
    }
  }
}
