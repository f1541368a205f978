package dev.forkscope.profile;

import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * tgp's {@code tasks.csv}: 22 columns, one row per execution, plus one row per task created but never
 * executed (Outer Task ID -1, like tgp). The rows are the raw trace, before aggregation, so tgp's own
 * post-processing can be run on the file for cross-validation.
 *
 * <p>Mapping from tgp: IDs are our 64-bit ids, not identity hash codes; Granularity is the execution's
 * self wall time in ns (tgp: bytecodes or reference cycles), nested executions excluded; Entry and Exit
 * are {@code System.nanoTime} values, as in tgp. The agent does not record thread classes, so those two
 * columns are empty; unknown values are -1 for numbers and empty for text.
 */
final class TasksCsv {

  static final List<String> HEADER =
      List.of(
          "ID", "Class", "Outer Task ID", "Execution N.",
          "Creation Thread ID", "Creation Thread Class", "Creation Thread Name",
          "Execution Thread ID", "Execution Thread Class", "Execution Thread Name",
          "Executor ID", "Executor Class", "Entry Time", "Exit Time", "Granularity",
          "Is Thread", "Is Runnable", "Is Callable", "Is ForkJoinTask",
          "Is run()", "Is call()", "Is exec()");

  private TasksCsv() {}

  static void write(Trace trace, Writer out) throws IOException {
    line(out, HEADER.toArray());
    for (TaskExecution e : trace.executions()) {
      TaskExecution.Kind k = e.kind();
      line(out,
          e.taskId(), e.taskClass(), e.outerTaskId(), e.executionNumber(),
          e.creationThreadId(), "", e.creationThreadName(),
          e.executionThreadId(), "", e.executionThreadName(),
          e.executorId(), e.executorClass(), e.startNs(), e.endNs(), e.selfWallNs(),
          flag(k.thread()), flag(k.runnable()), flag(k.callable()), flag(k.forkJoinTask()),
          flag(e.method() == TaskExecution.Method.RUN),
          flag(e.method() == TaskExecution.Method.CALL),
          flag(e.method() == TaskExecution.Method.EXEC));
    }
    for (Trace.CreatedTask t : trace.neverExecuted()) {
      line(out,
          t.taskId(), t.taskClass(), -1, 0,
          t.creationThreadId(), "", "",
          -1, "", "",
          -1, "", -1, -1, -1,
          "", "", "", "", "", "", "");
    }
  }

  private static String flag(boolean b) {
    return b ? "T" : "F";
  }

  private static void line(Writer out, Object... fields) throws IOException {
    for (int i = 0; i < fields.length; i++) {
      if (i > 0) {
        out.write(',');
      }
      out.write(escape(fields[i] == null ? "" : fields[i].toString()));
    }
    out.write('\n');
  }

  /** RFC 4180 quoting, only where needed. */
  static String escape(String field) {
    if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0
        && field.indexOf('\r') < 0) {
      return field;
    }
    return '"' + field.replace("\"", "\"\"") + '"';
  }
}
