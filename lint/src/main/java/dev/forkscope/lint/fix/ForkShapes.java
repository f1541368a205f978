package dev.forkscope.lint.fix;

import static dev.forkscope.lint.ForkJoinShapes.forkedVariable;
import static dev.forkscope.lint.ForkJoinShapes.plainJoin;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import dev.forkscope.lint.Finding;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rewrites of the fork/join shape rules: fork every subtask, joins not innermost-first, fork
 * immediately joined. Each is a local edit of one block.
 *
 * <p>Implementation note: every rewrite keeps the set of tasks that run and the values their joins
 * return; it only changes which thread runs a task, or the order of two joins, within the freedom
 * the fork/join contract already gives the pool. A forked task may run at once, in this thread,
 * before any statement after the fork, so running it in place ({@code invoke()}) is one of the
 * schedules the original already allowed. What can differ is only which of two failing subtasks'
 * exceptions is thrown, and whether a sibling still runs after a subtask failed.
 */
final class ForkShapes {
  private ForkShapes() {}

  /** {@code a.fork(); b.fork(); .. b.join()} becomes {@code a.fork(); b.invoke(); .. b.join()}. */
  static Rewrite.Proposal forkEverySubtask(Finding finding, Source source) {
    MethodCallExpr fork = source.at(finding, MethodCallExpr.class).orElse(null);
    String task = fork == null ? null : forkedVariable(fork.getParentNode().orElse(null));
    if (task == null
        || !(fork.getParentNode().get().getParentNode().orElse(null) instanceof BlockStmt block)) {
      return Rewrite.refuse("the last fork is not a statement of its own, t.fork();");
    }
    Statement statement = (Statement) fork.getParentNode().get();
    int at = Nodes.indexOf(block.getStatements(), statement);
    for (Statement later : block.getStatements().subList(at + 1, block.getStatements().size())) {
      if (assigns(later, task)) {
        return Rewrite.refuse(task + " is assigned again before it is joined");
      }
    }
    return new Rewrite.Edits(
        "fork-every-subtask@" + source.begin(fork),
        "runs " + task + " in place with " + task + ".invoke() instead of forking every subtask",
        List.of(source.replace(fork, task + ".invoke()")));
  }

  /** Consecutive plain joins are reordered to the reverse of the order of their forks. */
  static Rewrite.Proposal joinsInnermostFirst(Finding finding, Source source) {
    MethodCallExpr join = source.at(finding, MethodCallExpr.class).orElse(null);
    Statement statement = join == null ? null : join.findAncestor(Statement.class).orElse(null);
    if (statement == null
        || !(statement.getParentNode().orElse(null) instanceof BlockStmt block)
        || plainJoin(statement) == null) {
      return Rewrite.refuse(
          "the joins are parts of a larger expression; only joins that are whole statements "
              + "(x = t.join();) are reordered");
    }
    NodeList<Statement> statements = block.getStatements();
    int at = Nodes.indexOf(statements, statement);
    List<String> forkOrder = new ArrayList<>();
    for (Statement s : statements.subList(0, at)) {
      String v = forkedVariable(s);
      if (v != null) {
        forkOrder.remove(v);
        forkOrder.add(v);
      }
    }
    int end = at;
    Set<String> seen = new HashSet<>();
    Set<String> targets = new HashSet<>();
    while (end < statements.size()) {
      Statement s = statements.get(end);
      MethodCallExpr j = s instanceof ReturnStmt ? null : plainJoin(s);
      String v = j == null ? null : j.getScope().get().toString();
      if (v == null || !forkOrder.contains(v) || !seen.add(v)) {
        break;
      }
      String target = target(s);
      if (target != null && (!targets.add(target) || seen.contains(target))) {
        return Rewrite.refuse("two of the joins assign the same variable " + target);
      }
      end++;
    }
    List<Statement> run = statements.subList(at, end);
    if (run.size() < 2) {
      return Rewrite.refuse("the joins are not consecutive statements");
    }
    for (int i = 1; i < run.size(); i++) {
      String between =
          source.text().substring(source.end(run.get(i - 1)), source.begin(run.get(i)));
      if (!between.isBlank()) {
        return Rewrite.refuse("comments between the joins would be separated from their code");
      }
    }
    List<Statement> ordered = new ArrayList<>(run);
    ordered.sort(
        (x, y) ->
            Integer.compare(
                forkOrder.indexOf(plainJoin(y).getScope().get().toString()),
                forkOrder.indexOf(plainJoin(x).getScope().get().toString())));
    List<TextEdit> edits = new ArrayList<>();
    for (int i = 0; i < run.size(); i++) {
      if (run.get(i) != ordered.get(i)) {
        edits.add(source.replace(run.get(i), source.text(ordered.get(i))));
      }
    }
    return new Rewrite.Edits(
        "joins-not-innermost-first@" + source.begin(statement),
        "joins innermost-first, in the reverse order of the forks",
        edits);
  }

  /** {@code t.fork().join()}, or {@code t.fork();} then {@code x = t.join();}, become invoke. */
  static Rewrite.Proposal forkImmediatelyJoined(Finding finding, Source source) {
    MethodCallExpr fork = source.at(finding, MethodCallExpr.class).orElse(null);
    if (fork == null || fork.getScope().isEmpty()) {
      return Rewrite.refuse("the fork is not of the form t.fork()");
    }
    String task = source.text(fork.getScope().get());
    if (fork.getParentNode().orElse(null) instanceof MethodCallExpr join
        && join.getScope().orElse(null) == fork) {
      return new Rewrite.Edits(
          "fork-immediately-joined@" + source.begin(fork),
          "runs " + task + " in place with " + invoke(join) + "()",
          List.of(source.replace(join, task + "." + invoke(join) + "()")));
    }
    Node statement = fork.getParentNode().orElse(null);
    if (!(statement instanceof ExpressionStmt)
        || !(statement.getParentNode().orElse(null) instanceof BlockStmt block)) {
      return Rewrite.refuse("the fork is not a statement of its own, t.fork();");
    }
    int at = Nodes.indexOf(block.getStatements(), statement);
    MethodCallExpr join =
        at + 1 < block.getStatements().size() ? plainJoin(block.getStatement(at + 1)) : null;
    if (join == null || !join.getScope().get().toString().equals(task)) {
      return Rewrite.refuse("the next statement is not a plain join of " + task);
    }
    return new Rewrite.Edits(
        "fork-immediately-joined@" + source.begin(fork),
        "runs " + task + " in place with " + invoke(join) + "()",
        List.of(
            source.removeLine(statement), source.replace(join, task + "." + invoke(join) + "()")));
  }

  private static String invoke(MethodCallExpr join) {
    return join.getNameAsString().equals("quietlyJoin") ? "quietlyInvoke" : "invoke";
  }

  /** The variable a plain-join statement assigns or declares, else null. */
  private static String target(Statement statement) {
    Expression e = ((ExpressionStmt) statement).getExpression();
    if (e instanceof AssignExpr assign) {
      return assign.getTarget().toString();
    }
    if (e instanceof VariableDeclarationExpr decl) {
      return decl.getVariable(0).getNameAsString();
    }
    return null;
  }

  private static boolean assigns(Statement statement, String variable) {
    return statement
        .findFirst(
            AssignExpr.class,
            a -> a.getTarget() instanceof NameExpr n && n.getNameAsString().equals(variable))
        .isPresent();
  }
}
