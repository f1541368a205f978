package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import java.util.Set;

/**
 * Side effects of a parallel stream lambda on state declared outside it: adding to a
 * non-thread-safe collection, or writing a field or a captured array.
 */
final class SharedStateInParallelStream extends Check {
  static final Rule RULE =
      Rule.builder("shared-state-in-parallel-stream")
          .severity(Severity.ERROR)
          .title("Shared mutable state in a parallel stream")
          .why(
              "Stream operations must be non-interfering and stateless; writing to shared, non-thread-safe state from a "
                  + "parallel stream races and loses updates (java.util.stream package docs; Effective Java item 48).")
          .instead(
              "Produce the result with collect(Collectors.toList()), toMap, groupingBy or reduce instead of side effects.")
          .precision("high")
          .noRewrite(FixSafety.SUGGESTION)
          .build();
  private static final Set<String> MUTATORS =
      Set.of(
          "add",
          "addAll",
          "put",
          "putAll",
          "remove",
          "set",
          "clear",
          "addFirst",
          "addLast",
          "offer",
          "push",
          "merge",
          "compute",
          "computeIfAbsent",
          "computeIfPresent",
          "putIfAbsent",
          "replace");
  private static final Set<String> UNSAFE =
      Set.of(
          "ArrayList",
          "LinkedList",
          "HashSet",
          "LinkedHashSet",
          "TreeSet",
          "HashMap",
          "LinkedHashMap",
          "TreeMap",
          "ArrayDeque",
          "PriorityQueue");
  private static final Set<UnaryExpr.Operator> INCREMENTS =
      Set.of(
          UnaryExpr.Operator.PREFIX_INCREMENT,
          UnaryExpr.Operator.PREFIX_DECREMENT,
          UnaryExpr.Operator.POSTFIX_INCREMENT,
          UnaryExpr.Operator.POSTFIX_DECREMENT);

  SharedStateInParallelStream() {
    super(RULE);
  }

  @Override
  void inContext(Node node, Scope scope) {
    if (scope.kind() != Scope.Kind.STREAM || !scope.direct()) {
      return;
    }
    if (node instanceof MethodCallExpr call
        && MUTATORS.contains(call.getNameAsString())
        && call.getScope().isPresent()
        && unsafeShared(call.getScope().get(), scope)) {
      report(
          call,
          call.getScope().get() + "." + call.getNameAsString() + "() writes to a collection shared",
          scope);
    } else if (node instanceof MethodReferenceExpr ref
        && MUTATORS.contains(ref.getIdentifier())
        && unsafeShared(ref.getScope(), scope)) {
      report(ref, ref + " writes to a collection shared", scope);
    } else if (node instanceof UnaryExpr unary
        && INCREMENTS.contains(unary.getOperator())
        && sharedTarget(unary.getExpression(), scope)) {
      report(unary, unary + " updates a variable shared", scope);
    } else if (node instanceof AssignExpr assign && sharedTarget(assign.getTarget(), scope)) {
      report(assign, assign.getTarget() + " is written as shared state", scope);
    }
  }

  private void report(Node node, String what, Scope scope) {
    scope.report(
        this,
        node,
        what + " by all threads of " + scope.where() + ": updates race and get lost",
        rule().fix().safety());
  }

  /**
   * A variable declared outside the lambda whose type or initializer is a non-thread-safe
   * collection.
   */
  private static boolean unsafeShared(Expression receiver, Scope scope) {
    return Syntax.variable(receiver, scope.index())
        .filter(v -> !Syntax.isInside(v.decl(), scope.entry()))
        .filter(
            v ->
                v.type() != null && UNSAFE.contains(v.type())
                    || v.init() instanceof ObjectCreationExpr c
                        && UNSAFE.contains(c.getType().getNameAsString()))
        .isPresent();
  }

  /**
   * Whether an array is indexed by the lambda's own parameter ({@code i -> a[i] = f(i)}, as in
   * {@code Arrays.parallelSetAll}): each element is written by one thread only.
   */
  private static boolean indexedByElement(ArrayAccessExpr access, Scope scope) {
    Expression index = Syntax.unwrap(access.getIndex());
    return scope.entry() instanceof LambdaExpr lambda
        && index instanceof NameExpr name
        && lambda.getParameters().stream()
            .anyMatch(p -> p.getNameAsString().equals(name.getNameAsString()));
  }

  /** A field, or an element of an array declared outside the lambda. */
  private static boolean sharedTarget(Expression target, Scope scope) {
    target = Syntax.unwrap(target);
    if (target instanceof ArrayAccessExpr access) {
      return !indexedByElement(access, scope)
          && Syntax.variable(access.getName(), scope.index())
              .filter(v -> !Syntax.isInside(v.decl(), scope.entry()))
              .isPresent();
    }
    return Syntax.variable(target, scope.index()).filter(Syntax.Var::field).isPresent();
  }
}
