package dev.forkscope.report;

import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.layers.Layers;
import dev.forkscope.profile.layers.LayersReader;
import dev.forkscope.profile.output.Exports;
import dev.forkscope.profile.trace.ConcurrentStep;
import dev.forkscope.profile.trace.Trace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The files a profile run's directory gets from its trace: {@code summary.json}, {@code tasks.csv}
 * and {@value HtmlReport#FILE}. The one path behind {@code forkscope profile}, {@code forkscope
 * report} and the Maven plugin's {@code report} goal.
 */
public final class ReportFiles {

  /**
   * What {@link #write} made.
   *
   * @param profile the analysis the files show
   * @param files the files written, in the order above
   * @param csvRows the rows {@code tasks.csv} would have in full
   * @param csvRowsLeftOut of those, the rows not written (beyond the limit asked for)
   */
  public record Written(Profile profile, List<Path> files, long csvRows, long csvRowsLeftOut) {
    public Written {
      files = List.copyOf(files);
    }
  }

  private ReportFiles() {}

  /**
   * Analyses {@code trace} (read from {@code dir}) with the layers recorded beside it and writes
   * the files into {@code dir}, each through a temporary file; {@code tasks.csv}, which needs the
   * trace alone, on a thread of its own while the trace is analysed.
   */
  public static Written write(Path dir, Trace trace, AnalysisOptions options) throws IOException {
    return write(dir, trace, options, Exports.DEFAULT_CSV_ROWS);
  }

  /** As {@link #write(Path, Trace, AnalysisOptions)}, with at most {@code csvRows} rows of csv. */
  public static Written write(Path dir, Trace trace, AnalysisOptions options, long csvRows)
      throws IOException {
    Layers layers = LayersReader.read(dir);
    ConcurrentStep<Exports.Written, IOException> tasks =
        ConcurrentStep.start(
            "forkscope tasks.csv",
            ConcurrentStep.helps(),
            () -> Exports.writeTasksCsvInto(dir, trace, csvRows));
    Profile profile = Analysis.analyze(trace, layers, options);
    Path summary = Exports.writeSummaryJsonInto(dir, profile);
    Path html = HtmlReport.write(dir, trace, profile, layers);
    Exports.Written csv = tasks.join();
    return new Written(
        profile, List.of(summary, csv.files().get(0), html), csv.csvRows(), csv.csvRowsLeftOut());
  }
}
