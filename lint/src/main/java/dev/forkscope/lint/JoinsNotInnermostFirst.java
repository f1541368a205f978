package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.Statement;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * Joins in the same order as the forks: {@code a.fork(); b.fork(); a.join(); b.join();}. The
 * ForkJoinTask javadoc asks for innermost-first joins, {@code b.join(); a.join();}.
 */
final class JoinsNotInnermostFirst extends Check {
  static final Rule RULE =
      Rule.builder("joins-not-innermost-first")
          .severity(Severity.NOTE)
          .title("Joins not innermost-first")
          .why(
              "Returns (joins) should be performed innermost-first: the task forked last sits on top of the worker's "
                  + "deque and can be run directly, while joining an older one first makes the worker wait or "
                  + "steal (ForkJoinTask javadoc).")
          .instead("Join in the reverse order of forking: a.fork(); b.fork(); b.join(); a.join();")
          .precision("very-high")
          .rewrite(FixSafety.SAFE, Rule.Rewrite.JOINS_INNERMOST_FIRST)
          .build();

  JoinsNotInnermostFirst() {
    super(RULE);
  }

  @Override
  void inContext(Node node, Scope scope) {
    if (scope.kind() != Scope.Kind.TASK || !(node instanceof BlockStmt block)) {
      return;
    }
    Deque<String> pending = new ArrayDeque<>();
    Set<String> forked = new HashSet<>();
    for (Statement statement : block.getStatements()) {
      String fork = ForkJoinShapes.forkedVariable(statement);
      if (fork != null) {
        pending.remove(fork);
        pending.push(fork);
        forked.add(fork);
        continue;
      }
      if (forked.size() < 2) {
        continue;
      }
      for (MethodCallExpr call :
          statement.findAll(MethodCallExpr.class, Node.TreeTraversal.PREORDER)) {
        String joined = ForkJoinShapes.joinedVariable(call);
        if (joined == null || !pending.contains(joined)) {
          continue;
        }
        if (!joined.equals(pending.peek())) {
          String innermost = pending.peek();
          boolean plain = ForkJoinShapes.plainJoin(statement) != null;
          scope.report(
              this,
              call,
              "joins "
                  + joined
                  + " before "
                  + innermost
                  + ", which was forked later, in "
                  + scope.where()
                  + ": join innermost-first ("
                  + innermost
                  + " first)",
              plain ? FixSafety.SAFE : FixSafety.SUGGESTION);
          return;
        }
        pending.pop();
      }
    }
  }
}
