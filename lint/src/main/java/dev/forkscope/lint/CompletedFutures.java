package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import java.util.Set;

/**
 * Futures that are complete wherever a {@code get()} or {@code join()} on them runs, so the call
 * returns at once instead of waiting. Shown from the code around the call:
 *
 * <ul>
 *   <li>the future is made complete: {@code CompletableFuture.completedFuture(..)}, {@code
 *       failedFuture}, Guava's {@code immediateFuture}, or a task run at once by a direct executor
 *       ({@code supplyAsync(s, Runnable::run)}, {@code MoreExecutors.newDirectExecutorService()
 *       .submit(..)}), directly or through the local that holds it;
 *   <li>the call runs only once the future is done: in the then-branch of {@code if (f.isDone())},
 *       or after {@code if (.. || !f.isDone() || ..) return;};
 *   <li>the call runs in a callback of the future itself ({@code f.thenApply(v -> f.join())}) or of
 *       {@code CompletableFuture.allOf(..)} over it, or over the collection whose elements it joins
 *       ({@code allOf(fs.toArray(..)).thenApply(v -> fs.stream().map(CompletableFuture::join))}).
 * </ul>
 *
 * Futures are matched by the expression as written ({@code fs}, {@code this.f}), which is enough
 * for these local shapes.
 */
final class CompletedFutures {
  private static final Set<String> COMPLETED =
      Set.of(
          "completedFuture",
          "failedFuture",
          "completedStage",
          "failedStage",
          "immediateFuture",
          "immediateFailedFuture",
          "immediateVoidFuture",
          "immediateCancelledFuture");
  private static final Set<String> DIRECT_EXECUTORS =
      Set.of("directExecutor", "newDirectExecutorService");

  private CompletedFutures() {}

  /**
   * Whether the future a blocking {@code get}/{@code join} call (or a {@code Type::join} reference)
   * waits for is complete wherever the call runs.
   */
  static boolean complete(Node call, ProjectIndex index) {
    if (call instanceof MethodCallExpr c && c.getScope().isPresent()) {
      Expression future = Syntax.unwrap(c.getScope().get());
      return madeComplete(future, index)
          || named(future)
              && (afterIsDone(c, future.toString()) || inCallbackOf(c, future.toString()));
    }
    Expression elements =
        call instanceof MethodReferenceExpr ref ? Syntax.unwrap(streamSource(ref)) : null;
    return named(elements) && inCallbackOf(call, elements.toString());
  }

  /** A variable ({@code f}, {@code this.f}, {@code a.f}): the same future each time it is read. */
  private static boolean named(Expression e) {
    return e instanceof NameExpr
        || e instanceof FieldAccessExpr f
            && (f.getScope() instanceof ThisExpr || named(f.getScope()));
  }

  private static boolean madeComplete(Expression future, ProjectIndex index) {
    Expression made =
        future instanceof MethodCallExpr
            ? future
            : Syntax.variable(future, index)
                .filter(v -> !v.field())
                .map(Syntax.Var::init)
                .map(Syntax::unwrap)
                .orElse(null);
    if (!(made instanceof MethodCallExpr call)) {
      return false;
    }
    String name = call.getNameAsString();
    if (COMPLETED.contains(name)) {
      return true;
    }
    if ((name.equals("supplyAsync") || name.equals("runAsync"))
        && call.getArguments().size() == 2) {
      return directExecutor(call.getArgument(1), index);
    }
    return name.equals("submit")
        && call.getScope().filter(pool -> directExecutor(pool, index)).isPresent();
  }

  /**
   * An executor that runs a task in the calling thread: {@code Runnable::run}, {@code r ->
   * r.run()}, Guava's direct executors, or a local holding one.
   */
  private static boolean directExecutor(Expression e, ProjectIndex index) {
    Expression x = Syntax.unwrap(e);
    if (x instanceof MethodReferenceExpr ref) {
      return ref.getIdentifier().equals("run") && ref.getScope().toString().equals("Runnable");
    }
    if (x instanceof LambdaExpr lambda && lambda.getParameters().size() == 1) {
      String p = lambda.getParameter(0).getNameAsString();
      return lambda.getExpressionBody().filter(b -> b.toString().equals(p + ".run()")).isPresent();
    }
    if (x instanceof MethodCallExpr call) {
      return DIRECT_EXECUTORS.contains(call.getNameAsString());
    }
    return Syntax.variable(x, index)
        .filter(v -> !v.field() && v.init() != null)
        .filter(v -> directExecutor(v.init(), index))
        .isPresent();
  }

