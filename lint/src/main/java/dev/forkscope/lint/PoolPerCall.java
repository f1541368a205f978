package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.TryStmt;
import java.util.Comparator;
import java.util.Set;

/**
 * A new ForkJoinPool in a loop, inside a task, or on every call of a method, left running. A pool
 * created once in {@code main} or in a field, one shut down (or closed by try-with-resources, JDK
 * 19+) before the method returns, and one created and shut down within the same loop iteration are
 * fine.
 *
 * <p>Not one of the six bottlenecks of Pinto et al. (2017): their centralized pooling is about
 * submissions through a pool's shared queue ({@link CentralizedPooling}), so this rule has no
 * bottleneck number. A statement that creates several pools ({@code new ForkJoinPool(new
 * ForkJoinPool().getParallelism())}) gets one finding, at its first creation that is a problem.
 *
 * <p>A pool (or a local holding one) is the value of what it flows into through a conditional
 * expression's branches, casts and parentheses: {@code p = secure ? new ForkJoinPool(n) : new
 * ForkJoinPool(n, factory, null, false)} declares {@code p}, and {@code ((ForkJoinPool)
 * p).shutdown()} shuts it down. {@link #valueOf} climbs these wrappers wherever the rule asks what
 * a creation or a use of the local is part of.
 */
final class PoolPerCall extends Check {
  static final Rule RULE =
      Rule.builder("pool-per-call")
          .severity(Severity.WARNING)
          .title("Pool created per call")
          .why(
              "Each new ForkJoinPool starts its own workers, so a pool per call, per iteration or per task multiplies "
                  + "threads and splits the work into pools that cannot steal from each other; one that is never "
                  + "shut down leaves its idle workers behind until they time out.")
          .instead(
              "Create one pool and reuse it (a static final field or ForkJoinPool.commonPool()), or shut a "
                  + "short-lived pool down in the same call or iteration; inside a task, fork or invoke the "
                  + "subtask instead.")
          .precision("high")
          .noRewrite(
              FixSafety.SUGGESTION,
              "sharing one pool changes its lifetime and configuration: a design change")
          .snippet(
              "private static final ForkJoinPool POOL = "
                  + Rule.Fix.FLAGGED
                  + "; // once; use POOL here")
          .build();

  /** Calls that shut a pool down. */
  private static final Set<String> SHUTDOWNS = Set.of("shutdown", "shutdownNow", "close");

  /** Calls that shut a pool down, or wait for its shutdown: a local pool so used is released. */
  private static final Set<String> RELEASES =
      Set.of("shutdown", "shutdownNow", "close", "awaitTermination");

  /** Calls on a pool that hand it work, and so start its workers. */
  private static final Set<String> SUBMISSIONS =
      Set.of("invoke", "submit", "execute", "invokeAll", "invokeAny");

  PoolPerCall() {
    super(RULE);
  }

  @Override
  void inContext(Node node, Scope scope) {
    if (isNewPool(node) && firstInStatement(node, n -> true)) {
      scope.report(
          this,
          node,
          "creates a new ForkJoinPool inside "
              + scope.where()
              + ": every execution starts a fresh set of worker threads",
          rule().fix().safety());
    }
  }

  @Override
  void anywhere(Node node, FileScope file) {
    if (!isNewPool(node)) {
      return;
    }
    String problem = problem((ObjectCreationExpr) node);
    if (problem != null && firstInStatement(node, n -> problem(n) != null)) {
      file.report(this, node, problem, rule().fix().safety());
    }
  }

  /** What is wrong with a pool created here outside any task, or null. */
  private static String problem(ObjectCreationExpr created) {
    Expression value = valueOf(created);
    Node parent = value.getParentNode().orElseThrow();
    Statement loop = Syntax.enclosingLoop(created);
    if (loop != null) {
      if (escapes(value, parent) || startsNoWork(value, parent)) {
        return null;
      }
      String variable = variableOf(value, parent);
      if (parent instanceof VariableDeclarator v && isResource(v)) {
        return null;
      }
      if (variable != null && shutDownWithin(loop, variable)) {
        return null;
      }
      return "creates a new ForkJoinPool in a loop and does not shut it down in the same "
          + "iteration: every iteration starts worker threads that outlive it";
    }
    Node callable = Syntax.enclosingCallable(created);
    if (!(callable instanceof MethodDeclaration method)
        || method.getNameAsString().equals("main")) {
      return null;
    }
    String leak =
        "creates a new ForkJoinPool on every call of "
            + method.getNameAsString()
            + "() and never shuts it down: every call starts worker threads that linger until they "
            + "time out";
    if (parent instanceof MethodCallExpr call
        && call.getScope().orElse(null) == value
        && SUBMISSIONS.contains(call.getNameAsString())) {
      return leak;
    }
    if (parent instanceof VariableDeclarator v
        && !isResource(v)
        && !released(method, v.getNameAsString())) {
      return leak;
    }
    return null;
  }

