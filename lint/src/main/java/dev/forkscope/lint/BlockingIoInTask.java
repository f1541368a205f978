package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.MethodCallExpr;

/**
 * Blocking I/O inside a fork/join task (ForkJoinTask javadoc). A read of a class-path resource
 * ({@link ClassPathResources}) is a note: it comes from a jar the class loader already holds open
 * or a local directory, so it is short, and loading resources in parallel at start-up is a common
 * design a maintainer would keep.
 */
final class BlockingIoInTask extends BlockingCheck {
  static final Rule RULE =
      Rule.builder("blocking-io-in-task")
          .severity(Severity.WARNING)
          .title("Blocking I/O in a task")
          .why(
              "Subdividable tasks should not perform blocking I/O: the worker thread stalls and the pool does not "
                  + "compensate for it (ForkJoinTask javadoc).")
          .instead(
              "Do the I/O before or after the fork/join computation, on a dedicated or virtual-thread executor, or "
                  + "wrap it in ForkJoinPool.managedBlock.")
          .precision("high")
          .noRewrite(FixSafety.SUGGESTION)
          .build();

  BlockingIoInTask() {
    super(RULE);
  }

  @Override
  boolean applies(Scope scope, Blocking.Category category) {
    return scope.isTaskLike() && category == Blocking.Category.IO;
  }

  @Override
  String consequence(Scope scope) {
    return "the worker thread stalls on I/O and the pool does not compensate";
  }

  @Override
  void report(Scope scope, Node node, Blocking.Category category, String message) {
    if (node instanceof MethodCallExpr call
        && call.getScope()
            .filter(r -> ClassPathResources.isResource(r, scope.index()))
            .isPresent()) {
      scope.note(
          this,
          node,
          node.toString(),
          message,
          "a class-path resource read: local and usually short",
          rule().fix().safety());
    } else {
      super.report(scope, node, category, message);
    }
  }
}
