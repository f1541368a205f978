package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import java.util.Set;

/**
 * A task kept in a local variable, forked, and then neither joined nor passed on: typically the
 * forgotten {@code left.join()}. CountedCompleters (completion by pending counts) and methods that
 * wait for quiescence are exempt. Fire-and-forget forks that keep no reference ({@code new
 * Msg(..).fork()}, or a task received as a parameter, as in Pinto's fork-first Akka, Listing 2) are
 * deliberate and not reported.
 */
final class ForkedNeverJoined extends Check {
  static final Rule RULE =
      Rule.builder("forked-never-joined")
          .severity(Severity.WARNING)
          .title("Forked but never joined")
          .why(
              "A forked task that is never joined loses its exceptions, which fork/join rethrows only to joiners, and "
                  + "nothing waits for its completion (ForkJoinTask javadoc).")
          .instead(
              "Join it (join, quietlyJoin or invokeAll), or make it a CountedCompleter if completion is tracked by "
                  + "pending counts.")
          .precision("high")
          .noRewrite(FixSafety.SUGGESTION)
          .build();
  private static final Set<String> QUIESCENCE =
      Set.of("helpQuiesce", "awaitQuiescence", "quietlyCompleteRoot");

  ForkedNeverJoined() {
    super(RULE);
  }

  @Override
  void inContext(Node node, Scope scope) {
    if (scope.kind() != Scope.Kind.TASK
        || scope.inCountedCompleter()
        || !Syntax.isCall(node, "fork", 0)) {
      return;
    }
    MethodCallExpr fork = (MethodCallExpr) node;
    Expression task = fork.getScope().map(Syntax::unwrap).orElse(null);
    Node callable = Syntax.enclosingCallable(fork);
    if (task == null || callable == null || Syntax.callableMentionsCall(fork, QUIESCENCE)) {
      return;
    }
    if (task instanceof NameExpr name && neverUsed(name, callable, scope)) {
      report(fork, name.getNameAsString(), scope);
    }
  }

  /** Whether a local task variable is only ever assigned and forked within its method. */
  private static boolean neverUsed(NameExpr name, Node callable, Scope scope) {
    Syntax.Var var = Syntax.lookup(name.getNameAsString(), name, scope.index(), false).orElse(null);
    if (var == null
        || var.field()
        || !(var.decl() instanceof VariableDeclarator)
        || scope.index().isCountedCompleter(var.type())
        || var.init() instanceof ObjectCreationExpr c
            && scope.index().isCountedCompleter(c.getType().getNameAsString())) {
      return false;
    }
    for (NameExpr use :
        callable.findAll(NameExpr.class, n -> n.getNameAsString().equals(name.getNameAsString()))) {
      Node parent = use.getParentNode().orElseThrow();
      boolean forked =
          parent instanceof MethodCallExpr call
              && call.getScope().orElse(null) == use
              && call.getNameAsString().equals("fork")
              && call.getParentNode().orElse(null) instanceof ExpressionStmt;
      boolean assigned = parent instanceof AssignExpr assign && assign.getTarget() == use;
      if (!forked && !assigned) {
        return false;
      }
    }
    return true;
  }

  private void report(MethodCallExpr fork, String task, Scope scope) {
    scope.report(
        this,
        fork,
        task
            + " is forked in "
            + scope.where()
            + " but never joined: its exceptions are lost and nothing waits for it",
        rule().fix().safety());
  }
}
