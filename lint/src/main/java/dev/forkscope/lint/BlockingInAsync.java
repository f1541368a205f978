package dev.forkscope.lint;

/**
 * Blocking in a CompletableFuture async stage that runs in the common pool: no executor given, or
 * {@code ForkJoinPool.commonPool()} given as the executor.
 */
final class BlockingInAsync extends BlockingCheck {
  static final Rule RULE =
      Rule.builder("blocking-in-async")
          .severity(Severity.WARNING)
          .title("Blocking in a common-pool async stage")
          .why(
              "CompletableFuture async methods without an executor run in the common ForkJoinPool (or, where its "
                  + "parallelism is below 2, on a new thread per task), so blocking work there starves every other "
                  + "common-pool user (CompletableFuture javadoc).")
          .instead(
              "Pass a dedicated Executor (for example Executors.newVirtualThreadPerTaskExecutor()) as the last argument.")
          .precision("high")
          .noRewrite(FixSafety.SUGGESTION)
          .build();

  BlockingInAsync() {
    super(RULE);
  }

  @Override
  boolean applies(Scope scope, Blocking.Category category) {
    return scope.kind() == Scope.Kind.ASYNC;
  }

  @Override
  String consequence(Scope scope) {
    if (Entries.passedWithCommonPool(scope.entry())) {
      return "the executor passed is the common pool, so it blocks a common-pool worker; give the"
          + " async method an executor of its own";
    }
    return "it blocks a thread of the default async executor (a common-pool worker, or a thread of"
        + " its own where the common pool's parallelism is below 2); give the async method its own"
        + " executor";
  }
}
