package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Blocking in a parallel stream lambda, which runs in the JVM-wide common pool unless the stream's
 * terminal operation runs on a worker of another ForkJoinPool.
 *
 * <p>Which pool: a parallel stream's subtasks go to the pool of the thread that runs the terminal
 * operation. Lint tells it from syntax only where the pipeline sits inside a function submitted to
 * a pool ({@code pool.submit(() -> xs.parallelStream()...)}, the usual way to run a stream in a
 * pool of one's own): a receiver known to be a ForkJoinPool other than the common pool moves the
 * stream there (nothing to report), one of another known type (an executor of plain threads) leaves
 * it in the common pool, and one of unknown type makes the finding a note. A pipeline in a private
 * method runs where the method's calls run: all of them are in its file, which is read (a public
 * method may be called from any thread, so its pipeline is taken to run in the common pool). A
 * submission to {@code ForkJoinTask.getPool()} runs in the pool of the code that submits it.
 *
 * <p>Blocking I/O in a pipeline a constructor runs loads the object being built, once per object
 * (an n-gram model reading its tables in parallel): a note, as how often objects are made is not
 * shown. Waits there load nothing and stay warnings.
 */
final class BlockingInParallelStream extends BlockingCheck {
  static final Rule RULE =
      Rule.builder("blocking-in-parallel-stream")
          .severity(Severity.WARNING)
          .title("Blocking in a parallel stream")
          .why(
              "Parallel streams run in the common ForkJoinPool, so a blocking call in a stream lambda stalls workers "
                  + "that the whole JVM shares (ForkJoinTask and java.util.stream docs).")
          .instead(
              "Run blocking work on a dedicated executor (for example virtual threads), or make the stream sequential.")
          .precision("high")
          .noRewrite(FixSafety.SUGGESTION)
          .build();

  BlockingInParallelStream() {
    super(RULE);
  }

  @Override
  boolean applies(Scope scope, Blocking.Category category) {
    return scope.kind() == Scope.Kind.STREAM;
  }

  @Override
  String consequence(Scope scope) {
    return "it stalls a common-pool worker shared by every parallel stream in the JVM";
  }

  @Override
  void report(Scope scope, Node node, Blocking.Category category, String message) {
    Pool pool = poolOf(scope.entry(), scope.index(), new IdentityHashMap<>(), 0);
    String built =
        category == Blocking.Category.IO
            ? constructedBy(scope.entry(), new IdentityHashMap<>(), 0)
            : null;
    switch (pool.runs()) {
      case COMMON, UNPLACED -> {
        if (built == null) {
          super.report(scope, node, category, message);
        } else {
          scope.note(
              this,
              node,
              node.toString(),
              message,
              "the stream runs in "
                  + built
                  + "'s constructor: I/O that loads the object being built, once per object,"
                  + " and how often one is made is not shown",
              rule().fix().safety());
        }
      }
      case UNTRACED ->
          scope.note(
              this,
              node,
              node.toString(),
              message,
              pool.untraced()
                  + ": if that is a ForkJoinPool other than the common pool, the stream runs"
                  + " there",
              rule().fix().safety());
      case OWN_POOL -> {}
    }
  }

  /**
   * Where the thread that runs a stream's terminal operation runs, as far as the code shows; the
   * order is from the quietest verdict to the loudest.
   */
  private enum Runs {
    /** A worker of a ForkJoinPool the code creates: the stream's subtasks stay there. */
    OWN_POOL,
    /** A task submitted to a pool lint cannot trace to its creation. */
    UNTRACED,
    /** Not shown: the caller's thread, taken to be no worker, so the common pool. */
    UNPLACED,
    /** The common pool, or a plain executor's thread (no worker: the stream forks there). */
    COMMON
  }

  /** A verdict, and for {@link Runs#UNTRACED} what lint could not trace. */
  private record Pool(Runs runs, String untraced) {
    static final Pool UNPLACED = new Pool(Runs.UNPLACED, null);

    Pool louder(Pool other) {
      return other.runs().compareTo(runs) > 0 ? other : this;
    }
  }

  /**
   * Where code at a node runs: in the function submitted to a pool that encloses it ({@code
   * submit}, {@code execute}, {@code invoke}, {@code invokeAll}), or, in a private method, wherever
   * every call of it in its file runs (a private method has no other callers), through at most
   * {@link Analyzer#MAX_DEPTH} such methods; the loudest verdict of its calls. Anywhere else the
   * thread is not shown. {@code known} holds each private method's verdict once found, and null
   * while its calls are being read (a recursive call adds nothing). Null if {@code at} is only
   * reached from a method whose verdict is being found.
   */
  private static Pool poolOf(Node at, ProjectIndex index, Map<Node, Pool> known, int depth) {
    Node child = at;
    for (Node n = at.getParentNode().orElse(null);
        n != null;
        child = n, n = n.getParentNode().orElse(null)) {
      if (isFunction(child)
          && n instanceof MethodCallExpr call
          && Entries.POOL_SUBMISSIONS.contains(call.getNameAsString())
          && call.getScope().isPresent()
          && isArgument(child, call)) {
        return submittedTo(call.getScope().get(), call, index, known, depth);
      }
      if (n instanceof CallableDeclaration<?> callable
          && !(callable.getParentNode().orElse(null) instanceof ObjectCreationExpr)) {
        return callable instanceof MethodDeclaration m
                && m.isPrivate()
                && depth < Analyzer.MAX_DEPTH
            ? callers(m, index, known, depth + 1)
            : Pool.UNPLACED;
      }
    }
    return Pool.UNPLACED;
  }

