package dev.forkscope.cli;

import static java.util.stream.Collectors.joining;

import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.VerdictMode;
import dev.forkscope.profile.output.MergedTable;
import dev.forkscope.profile.output.ReportText;
import dev.forkscope.profile.trace.Trace;
import dev.forkscope.profile.trace.TraceReader;
import dev.forkscope.report.ReportFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * What {@code profile} and {@code report} share: the analysis options, and reading a trace, writing
 * summary.json, tasks.csv and report.html next to it and printing the summary table.
 */
final class TraceReport {

  /** Analysis options, mixed into both commands. */
  static final class Options {
    @Option(
        names = "--no-aggregate",
        description =
            "Keep nested tasks apart instead of folding them into their outer task (tgp's heuristic).")
    boolean noAggregate;

    @Option(
        names = "--verdicts",
        paramLabel = "relative|tgp",
        defaultValue = "relative",
        description =
            "relative: against the measured per-task overhead and the CPU count (default); tgp: tgp's fixed thresholds.")
    String verdicts;

    @Option(
        names = "--csv-rows",
        paramLabel = "all|N",
        defaultValue = "1000000",
        description =
            "Rows of tasks.csv to write (one per execution, about 300 bytes each): the first N,"
                + " or all (default: ${DEFAULT-VALUE}).")
    String csvRows;

    /** The row limit of tasks.csv, {@link Long#MAX_VALUE} for all. */
    long csvRowLimit() {
      if (csvRows.equals("all")) {
        return Long.MAX_VALUE;
      }
      try {
        long n = Long.parseLong(csvRows.replace("_", ""));
        if (n >= 0) {
          return n;
        }
      } catch (NumberFormatException e) {
        // the message below
      }
      throw new UserError("--csv-rows must be all or a number of rows, not '" + csvRows + "'");
    }

    AnalysisOptions toAnalysisOptions() {
      VerdictMode mode =
          VerdictMode.byId(verdicts)
              .orElseThrow(
                  () ->
                      new UserError("--verdicts must be relative or tgp, not '" + verdicts + "'"));
      return new AnalysisOptions(!noAggregate, mode);
    }
  }

  private TraceReport() {}

  /**
   * Reads the trace in {@code dir}, writes the exports into it and prints the table. A trace too
   * large for the heap ends in one line saying how to give more (the analysis holds every recorded
   * execution: see docs/profile.md, analysis at scale).
   */
  static Profile run(
      Path dir, AnalysisOptions options, long csvRows, PrintWriter out, Terminal terminal)
      throws IOException {
    try {
      return analyse(dir, options, csvRows, out, terminal);
    } catch (OutOfMemoryError e) {
      throw new UserError(
          String.format(
              Locale.ROOT,
              "the trace in %s is too large for a heap of %,d MiB: give the analysis more with"
                  + " FORKSCOPE_JAVA_OPTS=-Xmx<size> (about 0.2 GiB per million recorded executions)",
              dir,
              Runtime.getRuntime().maxMemory() >> 20));
    }
  }

  /**
   * As {@link #run} for each trace in {@code dir} (see {@link TraceReader#traceDirectories}), and
   * with several, the merged table of their task classes after them: a Maven build's test JVMs.
   */
  static void runEach(
      Path dir, AnalysisOptions options, long csvRows, PrintWriter out, Terminal terminal)
      throws IOException {
    List<Path> traces = TraceReader.traceDirectories(dir);
    if (traces.size() <= 1) {
      run(traces.isEmpty() ? dir : traces.get(0), options, csvRows, out, terminal);
      return;
    }
    List<Profile> profiles = new ArrayList<>();
    for (int i = 0; i < traces.size(); i++) {
      out.printf("JVM %d of %d, %s%n", i + 1, traces.size(), traces.get(i));
      profiles.add(run(traces.get(i), options, csvRows, out, terminal));
      out.println();
    }
    out.print(MergedTable.render(profiles));
    out.flush();
  }

  private static Profile analyse(
      Path dir, AnalysisOptions options, long csvRows, PrintWriter out, Terminal terminal)
      throws IOException {
    Trace trace;
    try {
      terminal.status("forkscope: reading the trace in " + dir, true);
      trace = TraceReader.read(dir);
    } catch (NoSuchFileException e) {
      throw new UserError("no forkscope trace in " + dir + " (missing " + e.getFile() + ")");
    } catch (IOException e) {
      throw new UserError("cannot read the trace in " + dir + ": " + e.getMessage());
    } finally {
      terminal.clear();
    }
    ReportFiles.Written written;
    try {
      terminal.status(
          "forkscope: analysing "
              + trace.executions().size()
              + " executions and drawing the report",
          true);
      written = ReportFiles.write(dir, trace, options, csvRows);
    } finally {
      terminal.clear();
    }
    Profile profile = written.profile();
    out.print(ReportText.render(profile));
    if (written.csvRowsLeftOut() > 0) {
      out.printf(
          Locale.ROOT,
          "tasks.csv holds the first %,d of %,d rows (--csv-rows all writes every row)%n",
          written.csvRows() - written.csvRowsLeftOut(),
          written.csvRows());
    }
    out.println(
        "wrote "
            + written.files().stream().map(p -> p.getFileName().toString()).collect(joining(", "))
            + " into "
            + dir);
    out.flush();
    return profile;
  }
}
