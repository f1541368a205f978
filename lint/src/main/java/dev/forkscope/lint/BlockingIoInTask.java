package dev.forkscope.lint;

/** Blocking I/O inside a fork/join task (ForkJoinTask javadoc). */
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
  String consequence() {
    return "the worker thread stalls on I/O and the pool does not compensate";
  }
}
