package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.IfStmt;
import java.util.HashSet;
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
  private static final Set<BinaryExpr.Operator> LINEAR =
      Set.of(BinaryExpr.Operator.PLUS, BinaryExpr.Operator.MINUS, BinaryExpr.Operator.MULTIPLY);
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

  /**
   * Whether the lambda is the action of {@code forEachOrdered}: its calls run one at a time in
   * encounter order, each happening-before the next, so its writes never race.
   */
  private static boolean oneAtATime(Node entry) {
    return entry.getParentNode().orElse(null) instanceof MethodCallExpr op
        && op.getNameAsString().equals("forEachOrdered");
  }

  private void report(Node node, String what, Scope scope) {
    if (oneAtATime(scope.entry())) {
      return;
    }
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
   * Whether an array slot belongs to one iteration only, so that no two threads write it: some
   * index of the access ({@code a[i]}, {@code a[i][j]}) is the element's own, or the slot is
   * written only under {@code if (g[j] == element)}, where each {@code j} matches one element.
   */
  private static boolean ownSlot(ArrayAccessExpr access, Scope scope) {
    if (!(scope.entry() instanceof LambdaExpr lambda)) {
      return false;
    }
    Set<String> elements = new HashSet<>();
    lambda.getParameters().forEach(p -> elements.add(p.getNameAsString()));
    for (Expression e = access; e instanceof ArrayAccessExpr a; e = Syntax.unwrap(a.getName())) {
      if (ownIndex(a.getIndex(), elements, lambda, scope.index(), 0)
          || guardedBy(a, a.getIndex(), elements, lambda)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether an index is a one-to-one function of the element: the element, a field or accessor of
   * it ({@code vi.i}, {@code e.getKey()}), or a sum, difference or product in which the element
   * appears outside any lookup or call ({@code i * d + j}, {@code base - (n - j) + i}), through
   * locals declared in the lambda and never reassigned. A lookup ({@code a[y[i]]}) or a division
   * ({@code a[i / 2]}) can map two elements to one slot and is not.
   */
  private static boolean ownIndex(
      Expression index, Set<String> elements, LambdaExpr lambda, ProjectIndex types, int depth) {
    Expression e = Syntax.unwrap(index);
    if (depth > 4) {
      return false;
    }
    if (e instanceof NameExpr name) {
      if (elements.contains(name.getNameAsString())) {
        return true;
      }
      Expression init = singleAssignmentLocal(name, lambda, types);
      return init != null && ownIndex(init, elements, lambda, types, depth + 1);
    }
    if (e instanceof FieldAccessExpr field) {
      return Syntax.unwrap(field.getScope()) instanceof NameExpr owner
          && elements.contains(owner.getNameAsString());
    }
    if (e instanceof MethodCallExpr call) {
      return call.getArguments().isEmpty()
          && call.getScope().map(Syntax::unwrap).orElse(null) instanceof NameExpr owner
          && elements.contains(owner.getNameAsString());
    }
    if (e instanceof CastExpr cast) {
      return ownIndex(cast.getExpression(), elements, lambda, types, depth);
    }
    if (e instanceof UnaryExpr unary && unary.getOperator() == UnaryExpr.Operator.MINUS) {
      return ownIndex(unary.getExpression(), elements, lambda, types, depth);
    }
    if (e instanceof BinaryExpr binary && LINEAR.contains(binary.getOperator())) {
      return ownIndex(binary.getLeft(), elements, lambda, types, depth)
          || ownIndex(binary.getRight(), elements, lambda, types, depth);
    }
    return false;
  }

  /** The initializer of a local declared in the lambda and never assigned again, or null. */
  private static Expression singleAssignmentLocal(
      NameExpr name, LambdaExpr lambda, ProjectIndex types) {
    Syntax.Var v = Syntax.variable(name, types).orElse(null);
    if (v == null
        || v.field()
        || v.init() == null
        || !Syntax.isInside(v.decl(), lambda)
        || lambda.getBody().findFirst(AssignExpr.class, a -> names(a.getTarget(), name)).isPresent()
        || lambda
            .getBody()
            .findFirst(
                UnaryExpr.class,
                u -> INCREMENTS.contains(u.getOperator()) && names(u.getExpression(), name))
            .isPresent()) {
      return null;
    }
    return v.init();
  }

  private static boolean names(Expression e, NameExpr name) {
    return Syntax.unwrap(e) instanceof NameExpr n
        && n.getNameAsString().equals(name.getNameAsString());
  }

  /**
   * Whether the write sits in the then-branch of {@code if (g[j] == element)} (either way round),
   * where {@code j} is the write's index: only the iteration whose element matches writes slot j.
   */
  private static boolean guardedBy(
      Node write, Expression index, Set<String> elements, LambdaExpr lambda) {
    if (!(Syntax.unwrap(index) instanceof NameExpr j)) {
      return false;
    }
    Node child = write;
    for (Node n = write.getParentNode().orElse(null);
        n != null && n != lambda;
        child = n, n = n.getParentNode().orElse(null)) {
      if (n instanceof IfStmt test
          && test.getThenStmt() == child
          && test.getCondition()
              .findFirst(BinaryExpr.class, b -> matches(b, j, elements))
              .isPresent()) {
        return true;
      }
    }
    return false;
  }

  private static boolean matches(BinaryExpr b, NameExpr j, Set<String> elements) {
    if (b.getOperator() != BinaryExpr.Operator.EQUALS) {
      return false;
    }
    return lookupAt(b.getLeft(), j) && isElement(b.getRight(), elements)
        || lookupAt(b.getRight(), j) && isElement(b.getLeft(), elements);
  }

  private static boolean lookupAt(Expression e, NameExpr j) {
    return Syntax.unwrap(e) instanceof ArrayAccessExpr a && names(a.getIndex(), j);
  }

  private static boolean isElement(Expression e, Set<String> elements) {
    return Syntax.unwrap(e) instanceof NameExpr n && elements.contains(n.getNameAsString());
  }

  /** The array variable under any number of index operations: {@code a} of {@code a[i][j]}. */
  private static Expression arrayOf(ArrayAccessExpr access) {
    Expression e = access;
    while (Syntax.unwrap(e) instanceof ArrayAccessExpr a) {
      e = a.getName();
    }
    return e;
  }

  /** A field, or an element of an array declared outside the lambda. */
  private static boolean sharedTarget(Expression target, Scope scope) {
    target = Syntax.unwrap(target);
    if (target instanceof ArrayAccessExpr access) {
      return !ownSlot(access, scope)
          && Syntax.variable(arrayOf(access), scope.index())
              .filter(v -> !Syntax.isInside(v.decl(), scope.entry()))
              .isPresent();
    }
    return Syntax.variable(target, scope.index()).filter(Syntax.Var::field).isPresent();
  }
}