  /**
   * Whether the node runs in the then-branch of {@code if (f.isDone() ..)} or after an early exit
   * {@code if (.. || !f.isDone() || ..) return;}, within its own method or lambda.
   */
  private static boolean afterIsDone(Node node, String future) {
    Node child = node;
    for (Node n = node.getParentNode().orElse(null);
        n != null && !(n instanceof CallableDeclaration<?>) && !(n instanceof LambdaExpr);
        child = n, n = n.getParentNode().orElse(null)) {
      if (n instanceof IfStmt test
          && test.getThenStmt() == child
          && conjuncts(test.getCondition(), future, false)) {
        return true;
      }
      if (n instanceof BlockStmt block) {
        for (Statement s : block.getStatements()) {
          if (s == child) {
            break;
          }
          if (s instanceof IfStmt exit
              && exit.getElseStmt().isEmpty()
              && Syntax.leavesBlock(exit.getThenStmt())
              && conjuncts(exit.getCondition(), future, true)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * Whether a condition holds only when {@code future.isDone()} does ({@code negated}: only when it
   * does not, as in {@code a || !f.isDone()}).
   */
  private static boolean conjuncts(Expression condition, String future, boolean negated) {
    Expression c = Syntax.unwrap(condition);
    BinaryExpr.Operator joint = negated ? BinaryExpr.Operator.OR : BinaryExpr.Operator.AND;
    if (c instanceof BinaryExpr b && b.getOperator() == joint) {
      return conjuncts(b.getLeft(), future, negated) || conjuncts(b.getRight(), future, negated);
    }
    if (negated) {
      return c instanceof UnaryExpr not
          && not.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT
          && isDone(not.getExpression(), future);
    }
    return isDone(c, future);
  }

  private static boolean isDone(Expression e, String future) {
    return Syntax.unwrap(e) instanceof MethodCallExpr call
        && call.getNameAsString().equals("isDone")
        && call.getArguments().isEmpty()
        && call.getScope().map(s -> Syntax.unwrap(s).toString().equals(future)).orElse(false);
  }

  /**
   * Whether the node is in a lambda handed to a dependent stage ({@code thenApply}, {@code
   * whenComplete}, ..) of {@code future} itself or of {@code CompletableFuture.allOf(..)} over it
   * ({@code allOf(a, b)}, {@code allOf(fs.toArray(..))}, {@code allOf(array)}): the stage runs
   * after the future completes.
   */
  private static boolean inCallbackOf(Node node, String future) {
    for (Node n = node.getParentNode().orElse(null);
        n != null;
        n = n.getParentNode().orElse(null)) {
      if (n instanceof LambdaExpr lambda
          && lambda.getParentNode().orElse(null) instanceof MethodCallExpr stage
          && dependent(stage.getNameAsString())
          && stage.getScope().filter(s -> completesWith(s, future)).isPresent()) {
        return true;
      }
      if (n instanceof CallableDeclaration<?>) {
        return false;
      }
    }
    return false;
  }

  private static boolean dependent(String method) {
    return method.startsWith("then")
        || method.startsWith("handle")
        || method.startsWith("whenComplete")
        || method.startsWith("exceptionally");
  }

  /** Whether the stage a callback hangs on completes only after {@code future} has. */
  private static boolean completesWith(Expression stage, String future) {
    Expression s = Syntax.unwrap(stage);
    if (s.toString().equals(future)) {
      return true;
    }
    return s instanceof MethodCallExpr allOf
        && allOf.getNameAsString().equals("allOf")
        && allOf.getArguments().stream()
            .map(Syntax::unwrap)
            .anyMatch(
                a ->
                    a.toString().equals(future)
                        || a instanceof MethodCallExpr toArray
                            && toArray.getNameAsString().equals("toArray")
                            && toArray
                                .getScope()
                                .map(c -> c.toString().equals(future))
                                .orElse(false));
  }

  /**
   * The collection or array whose elements a method reference in a stream stage receives: {@code
   * fs} of {@code fs.stream().map(CompletableFuture::join)}, {@code Arrays.stream(fs)} or {@code
   * Stream.of(fs)}; null for any other shape.
   */
  private static Expression streamSource(MethodReferenceExpr ref) {
    if (!(ref.getParentNode().orElse(null) instanceof MethodCallExpr stage)) {
      return null;
    }
    Expression e = stage.getScope().orElse(null);
    while (e instanceof MethodCallExpr call) {
      String name = call.getNameAsString();
      if ((name.equals("stream") || name.equals("parallelStream"))
          && call.getArguments().isEmpty()) {
        return call.getScope().orElse(null);
      }
      if ((name.equals("stream") || name.equals("of")) && call.getArguments().size() == 1) {
        return call.getArgument(0);
      }
      e = call.getScope().orElse(null);
    }
    return null;
  }
}
