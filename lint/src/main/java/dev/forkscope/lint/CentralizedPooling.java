package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.IfStmt;

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
        && !(call.getScope().orElseThrow() instanceof ObjectCreationExpr)
        && !outsideWorkersOnly(call)) {
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

  /**
   * Whether the call runs only when the current thread is not a worker of the pool it submits to:
   * the external half of the fork-first dispatch of Pinto et al., Listing 2, {@code if
   * (ForkJoinTask.getPool() == pool) t.fork(); else pool.execute(t);} (or {@code !=} with the
   * branches swapped).
   */
  private static boolean outsideWorkersOnly(MethodCallExpr call) {
    String pool = call.getScope().orElseThrow().toString();
    Node child = call;
    for (Node n = call.getParentNode().orElse(null);
        n != null && !(n instanceof CallableDeclaration) && !(n instanceof LambdaExpr);
        child = n, n = n.getParentNode().orElse(null)) {
      if (n instanceof IfStmt test
          && test.getCondition() instanceof BinaryExpr compare
          && comparesCurrentPoolWith(compare, pool)) {
        Node external =
            compare.getOperator() == BinaryExpr.Operator.EQUALS
                ? test.getElseStmt().orElse(null)
                : test.getThenStmt();
        if (child == external) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@code ForkJoinTask.getPool() == pool}, {@code pool != getPool()} and the like. */
  private static boolean comparesCurrentPoolWith(BinaryExpr compare, String pool) {
    boolean equality =
        compare.getOperator() == BinaryExpr.Operator.EQUALS
            || compare.getOperator() == BinaryExpr.Operator.NOT_EQUALS;
    return equality
        && (isCurrentPool(compare.getLeft()) && compare.getRight().toString().equals(pool)
            || isCurrentPool(compare.getRight()) && compare.getLeft().toString().equals(pool));
  }

  /** {@code ForkJoinTask.getPool()} (static: the pool of the current worker thread, or null). */
  private static boolean isCurrentPool(Expression e) {
    return e instanceof MethodCallExpr get
        && get.getNameAsString().equals("getPool")
        && get.getArguments().isEmpty()
        && get.getScope()
            .map(s -> s.toString().matches("(java\\.util\\.concurrent\\.)?ForkJoinTask"))
            .orElse(true);
  }
}
