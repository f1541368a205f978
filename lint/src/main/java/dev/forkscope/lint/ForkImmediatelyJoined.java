package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.Statement;

/**
 * {@code t.fork().join()} or {@code t.fork();} directly followed by {@code t.join()}: that is
 * {@code t.invoke()}.
 */
final class ForkImmediatelyJoined extends Check {
  static final Rule RULE =
      Rule.builder("fork-immediately-joined")
          .severity(Severity.NOTE)
          .title("Fork immediately joined")
          .why(
              "fork() followed at once by join() pushes the task onto the deque only to pop it again; invoke() runs it "
                  + "directly in the current thread with the same result (ForkJoinTask javadoc).")
          .instead("Call t.invoke() instead of t.fork() plus t.join().")
          .precision("very-high")
          .rewrite(FixSafety.SAFE, Rule.Rewrite.INVOKE)
          .build();

  ForkImmediatelyJoined() {
    super(RULE);
  }

  @Override
  void inContext(Node node, Scope scope) {
    if (!scope.isTaskLike()) {
      return;
    }
    if (node instanceof MethodCallExpr call
        && ForkJoinShapes.JOINS.contains(call.getNameAsString())
        && call.getArguments().isEmpty()
        && call.getScope().filter(s -> Syntax.isCall(s, "fork", 0)).isPresent()) {
      report(call.getScope().get(), scope);
    } else if (node instanceof BlockStmt block) {
      NodeList<Statement> statements = block.getStatements();
      for (int i = 0; i + 1 < statements.size(); i++) {
        String forked = ForkJoinShapes.forkedVariable(statements.get(i));
        if (forked != null
            && forked.equals(
                ForkJoinShapes.joinedVariable(ForkJoinShapes.plainJoin(statements.get(i + 1))))) {
          report(((ExpressionStmt) statements.get(i)).getExpression(), scope);
        }
      }
    }
  }

  private void report(Expression fork, Scope scope) {
    Expression task = ((MethodCallExpr) fork).getScope().orElseThrow();
    scope.report(
        this,
        fork,
        task
            + " is forked and immediately joined in "
            + scope.where()
            + ": call "
            + task
            + ".invoke() instead",
        rule().fix().safety());
  }
}
