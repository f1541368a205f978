package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.stmt.ForEachStmt;
import java.util.Set;

/** Bottleneck 3: subtask results merged by copying them (Pinto et al. 2017, Fig. 6, cq4j). */
final class CopyOnJoin extends Check {
  static final Rule RULE =
      Rule.builder("copy-on-join")
          .bottleneck(3)
          .severity(Severity.WARNING)
          .title("Copy on join")
          .why(
              "Merging joined results by copying them into new collections or arrays repeats the copy at every level "
                  + "and lengthens the wait at join barriers (Pinto et al. 2017, bottleneck 3).")
          .instead(
              "Pass a shared, preallocated result structure into the subtasks (each fills its own range), or use a "
                  + "CountedCompleter or a concatenating structure instead of copying.")
          .precision("high")
          .rewrite(FixSafety.SUGGESTION, Rule.Rewrite.FILTER_MARKS)
          .build();
  private static final Set<String> RESULTS = Set.of("join", "invoke", "getRawResult", "compute");
  private static final Set<String> BULK_ADDS = Set.of("addAll", "putAll");

  /** Calls that put one element into a collection or map. */
  private static final Set<String> INSERTS =
      Set.of("add", "put", "merge", "putIfAbsent", "offer", "addFirst", "addLast", "push");

  /** Views that iterate the elements of a map or a stream of a collection. */
  private static final Set<String> ELEMENT_VIEWS = Set.of("entrySet", "keySet", "values", "stream");

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
    if (joined == null) {
      joined = elementwiseMerge(node, scope);
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
          rule().fix().safety());
    }
  }

  private static Expression joined(Expression e, Scope scope) {
    return Copies.source(e, scope.index(), CopyOnJoin::isSubtaskResult);
  }

  /**
   * The joined result that a loop or a {@code forEach} copies element by element into another
   * structure: {@code for (E e : t.join()) out.add(e)}, {@code for (var e :
   * right.join().entrySet()) merged.merge(..)}, {@code right.forEach((k, v) -> result.merge(k, v,
   * ..))}. Reading a result (summing it, picking its best element) copies nothing.
   */
  private static Expression elementwiseMerge(Node node, Scope scope) {
    Expression source;
    Node body;
    if (node instanceof ForEachStmt loop) {
      source = loop.getIterable();
      body = loop.getBody();
    } else if (node instanceof MethodCallExpr call
        && call.getNameAsString().equals("forEach")
        && call.getArguments().size() == 1
        && call.getScope().isPresent()) {
      source = call.getScope().get();
      body = call.getArgument(0);
    } else {
      return null;
    }
    source = Syntax.unwrap(source);
    while (source instanceof MethodCallExpr view
        && ELEMENT_VIEWS.contains(view.getNameAsString())
        && view.getArguments().isEmpty()
        && view.getScope().isPresent()) {
      source = Syntax.unwrap(view.getScope().get());
    }
    Expression joined = joined(source, scope);
    if (joined == null) {
      return null;
    }
    boolean inserts =
        body.findFirst(
                    MethodCallExpr.class,
                    c -> INSERTS.contains(c.getNameAsString()) && c.getScope().isPresent())
                .isPresent()
            || body instanceof MethodReferenceExpr ref && INSERTS.contains(ref.getIdentifier());
    return inserts ? joined : null;
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
