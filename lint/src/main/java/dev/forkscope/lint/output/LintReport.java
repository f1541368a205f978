package dev.forkscope.lint.output;

import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.Rule;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a {@link LintResult} in one {@link ReportFormat}. Paths in the report are relative to a
 * base directory (normally the current directory) when the file is under it, with forward slashes.
 */
public interface LintReport {

  /** Writes the whole report to {@code out}; does not close it. */
  void write(LintResult result, Writer out) throws IOException;

  /**
   * A writer for {@code format}.
   *
   * @param baseDir directory that paths are made relative to
   * @param toolVersion forkscope's version, as reported in JSON and SARIF
   * @param rules the rules that were run, in catalogue order (SARIF lists them as the driver's
   *     rules)
   */
  static LintReport of(ReportFormat format, Path baseDir, String toolVersion, List<Rule> rules) {
    return of(format, baseDir, toolVersion, rules, false);
  }

  /**
   * A writer for {@code format} that, in text, also shows the notes ({@code notes} true). JSON and
   * SARIF always carry every finding with its level.
   */
  static LintReport of(
      ReportFormat format, Path baseDir, String toolVersion, List<Rule> rules, boolean notes) {
    return switch (format) {
      case TEXT -> new TextReport(baseDir, notes);
      case JSON -> new JsonReport(baseDir, toolVersion);
      case SARIF -> new SarifReport(baseDir, toolVersion, rules);
    };
  }
}
