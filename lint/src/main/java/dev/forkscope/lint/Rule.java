package dev.forkscope.lint;

import java.util.Objects;
import java.util.Optional;

/**
 * The declarative description of one lint rule, in the spirit of Error Prone's {@code @BugPattern}:
 * each check declares its rule with named steps, including how {@code forkscope fix} treats its
 * findings, so that everything about a rule is said once, next to its detection.
 *
 * <pre>{@code
 * static final Rule RULE =
 *     Rule.builder("copy-on-join")
 *         .bottleneck(3)
 *         .severity(Severity.WARNING)
 *         .title("Copy on join")
 *         .why("Merging joined results by copying them ...")
 *         .instead("Pass a shared, preallocated result structure ...")
 *         .precision("high")
 *         .rewrite(FixSafety.SUGGESTION, Rule.Rewrite.FILTER_MARKS)
 *         .build();
 * }</pre>
 *
 * <p>Implementation note: why a rule names its rewrite through {@link Rewrite} and does not hold
 * the rewrite itself. The rewrites live in {@code dev.forkscope.lint.fix}, which depends on this
 * package (a rewrite reads {@link Finding}s, the fixer runs the {@link Linter}); a check that
 * referred to a rewrite class would tie the two packages in a cycle, and moving the fix package's
 * {@code Rewrite} interface here would not untie it (a check would still name an implementation,
 * and the implementations need that package's parsed source and text edits). So the rule carries a
 * small descriptor, {@link Fix}: the safety its findings report, the rewrite by name or why there
 * is none, and a suggestion snippet when the rule has its own. The fix package turns each {@link
 * Rewrite} constant into its implementation with one exhaustive switch, which javac rejects when a
 * constant has no implementation; no rule id appears there. {@code RuleFixesTest} holds the
 * declaration and the behaviour together: a rule that declares a rewrite gets edits from it, a rule
 * that declares none gets suggestions only; {@code RuleTableTest} holds the rule table of
 * docs/lint.md to the registry.
 */
public final class Rule {
  private final String id;
  private final Integer bottleneck;
  private final Severity severity;
  private final String title;
  private final String why;
  private final String instead;
  private final String precision;
  private final Fix fix;
  private final String when;

  private Rule(Builder b) {
    this.id = b.id;
    this.bottleneck = b.bottleneck;
    this.severity = Objects.requireNonNull(b.severity, "severity");
    this.title = Objects.requireNonNull(b.title, "title");
    this.why = Objects.requireNonNull(b.why, "why");
    this.instead = Objects.requireNonNull(b.instead, "instead");
    this.precision = Objects.requireNonNull(b.precision, "precision");
    this.fix = Objects.requireNonNull(b.fix, "fix: declare rewrite(..) or noRewrite(..)");
    this.when = b.when;
  }

  /**
   * A rule with this stable kebab-case id; every other step but {@link Builder#bottleneck} is
   * required.
   */
  static Builder builder(String id) {
    return new Builder(id);
  }

  /**
   * A builder that starts from this rule, for a variant of it: the same rule, with a lower severity
   * or its own texts in the case {@code when} (as the rule table in docs/lint.md names it).
   */
  Builder variant(String when) {
    Builder b = new Builder(id);
    b.bottleneck = bottleneck;
    b.severity = severity;
    b.title = title;
    b.why = why;
    b.instead = instead;
    b.precision = precision;
    b.fix = fix;
    b.when = Objects.requireNonNull(when);
    return b;
  }

  /** For a variant, the case it covers; null for the rule itself. */
  String when() {
    return when;
  }

  /** Stable kebab-case identifier, used on the command line and in suppressions. */
  public String id() {
    return id;
  }

  /**
   * The Pinto et al. (2017) bottleneck number 1..6 this rule detects, or {@code null} for rules
   * from the wider misuse catalogue.
   */
  public Integer bottleneck() {
    return bottleneck;
  }

  /** Default severity of its findings. */
  public Severity severity() {
    return severity;
  }

  /** Short human-readable name. */
  public String title() {
    return title;
  }

  /** One sentence on why the pattern hurts, from the papers. */
  public String why() {
    return why;
  }

  /** What to do instead. */
  public String instead() {
    return instead;
  }

  /** Expected precision: {@code "very-high"}, {@code "high"} or {@code "medium"}. */
  public String precision() {
    return precision;
  }

  /** How its findings are fixed. */
  public Fix fix() {
    return fix;
  }

  @Override
  public String toString() {
    return "Rule[" + id + ", " + severity + "]";
  }

  /** Configures a {@link Rule}; each step names the attribute it sets. */
  static final class Builder {
    private final String id;
    private Integer bottleneck;
    private Severity severity;
    private String title;
    private String why;
    private String instead;
    private String precision;
    private Fix fix;
    private String when;

    private Builder(String id) {
      this.id = Objects.requireNonNull(id);
    }

    /** The Pinto et al. bottleneck (1..6) the rule detects; leave it out for misuse rules. */
    Builder bottleneck(int number) {
      this.bottleneck = number;
      return this;
    }

