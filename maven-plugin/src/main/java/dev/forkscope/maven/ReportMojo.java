package dev.forkscope.maven;

import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.VerdictMode;
import dev.forkscope.profile.output.SummaryTable;
import dev.forkscope.profile.trace.Trace;
import dev.forkscope.profile.trace.TraceReader;
import dev.forkscope.report.ReportFiles;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * After the tests ran under the agent ({@code prepare-agent}): writes {@code summary.json}, {@code
 * tasks.csv} and {@code report.html} next to the trace, and logs the summary table. A module whose
 * tests left no trace (none ran, or the agent was skipped) is passed over with one line.
 */
@Mojo(name = "report", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class ReportMojo extends ForkscopeMojo {

  /** Fold nested tasks into their outer task (tgp's heuristic), as {@code forkscope report}. */
  @Parameter(property = "forkscope.aggregate", defaultValue = "true")
  boolean aggregate;

  /** {@code relative} (against the measured per-task overhead) or {@code tgp}. */
  @Parameter(property = "forkscope.verdicts", defaultValue = "relative")
  String verdicts;

  /** Skip this goal. */
  @Parameter(property = "forkscope.report.skip", defaultValue = "false")
  boolean skip;

  @Override
  boolean skipped() {
    return skip;
  }

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    VerdictMode mode =
        VerdictMode.byId(verdicts)
            .orElseThrow(
                () ->
                    new MojoFailureException(
                        "forkscope: verdicts must be relative or tgp, not '" + verdicts + "'"));
    Path dir = outputDirectory.toPath();
    Trace trace;
    try {
      trace = TraceReader.read(dir);
    } catch (NoSuchFileException e) {
      getLog().info("forkscope: no trace in " + dir + "; no report (did prepare-agent run?)");
      return;
    } catch (IOException e) {
      throw new MojoExecutionException(
          "forkscope: cannot read the trace in " + dir + ": " + e.getMessage());
    }
    try {
      ReportFiles.Written written =
          ReportFiles.write(dir, trace, new AnalysisOptions(aggregate, mode));
      SummaryTable.render(written.profile()).lines().forEach(getLog()::info);
      getLog().info("forkscope: wrote summary.json, tasks.csv and report.html into " + dir);
    } catch (IOException e) {
      throw new MojoExecutionException(
          "forkscope: cannot report on " + dir + ": " + e.getMessage());
    }
  }
}
