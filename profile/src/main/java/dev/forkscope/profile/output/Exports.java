package dev.forkscope.profile.output;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkscope.io.AtomicFiles;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.trace.Trace;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;

/**
 * The profile's files: {@link #writeInto} writes them into a trace's directory, each atomically,
 * for every front end; the other methods give their content alone.
 */
public final class Exports {

  /** File name of the summary. */
  public static final String SUMMARY_JSON = "summary.json";

  /** File name of tgp's per-execution table. */
  public static final String TASKS_CSV = "tasks.csv";

  /**
   * Rows of {@value #TASKS_CSV} written unless asked otherwise: about 300 MB (a row takes about 300
   * bytes).
   */
  public static final long DEFAULT_CSV_ROWS = 1_000_000;

  /**
   * What {@link #writeInto} wrote.
   *
   * @param files the paths written: of {@value #SUMMARY_JSON} and {@value #TASKS_CSV}, or of the
   *     latter alone
   * @param csvRows the rows of {@value #TASKS_CSV} the trace has
   * @param csvRowsLeftOut of those, the rows not written (beyond the limit asked for)
   */
  public record Written(List<Path> files, long csvRows, long csvRowsLeftOut) {
    public Written {
      files = List.copyOf(files);
    }
  }

  private Exports() {}

  /**
   * Writes {@value #SUMMARY_JSON} and {@value #TASKS_CSV} (at most {@code csvRows} rows, {@link
   * Long#MAX_VALUE} for all) into {@code dir}, each through a temporary file.
   */
  public static Written writeInto(Path dir, Trace trace, Profile profile, long csvRows)
      throws IOException {
    Path summary = writeSummaryJsonInto(dir, profile);
    Written tasks = writeTasksCsvInto(dir, trace, csvRows);
    return new Written(
        List.of(summary, tasks.files().get(0)), tasks.csvRows(), tasks.csvRowsLeftOut());
  }

  /** Writes {@value #SUMMARY_JSON} into {@code dir} through a temporary file; returns its path. */
  public static Path writeSummaryJsonInto(Path dir, Profile profile) throws IOException {
    Path summary = dir.resolve(SUMMARY_JSON);
    AtomicFiles.write(summary, writer -> writeSummaryJson(profile, writer));
    return summary;
  }

  /**
   * Writes {@value #TASKS_CSV} (at most {@code csvRows} rows, {@link Long#MAX_VALUE} for all) into
   * {@code dir} through a temporary file. It needs the trace alone, not its profile, so it can be
   * written while the trace is analysed.
   */
  public static Written writeTasksCsvInto(Path dir, Trace trace, long csvRows) throws IOException {
    Path tasks = dir.resolve(TASKS_CSV);
    long[] leftOut = new long[1];
    AtomicFiles.write(tasks, writer -> leftOut[0] = writeTasksCsv(trace, writer, csvRows));
    return new Written(
        List.of(tasks),
        (long) trace.executions().size() + trace.neverExecuted().size(),
        leftOut[0]);
  }

  /**
   * {@code summary.json}'s content as a JSON tree, for front ends that embed it (the HTML report).
   */
  public static ObjectNode summary(Profile profile) {
    return SummaryJson.toJson(profile);
  }

  /**
   * Writes {@code summary.json}'s content: settings, profiler cost and one entry per task class.
   */
  public static void writeSummaryJson(Profile profile, Writer out) throws IOException {
    SummaryJson.write(profile, out);
  }

  /**
   * Writes {@code tasks.csv}'s content: tgp's 22 columns, one row per execution of the raw trace,
   * at most {@code maxRows} rows; returns the number of rows left out.
   */
  public static long writeTasksCsv(Trace trace, Writer out, long maxRows) throws IOException {
    return TasksCsv.write(trace, out, maxRows);
  }
}