  /**
   * The expression whose value {@code expression} is: itself, or the conditional expression (of
   * which it is a branch), cast or parenthesised expression around it, climbed as far as they go.
   */
  private static Expression valueOf(Expression expression) {
    Expression value = expression;
    while (value.getParentNode().orElse(null) instanceof Expression wrapper
        && (wrapper instanceof CastExpr
            || wrapper instanceof EnclosedExpr
            || (wrapper instanceof ConditionalExpr conditional
                && conditional.getCondition() != value))) {
      value = wrapper;
    }
    return value;
  }

  private static boolean isNewPool(Node node) {
    return node instanceof ObjectCreationExpr created
        && created.getType().getNameAsString().equals("ForkJoinPool");
  }

  /**
   * Whether no other pool creation that passes the test comes before this one in the same statement
   * (or field declaration).
   */
  private static boolean firstInStatement(
      Node node, java.util.function.Predicate<ObjectCreationExpr> test) {
    Node statement = node;
    while (statement.getParentNode().isPresent()
        && !(statement instanceof Statement)
        && !(statement instanceof BodyDeclaration<?>)) {
      statement = statement.getParentNode().get();
    }
    return statement.findAll(ObjectCreationExpr.class, c -> isNewPool(c) && test.test(c)).stream()
        .min(Comparator.comparing(c -> c.getBegin().orElseThrow()))
        .map(first -> first == node)
        .orElse(true);
  }

  /**
   * A pool only asked a question ({@code new ForkJoinPool().getParallelism()}) starts no thread.
   */
  private static boolean startsNoWork(Expression pool, Node parent) {
    return parent instanceof MethodCallExpr call
        && call.getScope().orElse(null) == pool
        && !SUBMISSIONS.contains(call.getNameAsString());
  }

  /** A pool stored or handed on (an element of an array or a collection, a field) is kept. */
  private static boolean escapes(Expression pool, Node parent) {
    if (parent instanceof MethodCallExpr call) {
      return call.getArguments().stream().anyMatch(a -> a == pool);
    }
    if (parent instanceof AssignExpr assign && assign.getValue() == pool) {
      return !(assign.getTarget() instanceof NameExpr name)
          || Syntax.lookup(name.getNameAsString(), name, null, false)
              .map(Syntax.Var::field)
              .orElse(true);
    }
    return parent instanceof ReturnStmt || parent instanceof ObjectCreationExpr;
  }

  /** The local a creation is stored in, declared ({@code var p = new ..}) or assigned. */
  private static String variableOf(Expression pool, Node parent) {
    if (parent instanceof VariableDeclarator v) {
      return v.getNameAsString();
    }
    if (parent instanceof AssignExpr assign
        && assign.getValue() == pool
        && assign.getTarget() instanceof NameExpr name) {
      return name.getNameAsString();
    }
    return null;
  }

  /**
   * A resource of try-with-resources: closed (JDK 19+: shut down and awaited) at the block's end.
   */
  private static boolean isResource(VariableDeclarator v) {
    return v.getParentNode().orElse(null) instanceof VariableDeclarationExpr decl
        && decl.getParentNode().orElse(null) instanceof TryStmt;
  }

  private static boolean shutDownWithin(Node scope, String pool) {
    return scope.findAll(NameExpr.class, n -> n.getNameAsString().equals(pool)).stream()
        .anyMatch(use -> isShutDown(use, SHUTDOWNS));
  }

  /** Whether this use of a local pool (through any wrapper) is the scope of one of these calls. */
  private static boolean isShutDown(NameExpr use, Set<String> calls) {
    Expression value = valueOf(use);
    return value.getParentNode().orElse(null) instanceof MethodCallExpr call
        && call.getScope().orElse(null) == value
        && calls.contains(call.getNameAsString());
  }

  /**
   * Whether the local pool is shut down, closed, or escapes the method (returned, stored, passed
   * on).
   */
  private static boolean released(MethodDeclaration method, String pool) {
    for (NameExpr use : method.findAll(NameExpr.class, n -> n.getNameAsString().equals(pool))) {
      if (isShutDown(use, RELEASES)) {
        return true;
      }
      Expression value = valueOf(use);
      Node parent = value.getParentNode().orElseThrow();
      if (parent instanceof MethodCallExpr call
          && call.getArguments().stream().anyMatch(a -> a == value)) {
        return true;
      }
      if (parent instanceof ReturnStmt
          || (parent instanceof AssignExpr assign && assign.getValue() == value)
          || parent instanceof ObjectCreationExpr) {
        return true;
      }
      if (parent instanceof TryStmt) {
        return true;
      }
    }
    return false;
  }
}
