package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.Statement;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Forking every subtask and then only joining: {@code l.fork(); r.fork(); return l.join() +
 * r.join();}. The RecursiveTask javadoc's {@code f1.fork(); return f2.compute() + f1.join();} is
 * the fix.
 */
final class ForkEverySubtask extends Check {
  static final Rule RULE =
      Rule.builder("fork-every-subtask")
          .severity(Severity.WARNING)
          .title("Every subtask forked")
          .why(
              "Forking every subtask leaves the current worker nothing to do but wait in join; computing the last one "
                  + "directly saves a fork and a join per level (RecursiveTask javadoc; De Wael et al. 2014).")
          .instead(
              "Fork all but one subtask and run the last directly: left.fork(); r = right.invoke(); l = left.join(); "
                  + "or use invokeAll(left, right).")
          .precision("high")
          .rewrite(FixSafety.SAFE, Rule.Rewrite.RUN_LAST_SUBTASK)
          .build();
  private static final Set<String> LOCAL_RUNS = Set.of("compute", "invoke");

  ForkEverySubtask() {
    super(RULE);
  }

  @Override
  void inContext(Node node, Scope scope) {
    if (scope.kind() != Scope.Kind.TASK || !(node instanceof BlockStmt block)) {
      return;
    }
    NodeList<Statement> statements = block.getStatements();
    Set<String> forked = new LinkedHashSet<>();
    int lastFork = -1;
    for (int i = 0; i < statements.size(); i++) {
      String v = ForkJoinShapes.forkedVariable(statements.get(i));
      if (v != null) {
        forked.add(v);
        lastFork = i;
      }
    }
    if (forked.size() < 2 || lastFork + 1 >= statements.size()) {
      return;
    }
    Statement next = statements.get(lastFork + 1);
    boolean joinsNext =
        next.findFirst(MethodCallExpr.class, c -> forked.contains(ForkJoinShapes.joinedVariable(c)))
            .isPresent();
    boolean runsLocally =
        block
            .findFirst(
                MethodCallExpr.class,
                c ->
                    c.getNameAsString().equals("invokeAll")
                        || LOCAL_RUNS.contains(c.getNameAsString()) && c.getScope().isPresent())
            .isPresent();
    if (joinsNext && !runsLocally) {
      MethodCallExpr fork =
          ((ExpressionStmt) statements.get(lastFork)).getExpression().asMethodCallExpr();
      scope.report(
          this,
          fork,
          "forks every subtask ("
              + String.join(", ", forked)
              + ") in "
              + scope.where()
              + " and then only waits: run the last one with "
              + fork.getScope().orElseThrow()
              + ".invoke()",
          rule().fix().safety());
    }
  }
}
