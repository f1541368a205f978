package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;

/**
 * Bottleneck 2: data copied for a subtask at every level of the recursion (Pinto et al. 2017, Fig.
 * 2; FJDetector). Only copies that flow into the constructor of a task are reported, so a copy made
 * in the sequential leaf (which creates no subtask) is not.
 */
final class CopyOnFork extends Check {
  static final Rule RULE =
      new Rule(
          "copy-on-fork",
          2,
          Severity.WARNING,
          FixSafety.SUGGESTION,
          "Copy on fork",
          "Copying the data for each subtask at every level of the recursion creates masses of short-lived "
              + "objects and up to O(n log n) copying, a burden for the allocator and the garbage collector "
              + "(Pinto et al. 2017, bottleneck 2).",
          "Share the array or list and pass index bounds (data, lo, hi) so each subtask works on its own range.",
          "high");

  CopyOnFork() {
    super(RULE);
  }

  @Override
  void inContext(Node node, Scope scope) {
    if (scope.kind() != Scope.Kind.TASK
        || !(node instanceof ObjectCreationExpr created)
        || !scope.index().isTask(created.getType().getNameAsString())) {
      return;
    }
    for (Expression arg : created.getArguments()) {
      Expression copy = Copies.source(arg, scope.index(), e -> Copies.isCopy(e, scope.index()));
      if (copy == null && arg instanceof NameExpr name) {
        copy = arrayCopyInto(name, scope);
      }
      if (copy != null) {
        scope.report(
            this,
            copy,
            "copies data for the subtask new "
                + created.getType().getNameAsString()
                + "(..) in "
                + scope.where()
                + ": the copy is repeated at every level of the recursion",
            rule().fix());
      }
    }
  }

  /** A {@code System.arraycopy} into a fresh local array that is then handed to a subtask. */
  private static Expression arrayCopyInto(NameExpr name, Scope scope) {
    boolean fresh =
        Copies.valuesOf(name, scope.index()).stream().anyMatch(v -> v instanceof ArrayCreationExpr);
    Node callable = Syntax.enclosingCallable(name);
    if (!fresh || callable == null) {
      return null;
    }
    return callable
        .findFirst(
            MethodCallExpr.class,
            c ->
                c.getNameAsString().equals("arraycopy")
                    && c.getArguments().size() == 5
                    && c.getArgument(2) instanceof NameExpr dest
                    && dest.getNameAsString().equals(name.getNameAsString()))
        .orElse(null);
  }
}
