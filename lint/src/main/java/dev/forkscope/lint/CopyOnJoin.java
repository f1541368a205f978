package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import java.util.Set;

/** Bottleneck 3: subtask results merged by copying them (Pinto et al. 2017, Fig. 6, cq4j). */
final class CopyOnJoin extends Check {
  static final Rule RULE =
      new Rule(
          "copy-on-join",
          3,
          Severity.WARNING,
          FixSafety.NONE,
          "Copy on join",
          "Merging joined results by copying them into new collections or arrays repeats the copy at every level "
              + "and lengthens the wait at join barriers (Pinto et al. 2017, bottleneck 3).",
          "Pass a shared, preallocated result structure into the subtasks (each fills its own range), or use a "
              + "CountedCompleter or a concatenating structure instead of copying.",
          "high");
  private static final Set<String> RESULTS = Set.of("join", "invoke", "getRawResult", "compute");
  private static final Set<String> BULK_ADDS = Set.of("addAll", "putAll");

  CopyOnJoin() {
    super(RULE);
  }

  @Override
  void inContext(Node node, Scope scope) {
    if (scope.kind() != Scope.Kind.TASK) {
      return;
    }
    Expression joined = null;
    if (node instanceof MethodCallExpr call) {
      String name = call.getNameAsString();
      if (BULK_ADDS.contains(name) && !call.getArguments().isEmpty()) {
        joined = joined(call.getArgument(call.getArguments().size() - 1), scope);
      } else if (name.equals("arraycopy") && call.getArguments().size() == 5) {
        joined = joined(call.getArgument(0), scope);
      } else if ((name.equals("copyOf") || name.equals("copyOfRange"))
          && !call.getArguments().isEmpty()) {
        joined = joined(call.getArgument(0), scope);
      }
    } else if (node instanceof ObjectCreationExpr created
        && created.getArguments().size() == 1
        && Copies.COLLECTIONS.contains(created.getType().getNameAsString())) {
      joined = joined(created.getArgument(0), scope);
    }
    if (joined != null) {
      scope.report(
          this,
          node,
          "copies the result of a joined subtask ("
              + joined
              + ") into another "
              + "structure in "
              + scope.where()
              + ": the merge copy is repeated at every level",
          rule().fix());
    }
  }

  private static Expression joined(Expression e, Scope scope) {
    return Copies.source(e, scope.index(), CopyOnJoin::isSubtaskResult);
  }

  /**
   * {@code t.join()}, {@code t.invoke()}, {@code t.compute()} or {@code t.getRawResult()} on
   * another task.
   */
  private static boolean isSubtaskResult(Expression e) {
    return e instanceof MethodCallExpr call
        && RESULTS.contains(call.getNameAsString())
        && call.getArguments().isEmpty()
        && call.getScope().isPresent()
        && !(call.getScope().get() instanceof ThisExpr);
  }
}
