package dev.forkscope.profile.output;

import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * tgp's {@code tasks.csv}: 22 columns, one row per execution, plus one row per task created but
 * never executed (Outer Task ID -1, like tgp). The rows are the raw trace, before aggregation, so
 * tgp's own post-processing can be run on the file for cross-validation.
 *
 * <p>Mapping from tgp: IDs are our 64-bit ids, not identity hash codes; Granularity is the
 * execution's self wall time in ns (tgp: bytecodes or reference cycles), nested executions
 * excluded; Entry and Exit are {@code System.nanoTime} values, as in tgp. The agent does not record
 * thread classes, so those two columns are empty; unknown values are -1 for numbers and empty for
 * text.
 *
 * <p>A trace of millions of executions makes a file of hundreds of bytes per execution (4.2 M
 * executions: 1.26 GB), so the caller chooses how many rows to write: the first ones, executions in
 * end-time order before never-executed tasks.
 */
final class TasksCsv {

  static final List<String> HEADER =
      List.of(
          "ID",
          "Class",
          "Outer Task ID",
          "Execution N.",
          "Creation Thread ID",
          "Creation Thread Class",
          "Creation Thread Name",
          "Execution Thread ID",
          "Execution Thread Class",
          "Execution Thread Name",
          "Executor ID",
          "Executor Class",
          "Entry Time",
          "Exit Time",
          "Granularity",
          "Is Thread",
          "Is Runnable",
          "Is Callable",
          "Is ForkJoinTask",
          "Is run()",
          "Is call()",
          "Is exec()");

  private TasksCsv() {}

  /** Writes the header and at most {@code maxRows} rows; returns the number of rows left out. */
  static long write(Trace trace, Writer out, long maxRows) throws IOException {
    Row row = new Row();
    for (String column : HEADER) {
      row.text(column);
    }
    row.writeTo(out);
    long rows = (long) trace.executions().size() + trace.neverExecuted().size();
    long left = maxRows;
    for (TaskExecution e : trace.executions()) {
      if (left-- <= 0) {
        return rows - maxRows;
      }
      TaskExecution.Kind k = e.kind();
      row.number(e.taskId())
          .text(e.taskClass())
          .number(e.outerTaskId())
          .number(e.executionNumber())
          .number(e.creationThreadId())
          .text("")
          .text(e.creationThreadName())
          .number(e.executionThreadId())
          .text("")
          .text(e.executionThreadName())
          .number(e.executorId())
          .text(e.executorClass())
          .number(e.startNs())
          .number(e.endNs())
          .number(e.selfWallNs())
          .flag(k.thread())
          .flag(k.runnable())
          .flag(k.callable())
          .flag(k.forkJoinTask())
          .flag(e.method() == TaskExecution.Method.RUN)
          .flag(e.method() == TaskExecution.Method.CALL)
          .flag(e.method() == TaskExecution.Method.EXEC)
          .writeTo(out);
    }
    for (Trace.CreatedTask t : trace.neverExecuted()) {
      if (left-- <= 0) {
        return rows - maxRows;
      }
      row.number(t.taskId())
          .text(t.taskClass())
          .number(-1)
          .number(0)
          .number(t.creationThreadId())
          .text("")
          .text("")
          .number(-1)
          .text("")
          .text("")
          .number(-1)
          .text("")
          .number(-1)
          .number(-1)
          .number(-1);
      for (int i = 0; i < 7; i++) {
        row.text("");
      }
      row.writeTo(out);
    }
    return 0;
  }

  /** One line being built; reused for every row. */
  private static final class Row {
    private final StringBuilder line = new StringBuilder(256);
    private int fields;

    Row number(long value) {
      separate();
      line.append(value);
      return this;
    }

    Row text(String value) {
      separate();
      line.append(value == null ? "" : escape(value));
      return this;
    }

    Row flag(boolean value) {
      separate();
      line.append(value ? 'T' : 'F');
      return this;
    }

    void writeTo(Writer out) throws IOException {
      line.append('\n');
      out.append(line);
      line.setLength(0);
      fields = 0;
    }

    private void separate() {
      if (fields++ > 0) {
        line.append(',');
      }
    }
  }

  /** RFC 4180 quoting, only where needed. */
  static String escape(String field) {
    if (field.indexOf(',') < 0
        && field.indexOf('"') < 0
        && field.indexOf('\n') < 0
        && field.indexOf('\r') < 0) {
      return field;
    }
    return '"' + field.replace("\"", "\"\"") + '"';
  }
}
