package dev.forkscope.lint.output;

import dev.forkscope.lint.FileError;
import dev.forkscope.lint.Finding;
import dev.forkscope.lint.FixSafety;
import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.ReportRules;
import dev.forkscope.lint.Rule;
import dev.forkscope.lint.RuleFailure;
import dev.forkscope.lint.Severity;
import dev.forkscope.lint.Step;
import dev.forkscope.lint.Summary;
import java.nio.file.Path;
import java.util.List;

/** Hand-made results, so the writers are tested independently of the rules. */
final class ReportFixtures {
  static final Rule COPY_ON_FORK = ReportRules.COPY_ON_FORK;
  static final Rule SLEEPY_WORKER = ReportRules.SLEEPY_WORKER;
  static final Rule FORK_JOINED = ReportRules.FORK_JOINED;
  static final List<Rule> RULES = List.of(COPY_ON_FORK, SLEEPY_WORKER, FORK_JOINED);

  private ReportFixtures() {}

  /**
   * A result with three findings (one reached through a call path) and one file error, under {@code
   * base}.
   */
  static LintResult result(Path base) {
    Path task = base.resolve("src/main/java/com/acme/Task.java");
    Path helper = base.resolve("src/main/java/com/acme/Helper.java");
    Finding copy =
        new Finding(
            COPY_ON_FORK,
            task,
            20,
            25,
            20,
            50,
            "copyOfRange copies the array before forking",
            "com.acme.Task",
            List.of(),
            FixSafety.SUGGESTION,
            "        User[] u1 = Arrays.copyOfRange(u, 0, split);",
            COPY_ON_FORK.severity());
    Finding sleep =
        new Finding(
            SLEEPY_WORKER,
            helper,
            7,
            2,
            7,
            17,
            "Thread.sleep in a task, reached from Task.compute()",
            "com.acme.Task",
            List.of(
                new Step(task, 12, 5, "Task.compute()"),
                new Step(task, 15, 13, "calls Helper.pause()")),
            FixSafety.NONE,
            "\tThread.sleep(10);",
            SLEEPY_WORKER.severity());
    Finding fork =
        new Finding(
            FORK_JOINED,
            task,
            30,
            9,
            30,
            27,
            "fork() is joined at once",
            null,
            List.of(),
            FixSafety.SAFE,
            "        t.fork().join();",
            FORK_JOINED.severity());
    FileError broken =
        new FileError(
            base.resolve("src/main/java/com/acme/Broken.java"), 3, "parse error: ';' expected");
    Summary summary = new Summary(4, 321, 3, 0, List.of(broken), List.of(), 3, 42);
    return new LintResult(List.of(copy, sleep, fork), summary);
  }

  /**
   * A warning rule's finding lowered to a note: the rule could not prove the claim here (the
   * message says why).
   */
  static Finding noted(Path base) {
    return new Finding(
        COPY_ON_FORK,
        base.resolve("src/main/java/com/acme/Task.java"),
        22,
        25,
        22,
        50,
        "copyOfRange copies the array before forking; a note: the array may be small",
        "com.acme.Task",
        List.of(),
        FixSafety.SUGGESTION,
        "        User[] u2 = Arrays.copyOfRange(u, split, u.length);",
        Severity.NOTE);
  }

  /** {@link #result} plus a rule that threw on a file. */
  static LintResult withFailure(Path base) {
    LintResult result = result(base);
    RuleFailure failure =
        new RuleFailure(
            base.resolve("src/main/java/com/acme/Task.java"),
            17,
            "shared-state-in-parallel-stream",
            "java.lang.NullPointerException",
            "",
            List.of(
                "java.base/java.util.ImmutableCollections$SetN.contains(ImmutableCollections.java:928)",
                "dev.forkscope.lint.SharedStateInParallelStream.unsafeShared(SharedStateInParallelStream.java:117)"));
    Summary s = result.summary();
    return new LintResult(
        result.findings(),
        new Summary(
            s.files(),
            s.lines(),
            s.parsed(),
            s.skipped(),
            s.errors(),
            List.of(failure),
            s.findings(),
            s.millis()));
  }

  static LintResult empty() {
    return new LintResult(List.of(), new Summary(2, 10, 0, 2, List.of(), List.of(), 0, 1));
  }
}