  /**
   * Where a function submitted to {@code receiver} at {@code submission} runs: a receiver known to
   * be the common pool or a plain executor leaves its streams in the common pool, a new
   * ForkJoinPool keeps them, and {@code ForkJoinTask.getPool()} is the pool the submitting code
   * runs in (it is one: on any other thread getPool() is null, so where that is not shown, the pool
   * is not traced rather than the common one).
   */
  private static Pool submittedTo(
      Expression receiver,
      MethodCallExpr submission,
      ProjectIndex index,
      Map<Node, Pool> known,
      int depth) {
    if (CentralizedPooling.COMMON.equals(CentralizedPooling.poolKey(receiver, index))
        || CentralizedPooling.isPlainExecutor(receiver, index)) {
      return new Pool(Runs.COMMON, null);
    }
    if (CentralizedPooling.isNewForkJoinPool(receiver, index)) {
      return new Pool(Runs.OWN_POOL, null);
    }
    Expression pool = Syntax.unwrap(receiver);
    Expression init = Syntax.variable(pool, index).map(Syntax.Var::init).orElse(null);
    if (CentralizedPooling.isCurrentPool(pool)
        || init != null && CentralizedPooling.isCurrentPool(Syntax.unwrap(init))) {
      Pool current = poolOf(submission, index, known, depth);
      return current == null || current.runs() == Runs.UNPLACED
          ? new Pool(
              Runs.UNTRACED,
              "the stream runs inside a task submitted to "
                  + receiver
                  + ", the pool of the code that submits it, which lint cannot tell")
          : current;
    }
    return new Pool(
        Runs.UNTRACED,
        "the stream runs inside a task submitted to "
            + receiver
            + ", which lint cannot trace to its creation");
  }

  /** The loudest verdict over the calls and references of a private method in its file. */
  private static Pool callers(
      MethodDeclaration method, ProjectIndex index, Map<Node, Pool> known, int depth) {
    if (known.containsKey(method)) {
      return known.get(method);
    }
    known.put(method, null);
    Pool loudest = null;
    for (Node call : uses(method)) {
      Pool pool = poolOf(call, index, known, depth);
      if (pool != null) {
        loudest = loudest == null ? pool : loudest.louder(pool);
      }
    }
    Pool verdict = loudest == null ? Pool.UNPLACED : loudest;
    known.put(method, verdict);
    return verdict;
  }

  /**
   * The class whose constructor runs the code at a node, or null: the node sits in a constructor's
   * body (not in a lambda there, which may run later or on another thread), or in a private method
   * every call of which in its file does (its calls from itself aside), through at most {@link
   * Analyzer#MAX_DEPTH} such methods. {@code known} holds each private method's answer once found,
   * "" for none (also while its calls are being read: a cycle of private methods gives none).
   */
  private static String constructedBy(Node at, Map<Node, String> known, int depth) {
    for (Node n = at.getParentNode().orElse(null); n != null; n = n.getParentNode().orElse(null)) {
      if (n instanceof LambdaExpr) {
        return null;
      }
      if (n instanceof ConstructorDeclaration constructor) {
        return constructor.getNameAsString();
      }
      if (n instanceof CallableDeclaration<?> callable) {
        return callable instanceof MethodDeclaration m
                && m.isPrivate()
                && depth < Analyzer.MAX_DEPTH
            ? privateConstructedBy(m, known, depth + 1)
            : null;
      }
    }
    return null;
  }

  /** {@link #constructedBy} for a private method: the answer every call of it gives. */
  private static String privateConstructedBy(
      MethodDeclaration method, Map<Node, String> known, int depth) {
    if (!known.containsKey(method)) {
      known.put(method, "");
      String answer = "";
      for (Node call : uses(method)) {
        if (Syntax.isInside(call, method)) {
          continue;
        }
        String by = constructedBy(call, known, depth);
        if (by == null) {
          answer = "";
          break;
        }
        answer = answer.isEmpty() ? by : answer;
      }
      known.put(method, answer);
    }
    String answer = known.get(method);
    return answer.isEmpty() ? null : answer;
  }

  /** The calls and method references of a private method in its file. */
  private static List<Expression> uses(MethodDeclaration method) {
    String name = method.getNameAsString();
    int arity = method.getParameters().size();
    Node file = method.findCompilationUnit().map(Node.class::cast).orElse(method);
    return file.findAll(
        Expression.class,
        e ->
            e instanceof MethodCallExpr c
                    && c.getNameAsString().equals(name)
                    && c.getArguments().size() == arity
                    && c.getScope().map(r -> r instanceof ThisExpr).orElse(true)
                || e instanceof MethodReferenceExpr r
                    && r.getIdentifier().equals(name)
                    && (r.getScope() instanceof ThisExpr || r.getScope() instanceof TypeExpr));
  }

  private static boolean isFunction(Node n) {
    return n instanceof LambdaExpr
        || n instanceof MethodReferenceExpr
        || n instanceof ObjectCreationExpr created && created.getAnonymousClassBody().isPresent();
  }

  private static boolean isArgument(Node node, MethodCallExpr call) {
    return call.getArguments().stream().anyMatch(a -> a == node);
  }
}
