package dev.forkscope.profile;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkscope.io.AtomicFiles;
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

  private Exports() {}

  /**
   * Writes {@value #SUMMARY_JSON} and {@value #TASKS_CSV} into {@code dir}, each through a
   * temporary file, and returns their paths.
   */
  public static List<Path> writeInto(Path dir, Trace trace, Profile profile) throws IOException {
    Path summary = dir.resolve(SUMMARY_JSON);
    Path tasks = dir.resolve(TASKS_CSV);
    AtomicFiles.write(summary, writer -> writeSummaryJson(profile, writer));
    AtomicFiles.write(tasks, writer -> writeTasksCsv(trace, writer));
    return List.of(summary, tasks);
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
   * Writes {@code tasks.csv}'s content: tgp's 22 columns, one row per execution of the raw trace.
   */
  public static void writeTasksCsv(Trace trace, Writer out) throws IOException {
    TasksCsv.write(trace, out);
  }
}
