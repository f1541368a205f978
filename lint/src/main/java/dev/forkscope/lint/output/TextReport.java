package dev.forkscope.lint.output;

import dev.forkscope.lint.FileError;
import dev.forkscope.lint.Finding;
import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.RuleFailure;
import dev.forkscope.lint.Severity;
import dev.forkscope.lint.Step;
import dev.forkscope.lint.Summary;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Compiler-style text: {@code path:line:col: warning: [rule-id] message}, then the source line with
 * a caret under the decisive code, why it costs, what to do instead and the call path from the
 * task; file errors next, then internal errors (a rule that threw, with the exception's first
 * frames), and a one-line summary at the end. Notes (what a rule cannot prove but that may matter)
 * are shown only when asked for; otherwise the summary counts them, so that the default output is
 * what a maintainer should act on.
 */
final class TextReport implements LintReport {
  private static final String INDENT = "    ";

  private final ReportPaths paths;
  private final boolean notes;

  TextReport(Path baseDir, boolean notes) {
    this.paths = new ReportPaths(baseDir);
    this.notes = notes;
  }

  @Override
  public void write(LintResult result, Writer out) throws IOException {
    StringBuilder text = new StringBuilder();
    for (Finding finding : result.findings()) {
      if (notes || finding.actionable()) {
        appendFinding(text, finding);
      }
    }
    for (FileError error : result.summary().errors()) {
      text.append(paths.display(error.file()));
      if (error.line() > 0) {
        text.append(':').append(error.line());
      }
      text.append(": error: ").append(error.message()).append('\n');
    }
    for (RuleFailure failure : result.summary().failures()) {
      text.append(paths.display(failure.file()));
      if (failure.line() > 0) {
        text.append(':').append(failure.line());
      }
      text.append(": internal error: [")
          .append(failure.rule())
          .append("] ")
          .append(failure.describe())
          .append('\n');
      for (String frame : failure.frames()) {
        text.append(INDENT).append("at ").append(frame).append('\n');
      }
    }
    text.append(summaryLine(result, notes)).append('\n');
    out.write(text.toString());
    out.flush();
  }

  private void appendFinding(StringBuilder text, Finding f) {
    text.append(paths.display(f.file()))
        .append(':')
        .append(f.line())
        .append(':')
        .append(f.column())
        .append(": ")
        .append(lower(f.severity()))
        .append(": [")
        .append(f.rule().id())
        .append("] ")
        .append(f.message())
        .append('\n');
    if (f.sourceLine() != null && !f.sourceLine().isBlank()) {
      String source = stripTrailing(f.sourceLine());
      text.append(INDENT).append(source).append('\n');
      text.append(INDENT)
          .append(caret(source, f.column(), f.line() == f.endLine() ? f.endColumn() : 0))
          .append('\n');
    }
    text.append(INDENT).append("why: ").append(f.rule().why()).append('\n');
    text.append(INDENT).append("instead: ").append(f.rule().instead()).append('\n');
    if (!f.path().isEmpty()) {
      text.append(INDENT).append("reached from the task by:").append('\n');
      for (Step step : f.path()) {
        text.append(INDENT)
            .append("  ")
            .append(step.description())
            .append(" (")
            .append(paths.display(step.file()))
            .append(':')
            .append(step.line())
            .append(")\n");
      }
    }
  }

  /**
   * A caret line: the source's own whitespace up to {@code column} (so tabs line up), then {@code
   * ^} up to {@code endColumn} inclusive, or a single {@code ^} when the end is unknown or on
   * another line.
   */
  static String caret(String source, int column, int endColumn) {
    StringBuilder caret = new StringBuilder();
    int start = Math.max(1, Math.min(column, source.length() + 1));
    for (int i = 0; i < start - 1; i++) {
      caret.append(source.charAt(i) == '\t' ? '\t' : ' ');
    }
    int end = Math.min(Math.max(endColumn, start), Math.max(start, source.length()));
    caret.append("^".repeat(end - start + 1));
    return caret.toString();
  }

  /** The summary; {@code notesShown} false says how to see the notes it counts. */
  static String summaryLine(LintResult result, boolean notesShown) {
    Summary s = result.summary();
    StringBuilder line = new StringBuilder();
    line.append(plural(s.findings(), "finding"));
    if (s.findings() > 0) {
      line.append(" (").append(countBySeverity(result, notesShown)).append(')');
    }
    line.append(" in ")
        .append(plural(s.files(), "file"))
        .append(" (")
        .append(String.format(Locale.ROOT, "%,d", s.lines()))
        .append(" lines): ")
        .append(s.parsed())
        .append(" analysed, ")
        .append(s.skipped())
        .append(" skipped without task code");
    if (!s.errors().isEmpty()) {
      line.append(", ").append(plural(s.errors().size(), "file")).append(" not parsed");
    }
    if (!s.failures().isEmpty()) {
      line.append(", ").append(plural(s.failures().size(), "internal error"));
    }
    line.append("; ").append(s.millis()).append(" ms");
    return line.toString();
  }

  private static String countBySeverity(LintResult result, boolean notesShown) {
    StringBuilder counts = new StringBuilder();
    for (Severity severity : Severity.values()) {
      long n = result.findings().stream().filter(f -> f.severity() == severity).count();
      if (n > 0) {
        if (counts.length() > 0) {
          counts.append(", ");
        }
        counts.append(n).append(' ').append(lower(severity)).append(n == 1 ? "" : "s");
        if (severity == Severity.NOTE && !notesShown) {
          counts.append(" not shown: --notes shows them");
        }
      }
    }
    return counts.toString();
  }

  private static String plural(long n, String noun) {
    return String.format(Locale.ROOT, "%,d", n) + " " + noun + (n == 1 ? "" : "s");
  }

  private static String lower(Enum<?> constant) {
    return constant.name().toLowerCase(Locale.ROOT);
  }

  private static String stripTrailing(String s) {
    return s.replaceAll("[\\r\\n]+$", "").stripTrailing();
  }
}