    Builder severity(Severity severity) {
      this.severity = severity;
      return this;
    }

    Builder title(String title) {
      this.title = title;
      return this;
    }

    Builder why(String why) {
      this.why = why;
      return this;
    }

    Builder instead(String instead) {
      this.instead = instead;
      return this;
    }

    Builder precision(String precision) {
      this.precision = precision;
      return this;
    }

    /**
     * {@code forkscope fix} rewrites the findings with {@code rewrite} where that rewrite proves
     * the code's shape, and leaves the others as suggestions; {@code safety} is what the findings
     * report ({@link FixSafety#SAFE} only when the rewrite keeps the meaning of every finding of
     * the usual shape).
     */
    Builder rewrite(FixSafety safety, Rewrite rewrite) {
      if (safety == FixSafety.NONE) {
        throw new IllegalArgumentException(id + ": a rule with a rewrite has a fix");
      }
      this.fix = new Fix(safety, Objects.requireNonNull(rewrite), null, snippet());
      return this;
    }

    /** {@code forkscope fix} only suggests: the rule has no mechanical rewrite. */
    Builder noRewrite(FixSafety safety) {
      return noRewrite(safety, "the rule has no mechanical rewrite");
    }

    /** {@code forkscope fix} only suggests, for this reason (shown with each suggestion). */
    Builder noRewrite(FixSafety safety, String reason) {
      if (safety == FixSafety.SAFE) {
        throw new IllegalArgumentException(id + ": a safe fix needs a rewrite");
      }
      this.fix = new Fix(safety, null, Objects.requireNonNull(reason), snippet());
      return this;
    }

    /**
     * The code a suggestion proposes, in place of the rule's {@link #instead} advice; {@value
     * Fix#FLAGGED} stands for the flagged code as written. Declare the fix first.
     */
    Builder snippet(String snippet) {
      if (fix == null) {
        throw new IllegalStateException(id + ": declare the rewrite or noRewrite first");
      }
      this.fix = new Fix(fix.safety, fix.rewrite, fix.reason, Objects.requireNonNull(snippet));
      return this;
    }

    private String snippet() {
      return fix == null ? null : fix.snippet;
    }

    Rule build() {
      return new Rule(this);
    }
  }

  /**
   * How {@code forkscope fix} treats a rule's findings: the rewrite it tries, or why there is none,
   * and the snippet its suggestions propose when the rule has its own.
   */
  public static final class Fix {
    /** In a {@link #snippet()}, the placeholder for the flagged code as written. */
    public static final String FLAGGED = "{flagged}";

    private final FixSafety safety;
    private final Rewrite rewrite;
    private final String reason;
    private final String snippet;

    private Fix(FixSafety safety, Rewrite rewrite, String reason, String snippet) {
      this.safety = Objects.requireNonNull(safety);
      this.rewrite = rewrite;
      this.reason = reason;
      this.snippet = snippet;
    }

    /**
     * Whether a mechanical fix applies, as the rule's findings report it unless a check lowers it.
     */
    public FixSafety safety() {
      return safety;
    }

    /** The rewrite {@code forkscope fix} tries; empty when the rule only gets suggestions. */
    public Optional<Rewrite> rewrite() {
      return Optional.ofNullable(rewrite);
    }

    /** Why the rule has no rewrite; empty when it has one. */
    public Optional<String> reason() {
      return Optional.ofNullable(reason);
    }

    /**
     * The code a suggestion proposes, with {@link #FLAGGED} for the flagged code; empty when the
     * suggestion is the rewrite's own sketch or the rule's advice.
     */
    public Optional<String> snippet() {
      return Optional.ofNullable(snippet);
    }
  }

  /**
   * The rewrites {@code dev.forkscope.lint.fix} implements, by name: the fix package maps each to
   * its implementation (named in parentheses).
   */
  public enum Rewrite {
    /** Subtasks get index bounds into the shared data instead of copies ({@code IndexRanges}). */
    INDEX_RANGES,
    /**
     * A filter that concatenates its halves' lists marks a shared {@code boolean[]} instead ({@code
     * FilterMarks}).
     */
    FILTER_MARKS,
    /**
     * A create-and-fork loop collects its subtasks and forks them with invokeAll ({@code
     * BatchedForks}).
     */
    BATCHED_FORKS,
    /** A lock around data that the tasks do not share is dropped ({@code LockRemoval}). */
    LOCK_REMOVAL,
    /** A sleep in a task is removed ({@code Sleeps}). */
    SLEEP_REMOVAL,
    /** A submission to the task's own pool becomes a fork ({@code PoolSubmissions}). */
    FORK_IN_OWN_POOL,
    /** The last forked subtask is run directly ({@code ForkShapes.forkEverySubtask}). */
    RUN_LAST_SUBTASK,
    /** Joins are put in the reverse order of the forks ({@code ForkShapes.joinsInnermostFirst}). */
    JOINS_INNERMOST_FIRST,
    /** A fork joined at once becomes invoke ({@code ForkShapes.forkImmediatelyJoined}). */
    INVOKE
  }
}
