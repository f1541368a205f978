package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import java.util.Set;

/**
 * Bottleneck 1, creation side: a new ForkJoinPool in a loop, inside a task, or on every call of a
 * method that never shuts it down. A pool created once in {@code main}, in a field, or in
 * try-with-resources is fine.
 */
final class PoolPerCall extends Check {
  static final Rule RULE =
      new Rule(
          "pool-per-call",
          1,
          Severity.WARNING,
          FixSafety.SUGGESTION,
          "Pool created per call",
          "Each new ForkJoinPool starts its own workers, so a pool per call, per iteration or per task multiplies "
              + "threads and splits the work into pools that cannot steal from each other (Pinto et al. 2017, "
              + "bottleneck 1).",
          "Create one pool and reuse it (a static final field or ForkJoinPool.commonPool()); inside a task, fork "
              + "or invoke the subtask instead.",
          "high");
  private static final Set<String> RELEASES =
      Set.of("shutdown", "shutdownNow", "close", "awaitTermination");

  PoolPerCall() {
    super(RULE);
  }

  @Override
  void inContext(Node node, Scope scope) {
    if (isNewPool(node)) {
      scope.report(
          this,
          node,
          "creates a new ForkJoinPool inside "
              + scope.where()
              + ": every execution starts a fresh set of worker threads",
          rule().fix());
    }
  }

  @Override
  void anywhere(Node node, FileScope file) {
    if (!isNewPool(node)) {
      return;
    }
    if (Syntax.enclosingLoop(node) != null) {
      file.report(
          this,
          node,
          "creates a new ForkJoinPool in a loop: every iteration starts and abandons "
              + "a set of worker threads",
          rule().fix());
      return;
    }
    Node callable = Syntax.enclosingCallable(node);
    if (!(callable instanceof MethodDeclaration method)
        || method.getNameAsString().equals("main")) {
      return;
    }
    Node parent = node.getParentNode().orElseThrow();
    if (parent instanceof MethodCallExpr call && call.getScope().orElse(null) == node) {
      file.report(
          this,
          node,
          "creates a new ForkJoinPool on every call of "
              + method.getNameAsString()
              + "() and never shuts it down",
          rule().fix());
    } else if (parent instanceof VariableDeclarator v
        && v.getParentNode().orElse(null) instanceof VariableDeclarationExpr decl
        && !(decl.getParentNode().orElse(null) instanceof TryStmt)
        && !released(method, v.getNameAsString())) {
      file.report(
          this,
          node,
          "creates a new ForkJoinPool on every call of "
              + method.getNameAsString()
              + "() and never shuts it down",
          rule().fix());
    }
  }

  private static boolean isNewPool(Node node) {
    return node instanceof ObjectCreationExpr created
        && created.getType().getNameAsString().equals("ForkJoinPool");
  }

  /**
   * Whether the local pool is shut down, closed, or escapes the method (returned, stored, passed
   * on).
   */
  private static boolean released(MethodDeclaration method, String pool) {
    for (NameExpr use : method.findAll(NameExpr.class, n -> n.getNameAsString().equals(pool))) {
      Node parent = use.getParentNode().orElseThrow();
      if (parent instanceof MethodCallExpr call) {
        if (call.getScope().orElse(null) == use && RELEASES.contains(call.getNameAsString())) {
          return true;
        }
        if (call.getArguments().stream().anyMatch(a -> a == use)) {
          return true;
        }
      }
      if (parent instanceof ReturnStmt
          || (parent instanceof AssignExpr assign && assign.getValue() == use)
          || parent instanceof ObjectCreationExpr) {
        return true;
      }
      if (parent instanceof TryStmt) {
        return true;
      }
    }
    return false;
  }
}
