package dev.forkscope.lint;

/** Blocking in a parallel stream lambda, which runs in the JVM-wide common pool. */
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
}
