package dev.forkscope.profile;

import dev.forkscope.profile.trace.Trace;
import java.io.IOException;
import java.io.Writer;

/**
 * The profile's files, as content: the command that owns the output directory writes them
 * (atomically).
 */
public final class Exports {

  /** File name of the summary. */
  public static final String SUMMARY_JSON = "summary.json";

  /** File name of tgp's per-execution table. */
  public static final String TASKS_CSV = "tasks.csv";

  private Exports() {}

  /**
   * Writes {@code summary.json}'s content: settings, profiler cost and one entry per task class.
   */
  public static void writeSummaryJson(Profile profile, Writer out) throws IOException {
    SummaryJson.write(profile, out);
  }

  /**
   * Writes {@code tasks.csv}'s content: tgp's 22 columns, one row per execution of the raw trace.
   */
  public static void writeTasksCsv(Trace trace, Writer out) throws IOException {
    TasksCsv.write(trace, out);
  }
}
