package dev.forkscope.lint;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * An internal error: a rule (or the shared traversal) threw while analysing a file. The file's
 * parse and every other rule's findings are kept; the caller decides what the run means (the
 * command line exits 3 unless told to keep going).
 *
 * @param file the file whose code the rule was looking at
 * @param line 1-based line of the node the rule was offered, or 0 if not known
 * @param rule the rule's id, or {@link #TRAVERSAL} when no single rule was running
 * @param exception the exception's class name
 * @param message the exception's message on one line, or ""
 * @param frames the first frames of its stack trace, innermost first
 */
public record RuleFailure(
    Path file, int line, String rule, String exception, String message, List<String> frames) {
  /** The {@link #rule} of a failure in the traversal that offers code to the rules. */
  public static final String TRAVERSAL = "analysis";

  /** Frames kept of an exception's stack trace: enough to find the defect, short enough to read. */
  static final int FRAMES = 5;

  public RuleFailure {
    frames = List.copyOf(frames);
  }

  static RuleFailure of(Path file, int line, String rule, Throwable error) {
    List<String> frames =
        Arrays.stream(error.getStackTrace())
            .limit(FRAMES)
            .map(StackTraceElement::toString)
            .toList();
    String message =
        error.getMessage() == null ? "" : error.getMessage().lines().findFirst().orElse("");
    return new RuleFailure(file, line, rule, error.getClass().getName(), message, frames);
  }

  /** {@code class: message}, as {@link Throwable#toString()} prints it. */
  public String describe() {
    return message.isEmpty() ? exception : exception + ": " + message;
  }
}
