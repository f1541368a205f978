package dev.forkscope.lint;

/**
 * Made-up rules for the writers' tests in {@code dev.forkscope.lint.output}, which cannot build a
 * {@link Rule} themselves: their texts differ from the real rules' so that a golden report shows it
 * prints what the rule says.
 */
public final class ReportRules {
  public static final Rule COPY_ON_FORK =
      Rule.builder("copy-on-fork")
          .bottleneck(2)
          .severity(Severity.WARNING)
          .title("Copy on fork")
          .why("Copying at every level of the recursion costs O(n log n) allocation.")
          .instead("Pass the shared array with an index range.")
          .precision("high")
          .rewrite(FixSafety.SUGGESTION, Rule.Rewrite.INDEX_RANGES)
          .build();
  public static final Rule SLEEPY_WORKER =
      Rule.builder("sleepy-worker")
          .bottleneck(6)
          .severity(Severity.ERROR)
          .title("Sleepy workers")
          .why("A sleeping task puts its worker to sleep.")
          .instead("Remove the sleep.")
          .precision("very-high")
          .noRewrite(FixSafety.NONE)
          .build();
  public static final Rule FORK_JOINED =
      Rule.builder("fork-immediately-joined")
          .severity(Severity.NOTE)
          .title("Fork immediately joined")
          .why("fork() then join() is invoke() with extra overhead.")
          .instead("Call invoke().")
          .precision("very-high")
          .rewrite(FixSafety.SAFE, Rule.Rewrite.INVOKE)
          .build();

  private ReportRules() {}
}
