package dev.forkscope.lint;

import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import java.util.Map;
import java.util.Set;

/**
 * Recognises where execution contexts start: execution methods of task classes, and functions
 * handed to a ForkJoinPool, a parallel stream or a CompletableFuture async method.
 */
final class Entries {
  /** Methods a worker calls to run a task. */
  static final Set<String> EXECUTION_METHODS = Set.of("compute", "exec", "run", "call");

  /** ForkJoinPool methods that accept a task or a function from outside. */
  static final Set<String> POOL_SUBMISSIONS = Set.of("execute", "submit", "invoke", "invokeAll");

  private static final Set<String> STREAM_SOURCES =
      Set.of(
          "stream",
          "parallelStream",
          "range",
          "rangeClosed",
          "of",
          "iterate",
          "generate",
          "lines",
          "chars",
          "codePoints",
          "ints",
          "longs",
          "doubles",
          "parallel");

  /** CompletionStage methods whose function runs when the stage completes, on that thread. */
  private static final Set<String> ON_COMPLETION =
      Set.of(
          "thenApply",
          "thenAccept",
          "thenRun",
          "thenCompose",
          "thenCombine",
          "thenAcceptBoth",
          "runAfterBoth",
          "applyToEither",
          "acceptEither",
          "runAfterEither",
          "whenComplete",
          "exceptionally",
          "exceptionallyCompose");

  /**
   * CompletableFuture async methods and their argument count when no executor is given; one more
   * argument is the executor.
   */
  private static final Map<String, Integer> ASYNC_ARITY =
      Map.ofEntries(
          Map.entry("supplyAsync", 1),
          Map.entry("runAsync", 1),
          Map.entry("thenApplyAsync", 1),
          Map.entry("thenAcceptAsync", 1),
          Map.entry("thenRunAsync", 1),
          Map.entry("thenComposeAsync", 1),
          Map.entry("handleAsync", 1),
          Map.entry("whenCompleteAsync", 1),
          Map.entry("exceptionallyAsync", 1),
          Map.entry("exceptionallyComposeAsync", 1),
          Map.entry("thenCombineAsync", 2),
          Map.entry("thenAcceptBothAsync", 2),
          Map.entry("runAfterBothAsync", 2),
          Map.entry("applyToEitherAsync", 2),
          Map.entry("acceptEitherAsync", 2),
          Map.entry("runAfterEitherAsync", 2));

  /**
   * An execution context's start.
   *
   * @param kind what kind of context
   * @param start the node to walk: a method declaration, a lambda or a method reference
   * @param label how the context is named in messages
   * @param taskClass the task class's qualified name, or null for functions
   */
  record Entry(Scope.Kind kind, Node start, String label, String taskClass) {}

  private Entries() {}

  /** The entry starting at this node, or null. */
  static Entry of(Node node, ProjectIndex index) {
    if (node instanceof MethodDeclaration m) {
      return ofMethod(m, index);
    }
    if (node instanceof LambdaExpr || node instanceof MethodReferenceExpr) {
      Scope.Kind kind = functionKind((Expression) node, index);
      return kind == null
          ? null
          : new Entry(kind, node, functionLabel(kind, (Expression) node), null);
    }
    return null;
  }

  /** Whether a method is the execution method of a task class (it is then an entry of its own). */
  static boolean isTaskExecution(MethodDeclaration m, ProjectIndex index) {
    Entry e = ofMethod(m, index);
    return e != null && e.kind() == Scope.Kind.TASK;
  }

  private static Entry ofMethod(MethodDeclaration m, ProjectIndex index) {
    if (!EXECUTION_METHODS.contains(m.getNameAsString())
        || !m.getParameters().isEmpty()
        || m.getBody().isEmpty()
        || m.isStatic()) {
      return null;
    }
    Node parent = m.getParentNode().orElse(null);
    if (parent instanceof TypeDeclaration<?> type) {
      ProjectIndex.TypeInfo info = index.info(type);
      if (info != null && index.isTask(info.supers())) {
        return new Entry(
            Scope.Kind.TASK,
            m,
            type.getNameAsString() + "." + m.getNameAsString() + "()",
            info.fqn());
      }
      return null;
    }
    if (parent instanceof ObjectCreationExpr created) {
      String typeName = created.getType().getNameAsString();
      TypeDeclaration<?> outer = ProjectIndex.enclosingType(created);
      String owner =
          outer == null ? null : outer.getFullyQualifiedName().orElse(outer.getNameAsString());
      if (index.isTask(typeName)) {
        return new Entry(
            Scope.Kind.TASK, m, "anonymous " + typeName + "." + m.getNameAsString() + "()", owner);
      }
      if (created.getParentNode().filter(p -> isPoolSubmission(p, index)).isPresent()) {
        return new Entry(
            Scope.Kind.POOL, m, "anonymous " + typeName + " passed to a ForkJoinPool", null);
      }
    }
    return null;
  }

  /**
   * Whether a lambda or method reference runs somewhere else than the code around it: it starts a
   * context of its own ({@link #functionKind}), or it is a callback of a non-async CompletionStage
   * method ({@code thenApply}, {@code whenComplete}, ...), which runs on the thread that completes
   * the stage, not in the lambda that registers it.
   */
  static boolean runsElsewhere(Expression function, ProjectIndex index) {
    return functionKind(function, index) != null
        || function.getParentNode().orElse(null) instanceof MethodCallExpr call
            && call.getScope().isPresent()
            && ON_COMPLETION.contains(call.getNameAsString())
            && call.getArguments().stream().anyMatch(a -> a == function);
  }

