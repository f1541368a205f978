package dev.forkscope.lint.fix;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import dev.forkscope.lint.Finding;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Sleepy worker: a sleep whose interruption is only re-asserted is removed, the whole statement
 *
 * <pre>{@code
 * try {
 *   Thread.sleep(c);             // or TimeUnit.X.sleep(c), Thread.sleep(c, n)
 * } catch (InterruptedException e) {
 *   Thread.currentThread().interrupt();
 * }
 * }</pre>
 *
 * <p>Implementation note: the statement has no effect but time. Every way through it ends with the
 * thread's interrupt status as it would be without it: a sleep returns normally only if it was not
 * interrupted, and it clears the status only when it throws, after which the handler sets it again.
 * The duration must be a non-negative constant (a literal or a {@code static final} field
 * initialized with one, in this file or in {@code Owner.java} beside it): evaluating it then has no
 * effect and cannot throw, and {@code Thread.sleep} cannot throw {@code IllegalArgumentException}.
 * An empty handler would swallow the interrupt and a rethrow would end the task, so any other
 * handler, any other catch clause, a finally block or resources block the rewrite. So does a sleep
 * that may be a wait in disguise: one in a {@code while} or {@code do} loop, in a loop it is all
 * the body of, or in a loop that can leave early; without the sleep such a loop would spin on what
 * another thread is to change.
 */
final class Sleeps {
  private static final Set<String> TIME_UNITS =
      Set.of("NANOSECONDS", "MICROSECONDS", "MILLISECONDS", "SECONDS", "MINUTES", "HOURS", "DAYS");
  private static final long MAX_NANOS = 999_999;

  private Sleeps() {}

  static Rewrite.Proposal drop(Finding finding, Source source) {
    MethodCallExpr sleep = source.at(finding, MethodCallExpr.class).orElse(null);
    if (sleep == null || !isSleep(sleep)) {
      return Rewrite.refuse(
          "only Thread.sleep and TimeUnit.X.sleep are removed; this call waits for another thread");
    }
    TryStmt guard = guardingTry(sleep);
    if (guard == null) {
      return Rewrite.refuse(
          "the sleep is not alone in try { .. } catch (InterruptedException e) {"
              + " Thread.currentThread().interrupt(); }: without that handler, removing it would"
              + " change what an interrupt does");
    }
    if (!guard.getResources().isEmpty() || guard.getFinallyBlock().isPresent()) {
      return Rewrite.refuse("the try around the sleep has resources or a finally block");
    }
    if (guard.getCatchClauses().size() != 1
        || !catchesInterrupted(guard.getCatchClauses().get(0))) {
      return Rewrite.refuse("the try around the sleep catches more than InterruptedException");
    }
    if (!onlyReinterrupts(guard.getCatchClauses().get(0).getBody())) {
      return Rewrite.refuse(
          "the handler is not just Thread.currentThread().interrupt(); (an empty one swallows"
              + " the interrupt, a rethrow ends the task): without the sleep an interrupt would"
              + " have another effect");
    }
    for (int i = 0; i < sleep.getArguments().size(); i++) {
      Expression argument = sleep.getArgument(i);
      OptionalLong value = constant(argument, source);
      if (value.isEmpty()) {
        return Rewrite.refuse(
            "the sleep's duration "
                + argument
                + " is not a non-negative constant: evaluating it may have effects or throw");
      }
      if (i == 1 && value.getAsLong() > MAX_NANOS) {
        return Rewrite.refuse(
            "Thread.sleep throws IllegalArgumentException for " + argument + " nanoseconds");
      }
    }
    String polling = polling(guard);
    if (polling != null) {
      return Rewrite.refuse(
          "the sleep is "
              + polling
              + ", so it may be waiting for another thread: without it the loop would spin");
    }
    if (!(guard.getParentNode().orElse(null) instanceof BlockStmt)) {
      return Rewrite.refuse("the try around the sleep is not a statement of a block");
    }
    return new Rewrite.Edits(
        "sleepy-worker@" + source.begin(guard),
        "removes " + sleep + ", which only delays the task (its interrupt is restored anyway)",
        List.of(source.removeLine(guard)));
  }

  private static boolean isSleep(MethodCallExpr call) {
    Expression scope = call.getScope().orElse(null);
    int arity = call.getArguments().size();
    if (!call.getNameAsString().equals("sleep") || scope == null) {
      return false;
    }
    if (scope instanceof NameExpr thread && thread.getNameAsString().equals("Thread")) {
      return arity == 1 || arity == 2;
    }
    return scope instanceof FieldAccessExpr unit
        && unit.getScope() instanceof NameExpr type
        && type.getNameAsString().equals("TimeUnit")
        && TIME_UNITS.contains(unit.getNameAsString())
        && arity == 1;
  }

