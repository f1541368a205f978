package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;

/**
 * Bottleneck 1: submitting to a pool from inside a task (Pinto et al. 2017, Akka's mailbox
 * dispatch).
 */
final class CentralizedPooling extends Check {
  static final Rule RULE =
      new Rule(
          "centralized-pooling",
          1,
          Severity.WARNING,
          FixSafety.SUGGESTION,
          "Centralized pooling",
          "Submitting to a pool from inside a task goes through the pool's shared submission queue instead of the "
              + "worker's own deque, against the decentralized spirit of work stealing (Pinto et al. 2017, "
              + "bottleneck 1).",
          "Fork the new task from the running one (task.fork(), task.invoke() or invokeAll(..)) so it lands on "
              + "the current worker's deque.",
          "high");

  CentralizedPooling() {
    super(RULE);
  }

  @Override
  void inContext(Node node, Scope scope) {
    if (node instanceof MethodCallExpr call
        && Entries.isPoolSubmission(call, scope.index())
        && !(call.getScope().orElseThrow() instanceof ObjectCreationExpr)) {
      scope.report(
          this,
          call,
          "submits work to a pool with "
              + call.getNameAsString()
              + "() from inside "
              + scope.where()
              + ": it goes through the pool's shared queue instead of this worker's deque; "
              + "fork it instead",
          rule().fix());
    }
  }
}