  /** The kind of context a lambda or method reference runs in when it is an argument, or null. */
  static Scope.Kind functionKind(Expression function, ProjectIndex index) {
    Node parent = function.getParentNode().orElse(null);
    if (!(parent instanceof MethodCallExpr call)
        || call.getArguments().stream().noneMatch(a -> a == function)) {
      return null;
    }
    if (isPoolSubmission(call, index)) {
      return Scope.Kind.POOL;
    }
    if (onCommonPool(call)) {
      return Scope.Kind.ASYNC;
    }
    if (isParallelPipelineStage(call)) {
      return Scope.Kind.STREAM;
    }
    return null;
  }

  /**
   * Whether a CompletableFuture async call runs its function on the common pool: it is given no
   * executor, or {@code ForkJoinPool.commonPool()} as its executor, which is the same pool.
   */
  private static boolean onCommonPool(MethodCallExpr call) {
    Integer arity = ASYNC_ARITY.get(call.getNameAsString());
    if (arity == null || !ofCompletableFuture(call)) {
      return false;
    }
    int given = call.getArguments().size();
    return given == arity || given == arity + 1 && isCommonPool(call.getArgument(arity));
  }

  /**
   * Whether the function of an {@link Scope.Kind#ASYNC} entry was given {@code
   * ForkJoinPool.commonPool()} as its executor (rather than none): the executor is the last
   * argument.
   */
  static boolean passedWithCommonPool(Node function) {
    return function.getParentNode().orElse(null) instanceof MethodCallExpr call
        && call.getArguments().getLast().filter(Entries::isCommonPool).isPresent();
  }

  /** Whether an expression is {@code ForkJoinPool.commonPool()}, the pool's name written out. */
  private static boolean isCommonPool(Expression executor) {
    return executor instanceof MethodCallExpr call
        && call.getNameAsString().equals("commonPool")
        && call.getArguments().isEmpty()
        && call.getScope()
            .map(Expression::toString)
            .filter(s -> s.equals("ForkJoinPool") || s.equals("java.util.concurrent.ForkJoinPool"))
            .isPresent();
  }

  /**
   * Whether an async-named call can be CompletableFuture's: one on a receiver, or an unqualified
   * one that the file imports statically from CompletableFuture. Any other unqualified {@code
   * runAsync(..)} is the class's own method (an RPC endpoint's "run in my main thread"), which says
   * nothing of the common pool.
   */
  private static boolean ofCompletableFuture(MethodCallExpr call) {
    if (call.getScope().isPresent()) {
      return true;
    }
    String owner = "java.util.concurrent.CompletableFuture";
    return call.findCompilationUnit().stream()
        .flatMap(unit -> unit.getImports().stream())
        .filter(ImportDeclaration::isStatic)
        .anyMatch(
            i ->
                i.isAsterisk()
                    ? i.getNameAsString().equals(owner)
                    : i.getNameAsString().equals(owner + "." + call.getNameAsString()));
  }

  /**
   * Whether a call submits to a ForkJoinPool: {@code pool.execute/submit/invoke/invokeAll(...)}.
   */
  static boolean isPoolSubmission(Node node, ProjectIndex index) {
    if (!(node instanceof MethodCallExpr call)
        || !POOL_SUBMISSIONS.contains(call.getNameAsString())
        || call.getArguments().isEmpty()
        || call.getScope().isEmpty()) {
      return false;
    }
    Expression scope = call.getScope().get();
    if ("ForkJoinPool".equals(Syntax.typeOf(scope, index))) {
      return true;
    }
    return Syntax.variable(scope, index)
        .map(v -> v.init() != null && "ForkJoinPool".equals(Syntax.typeOf(v.init(), index)))
        .orElse(false);
  }

  /**
   * Whether a call is a stage of a stream pipeline that ends up parallel (the last mode call wins).
   */
  static boolean isParallelPipelineStage(MethodCallExpr call) {
    boolean hasSource = false;
    for (Expression e = call; e instanceof MethodCallExpr c; e = c.getScope().orElse(null)) {
      if (STREAM_SOURCES.contains(c.getNameAsString())) {
        hasSource = true;
        break;
      }
    }
    if (!hasSource) {
      return false;
    }
    MethodCallExpr outer = call;
    while (outer.getParentNode().orElse(null) instanceof MethodCallExpr p
        && p.getScope().orElse(null) == outer) {
      outer = p;
    }
    for (Expression e = outer; e instanceof MethodCallExpr c; e = c.getScope().orElse(null)) {
      String name = c.getNameAsString();
      if (c.getArguments().isEmpty()
          && (name.equals("parallel") || name.equals("parallelStream"))) {
        return true;
      }
      if (c.getArguments().isEmpty() && name.equals("sequential")) {
        return false;
      }
    }
    return false;
  }

  private static String functionLabel(Scope.Kind kind, Expression function) {
    String call = ((MethodCallExpr) function.getParentNode().orElseThrow()).getNameAsString();
    String what = function instanceof LambdaExpr ? "lambda" : "method reference";
    return switch (kind) {
      case POOL -> what + " passed to ForkJoinPool." + call + "()";
      case ASYNC ->
          what
              + " passed to "
              + call
              + (passedWithCommonPool(function)
                  ? "() with ForkJoinPool.commonPool()"
                  : "() without an executor");
      case STREAM -> "parallel stream " + what + " in " + call + "()";
      case TASK -> what;
    };
  }
}
