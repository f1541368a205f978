package dev.forkscope.lint;

import java.nio.file.Path;
import java.util.List;

/**
 * One reported problem.
 *
 * @param rule the rule that fired
 * @param file the file as given or resolved from the linted paths (writers relativize it)
 * @param line 1-based line of the decisive code
 * @param column 1-based column of the decisive code
 * @param endLine 1-based end line of the decisive code
 * @param endColumn 1-based end column (inclusive) of the decisive code
 * @param message one-line message, including how the code is reached from the task if indirect
 * @param taskClass fully qualified name of the task class the code runs in, or {@code null} if not
 *     a class (a lambda handed to a pool, a parallel stream)
 * @param path execution method, then each call, down to the decisive line; empty if the code is
 *     directly inside the execution context
 * @param fix whether a mechanical fix applies to this finding
 * @param sourceLine the text of the decisive line, for caret display
 * @param severity the finding's own severity: the rule's, or {@link Severity#NOTE} where the rule
 *     cannot prove the claim here (the message then says why)
 */
public record Finding(
    Rule rule,
    Path file,
    int line,
    int column,
    int endLine,
    int endColumn,
    String message,
    String taskClass,
    List<Step> path,
    FixSafety fix,
    String sourceLine,
    Severity severity) {
  public Finding {
    path = List.copyOf(path);
  }

  /** Whether a maintainer should act on it: any finding but a note (notes are shown on request). */
  public boolean actionable() {
    return severity != Severity.NOTE;
  }
}
