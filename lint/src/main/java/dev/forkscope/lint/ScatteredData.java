package dev.forkscope.lint;

import com.github.javaparser.Position;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.Statement;
import java.util.Set;

/**
 * Bottleneck 4, scattered data (Pinto et al. 2017, Fig. 8, CSSTProto): a loop that creates and
 * forks the subtasks one at a time ("abababab c": a prepares a subtask, b forks it) and joins them
 * afterwards. The paper's fix is to create the subtasks first and hand them to {@code invokeAll}.
 * The linked-subtasks idiom (RecursiveAction javadoc: each forked task linked to the previous one
 * through a field, or {@code tryUnfork} and {@code getSurplusQueuedTaskCount}) is exempt, and so is
 * a loop whose tasks are never joined (a CountedCompleter's completion).
 */
final class ScatteredData extends Check {
  static final Rule RULE =
      Rule.builder("scattered-data")
          .bottleneck(4)
          .severity(Severity.WARNING)
          .title("Scattered data")
          .why(
              "Creating and forking subtasks one at a time in a loop (create, fork, create, fork, ..., join) scatters "
                  + "their data and pollutes caches; batching the forks cut CSSTProto's energy by 9.8% "
                  + "(Pinto et al. 2017, bottleneck 4).")
          .instead(
              "Create the subtasks first (into a list or an array), then fork them all with "
                  + "ForkJoinTask.invokeAll(tasks) and collect the results.")
          .precision("high")
          .rewrite(FixSafety.SUGGESTION, Rule.Rewrite.BATCHED_FORKS)
          .build();
  private static final Set<String> LINKED_IDIOM = Set.of("tryUnfork", "getSurplusQueuedTaskCount");

  ScatteredData() {
    super(RULE);
  }

  @Override
  void inContext(Node node, Scope scope) {
    if (scope.kind() != Scope.Kind.TASK || !Syntax.isCall(node, "fork", 0)) {
      return;
    }
    MethodCallExpr fork = (MethodCallExpr) node;
    Statement loop = Syntax.enclosingLoop(fork);
    Node callable = Syntax.enclosingCallable(fork);
    if (loop == null
        || callable == null
        || fork.getScope().isEmpty()
        || Syntax.callableMentionsCall(fork, LINKED_IDIOM)
        || !preparedInLoop(fork.getScope().get(), loop)
        || linked(fork.getScope().get(), loop)
        || !joinedAfter(callable, loop)) {
      return;
    }
    scope.report(
        this,
        fork,
        "forks subtasks one at a time in a loop and joins them afterwards in "
            + scope.where()
            + " (create, fork, create, fork, ..., join): use invokeAll",
        rule().fix().safety());
  }

  /** Whether the forked task is made (or picked) in the same iteration that forks it. */
  private static boolean preparedInLoop(Expression forked, Statement loop) {
    forked = Syntax.unwrap(forked);
    if (forked instanceof ObjectCreationExpr
        || forked instanceof MethodCallExpr
        || forked instanceof ArrayAccessExpr) {
      return true;
    }
    if (!(forked instanceof NameExpr name)) {
      return false;
    }
    String var = name.getNameAsString();
    if (loop instanceof ForEachStmt each
        && each.getVariableDeclarator().getNameAsString().equals(var)) {
      return true;
    }
    return loop.findFirst(VariableDeclarator.class, v -> v.getNameAsString().equals(var))
            .isPresent()
        || loop.findFirst(
                AssignExpr.class,
                a -> a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(var))
            .isPresent();
  }

  /**
   * Whether each forked task is linked to the previous one through a field ({@code previous.next =
   * task}): the linked-subtasks idiom, whose joins walk the chain from the oldest fork.
   */
  private static boolean linked(Expression forked, Statement loop) {
    return Syntax.unwrap(forked) instanceof NameExpr name
        && loop.findFirst(
                AssignExpr.class,
                a ->
                    a.getTarget() instanceof FieldAccessExpr
                        && Syntax.unwrap(a.getValue()) instanceof NameExpr v
                        && v.getNameAsString().equals(name.getNameAsString()))
            .isPresent();
  }

  private static boolean joinedAfter(Node callable, Statement loop) {
    Position end = loop.getEnd().orElse(null);
    return end != null
        && callable
            .findFirst(
                MethodCallExpr.class,
                c ->
                    ForkJoinShapes.JOINS.contains(c.getNameAsString())
                        && c.getArguments().isEmpty()
                        && c.getBegin().map(b -> b.isAfter(end)).orElse(false))
            .isPresent();
  }
}