  /** The try statement whose block is exactly {@code sleep;}, else null. */
  private static TryStmt guardingTry(MethodCallExpr sleep) {
    return sleep.getParentNode().orElse(null) instanceof ExpressionStmt statement
            && statement.getParentNode().orElse(null) instanceof BlockStmt block
            && block.getStatements().size() == 1
            && block.getParentNode().orElse(null) instanceof TryStmt guard
            && guard.getTryBlock() == block
        ? guard
        : null;
  }

  private static boolean catchesInterrupted(CatchClause clause) {
    String type = clause.getParameter().getType().asString();
    return type.equals("InterruptedException") || type.equals("java.lang.InterruptedException");
  }

  /** Whether a handler is exactly {@code Thread.currentThread().interrupt();}. */
  private static boolean onlyReinterrupts(BlockStmt handler) {
    return handler.getStatements().size() == 1
        && handler.getStatement(0) instanceof ExpressionStmt statement
        && statement.getExpression() instanceof MethodCallExpr interrupt
        && interrupt.getNameAsString().equals("interrupt")
        && interrupt.getArguments().isEmpty()
        && interrupt.getScope().orElse(null) instanceof MethodCallExpr current
        && current.getNameAsString().equals("currentThread")
        && current.getArguments().isEmpty()
        && current.getScope().map(Object::toString).filter("Thread"::equals).isPresent();
  }

  /**
   * The value of a non-negative integer constant: a literal, or a {@code static final} field (of a
   * class of this file, or {@code Owner.FIELD} of one beside it) initialized with a literal.
   */
  private static OptionalLong constant(Expression e, Source source) {
    if (e instanceof IntegerLiteralExpr i) {
      return OptionalLong.of(i.asNumber().longValue());
    }
    if (e instanceof LongLiteralExpr l) {
      return OptionalLong.of(l.asNumber().longValue());
    }
    String owner = null;
    String name;
    if (e instanceof NameExpr n) {
      name = n.getNameAsString();
    } else if (e instanceof FieldAccessExpr f && f.getScope() instanceof NameExpr o) {
      owner = o.getNameAsString();
      name = f.getNameAsString();
    } else {
      return OptionalLong.empty();
    }
    if (declaredLocally(owner == null ? name : owner, e)) {
      return OptionalLong.empty();
    }
    for (CompilationUnit unit : source.unitsDeclaring(owner)) {
      for (ClassOrInterfaceDeclaration type : unit.findAll(ClassOrInterfaceDeclaration.class)) {
        boolean declares =
            owner == null ? Nodes.isInside(e, type) : type.getNameAsString().equals(owner);
        for (FieldDeclaration field : declares ? type.getFields() : List.<FieldDeclaration>of()) {
          for (VariableDeclarator v : field.getVariables()) {
            if (v.getNameAsString().equals(name)
                && field.isStatic()
                && field.isFinal()
                && v.getType().isPrimitiveType()) {
              Expression init = v.getInitializer().orElse(null);
              return init instanceof IntegerLiteralExpr || init instanceof LongLiteralExpr
                  ? constant(init, source)
                  : OptionalLong.empty();
            }
          }
        }
      }
    }
    return OptionalLong.empty();
  }

  /** Whether a parameter or local of the method around {@code at} has this name. */
  private static boolean declaredLocally(String name, Node at) {
    Node method = at.findAncestor(CallableDeclaration.class).orElse(null);
    return method != null
        && (method.findFirst(Parameter.class, p -> p.getNameAsString().equals(name)).isPresent()
            || method
                .findFirst(VariableDeclarator.class, v -> v.getNameAsString().equals(name))
                .isPresent());
  }

  /** How the innermost loop around the sleep may be waiting, or null if it cannot be. */
  private static String polling(Statement guard) {
    for (Node n = guard.getParentNode().orElse(null);
        n != null && !(n instanceof CallableDeclaration) && !(n instanceof LambdaExpr);
        n = n.getParentNode().orElse(null)) {
      if (n instanceof WhileStmt || n instanceof DoStmt) {
        return "in a " + (n instanceof WhileStmt ? "while" : "do") + " loop";
      }
      if (n instanceof ForStmt || n instanceof ForEachStmt) {
        Statement body = n instanceof ForStmt f ? f.getBody() : ((ForEachStmt) n).getBody();
        if (n instanceof ForStmt f && f.getCompare().isEmpty()) {
          return "in a for loop without a condition";
        }
        if (body == guard || body instanceof BlockStmt b && b.getStatements().size() == 1) {
          return "all the body of its loop";
        }
        if (body.findFirst(BreakStmt.class).isPresent()
            || body.findFirst(ReturnStmt.class).isPresent()) {
          return "in a loop that can leave early";
        }
        return null;
      }
    }
    return null;
  }
}
