package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;

/**
 * Blocking in a parallel stream lambda, which runs in the JVM-wide common pool unless the stream's
 * terminal operation runs on a worker of another ForkJoinPool.
 *
 * <p>Which pool: a parallel stream's subtasks go to the pool of the thread that runs the terminal
 * operation. Lint tells it from syntax only where the pipeline sits inside a function submitted to
 * a pool ({@code pool.submit(() -> xs.parallelStream()...)}, the usual way to run a stream in a
 * pool of one's own): a receiver known to be a ForkJoinPool other than the common pool moves the
 * stream there (nothing to report), one of another known type (an executor of plain threads) leaves
 * it in the common pool, and one of unknown type makes the finding a note. A pipeline reached
 * through calls from such a task is still taken to run in the common pool.
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
  String consequence() {
    return "it stalls a common-pool worker shared by every parallel stream in the JVM";
  }

  @Override
  void report(Scope scope, Node node, String message) {
    Expression pool = submittedTo(scope.entry());
    ProjectIndex index = scope.index();
    if (pool == null
        || CentralizedPooling.COMMON.equals(CentralizedPooling.poolKey(pool, index))
        || CentralizedPooling.isPlainExecutor(pool, index)) {
      // a plain executor's thread is no ForkJoinPool worker: the stream forks into the common pool
      super.report(scope, node, message);
    } else if (!CentralizedPooling.isNewForkJoinPool(pool, index)) {
      scope.note(
          this,
          node,
          node.toString(),
          message,
          "the stream runs inside a task submitted to "
              + pool
              + ", which lint cannot trace to its creation: if that is a ForkJoinPool other than"
              + " the common pool, the stream runs there",
          rule().fix().safety());
    }
  }

  /**
   * The receiver of the submission ({@code submit}, {@code execute}, {@code invoke}, {@code
   * invokeAll}) whose function argument encloses the stream lambda, or null if none does.
   */
  private static Expression submittedTo(Node streamLambda) {
    for (Node n = streamLambda.getParentNode().orElse(null);
        n != null;
        n = n.getParentNode().orElse(null)) {
      boolean function =
          n instanceof LambdaExpr
              || n instanceof MethodReferenceExpr
              || n instanceof ObjectCreationExpr created
                  && created.getAnonymousClassBody().isPresent();
      if (function
          && n.getParentNode().orElse(null) instanceof MethodCallExpr call
          && Entries.POOL_SUBMISSIONS.contains(call.getNameAsString())
          && call.getScope().isPresent()
          && isArgument(n, call)) {
        return call.getScope().get();
      }
    }
    return null;
  }

  private static boolean isArgument(Node node, MethodCallExpr call) {
    return call.getArguments().stream().anyMatch(a -> a == node);
  }
}
