package dev.forkscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code forkscope report DIR}: rebuilds summary.json, tasks.csv and report.html from a trace and
 * prints the table; for a directory of several JVMs' traces (the Maven plugin's), from each.
 */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description =
        "Rebuild summary.json, tasks.csv and report.html in DIR from the trace a 'forkscope profile' run left there, and print the summary.")
final class ReportCommand implements Callable<Integer> {

  @Parameters(paramLabel = "DIR", description = "Output directory of a 'forkscope profile' run.")
  Path dir;

  @Mixin TraceReport.Options options;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    if (!Files.isDirectory(dir)) {
      throw new UserError(dir + " is not a directory");
    }
    TraceReport.runEach(
        dir,
        options.toAnalysisOptions(),
        options.csvRowLimit(),
        spec.commandLine().getOut(),
        new Terminal(spec.commandLine().getErr()));
    return Forkscope.OK;
  }
}
