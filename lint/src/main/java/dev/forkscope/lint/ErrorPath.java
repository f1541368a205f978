package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;

/**
 * Code a task reaches only when an exception was caught: a lock (intra-task-sync) or a wait (the
 * {@link BlockingCheck} rules) there is not on the task's own path, and how often the exception
 * happens cannot be read from the code (an error path once per context, or a parse failure per
 * element), so the rules say so in a note rather than a warning.
 */
final class ErrorPath {
  /** A note's reason for a lock or a wait reached only on an error path. */
  static final String REASON =
      "the tasks reach it only in a catch block, when an exception was caught, and how often"
          + " that happens is not shown";

  private ErrorPath() {}

  /**
   * Whether the node, or a call on the way to it from the entry, sits in a catch block. Asks for
   * the call sites, so it counts as reading the entry ({@link Scope#callSites()}).
   */
  static boolean reaches(Node at, Scope scope) {
    return inCatchBlock(at) || scope.callSites().stream().anyMatch(ErrorPath::inCatchBlock);
  }

  /**
   * Whether the node runs only when its callable caught an exception: in the body of a catch
   * clause, unless the try block ends every run in a {@code throw} of its own (a retry loop whose
   * attempt always throws runs the catch block each time). A {@code finally} block always runs.
   */
  static boolean inCatchBlock(Node at) {
    return Syntax.enclosedBy(
        at,
        (n, child) ->
            n instanceof CatchClause handler
                && handler.getBody() == child
                && handler.getParentNode().orElse(null) instanceof TryStmt attempt
                && attempt.getTryBlock().getStatements().stream()
                    .noneMatch(s -> s instanceof ThrowStmt));
  }
}
