package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import java.util.Set;

/**
 * Small syntactic shapes of fork/join code, shared by the rules and by the rewrites of {@code fix}.
 */
public final class ForkJoinShapes {
  /** Calls that wait for a forked task's completion. */
  static final Set<String> JOINS = Set.of("join", "quietlyJoin");

  private ForkJoinShapes() {}

  /** The variable forked by a statement written {@code v.fork();}, else null. */
  public static String forkedVariable(Node statement) {
    if (statement instanceof ExpressionStmt es && Syntax.isCall(es.getExpression(), "fork", 0)) {
      MethodCallExpr fork = es.getExpression().asMethodCallExpr();
      return fork.getScope()
          .filter(Expression::isNameExpr)
          .map(s -> s.asNameExpr().getNameAsString())
          .orElse(null);
    }
    return null;
  }

  /**
   * The variable joined by a node written {@code v.join()} or {@code v.quietlyJoin()}, else null.
   */
  public static String joinedVariable(Node node) {
    if (node instanceof MethodCallExpr call
        && JOINS.contains(call.getNameAsString())
        && call.getArguments().isEmpty()) {
      return call.getScope()
          .filter(Expression::isNameExpr)
          .map(s -> s.asNameExpr().getNameAsString())
          .orElse(null);
    }
    return null;
  }

  /**
   * The join call of a statement that is only a join of a variable: {@code v.join();}, {@code x =
   * v.join();}, {@code T x = v.join();} or {@code return v.join();}; else null.
   */
  public static MethodCallExpr plainJoin(Statement statement) {
    Expression e = null;
    if (statement instanceof ReturnStmt r) {
      e = r.getExpression().orElse(null);
    } else if (statement instanceof ExpressionStmt es) {
      e = es.getExpression();
      if (e instanceof AssignExpr assign && assign.getOperator() == AssignExpr.Operator.ASSIGN) {
        e = assign.getValue();
      } else if (e instanceof VariableDeclarationExpr decl && decl.getVariables().size() == 1) {
        e = decl.getVariable(0).getInitializer().orElse(null);
      }
    }
    return e != null && joinedVariable(e) != null ? e.asMethodCallExpr() : null;
  }
}
