package dev.forkscope.lint.fix;

import dev.forkscope.lint.Finding;
import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.Linter;
import dev.forkscope.lint.Progress;
import dev.forkscope.lint.Rule;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Rewrites the code behind lint findings where the rewrite provably keeps the program's meaning,
 * and leaves the others as suggestions that say which precondition failed.
 *
 * <pre>{@code
 * FixResult result = Fixer.builder().build().fix(List.of(Path.of("src")));
 * for (FileFix file : result.files()) {
 *   if (file.changed()) FixWriter.write(file);
 * }
 * }</pre>
 *
 * <p>Implementation note: the fixer lints the paths, then works file by file on the text exactly as
 * read. Each finding of a rule that declares a rewrite ({@link Rule.Fix}) gets a proposal: edits on
 * the original text (see {@link TextEdit}), or the reason it was refused. Proposals are taken in
 * file order, fork-shape rules first; one is accepted when its edits do not overlap those already
 * accepted and the file still parses with them. Text outside the edits is never touched, which
 * keeps comments and formatting byte for byte. Then the rewritten files are compiled ({@link
 * CompileCheck}); a file that fails loses its rewrites. A rewrite removes the pattern its rule
 * looks for, so a second run finds nothing more to do. Nothing is written here: {@link FixWriter}
 * writes a file.
 */
public final class Fixer {
  /** Each rewrite a rule can declare, by its name in the rule's {@link Rule.Fix}. */
  private static final Map<Rule.Rewrite, Rewrite> REWRITES = new EnumMap<>(Rule.Rewrite.class);

  static {
    for (Rule.Rewrite name : Rule.Rewrite.values()) {
      REWRITES.put(name, implementation(name));
    }
  }

  private static final Pattern LONE_CR = Pattern.compile("\r(?!\n)");

  private final Linter linter;
  private final List<Path> classpath;
  private final Predicate<Finding> only;

  private Fixer(Linter linter, List<Path> classpath, Predicate<Finding> only) {
    this.linter = linter;
    this.classpath = classpath;
    this.only = only;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Configures a {@link Fixer}. */
  public static final class Builder {
    private final Linter.Builder linter = Linter.builder();
    private List<Path> classpath;
    private Predicate<Finding> only = finding -> true;

    private Builder() {}

    /**
     * Fixes the findings of these rules only; an empty collection means all rules.
     *
     * @throws IllegalArgumentException for an unknown id, with a one-line message
     */
    public Builder rules(Collection<String> ids) {
      linter.rules(ids);
      return this;
    }

    /**
     * The project's class path: the rewritten files are then always compiled against it. Without
     * one they are compiled only when the sources compile on their own.
     */
    public Builder classpath(List<Path> entries) {
      this.classpath = List.copyOf(entries);
      return this;
    }

    /** Receives progress while files are linted. */
    public Builder progress(Progress progress) {
      linter.progress(Objects.requireNonNull(progress));
      return this;
    }

    /**
     * Works on the findings this accepts only (all, by default): the others are neither fixed nor
     * given as suggestions, and cost nothing. The paths are still linted whole, so a finding is the
     * same as in a run on all of them. An editor uses it to fix one finding, or one file, of a
     * project.
     */
    public Builder only(Predicate<Finding> findings) {
      this.only = Objects.requireNonNull(findings);
      return this;
    }

    public Fixer build() {
      return new Fixer(linter.build(), classpath, only);
    }
  }

  /**
   * Lints the paths and proposes fixes; writes nothing.
   *
   * @throws java.nio.file.NoSuchFileException if a given path does not exist
   * @throws IOException if a directory cannot be listed
   */
  public FixResult fix(List<Path> paths) throws IOException {
    LintResult lint = linter.lint(paths);
    Map<Path, List<Finding>> byFile = new TreeMap<>();
    for (Finding finding : lint.findings()) {
      if (!only.test(finding)) {
        continue;
      }
      byFile.computeIfAbsent(finding.file(), k -> new ArrayList<>()).add(finding);
    }
    List<FileFix> files = new ArrayList<>();
    for (Map.Entry<Path, List<Finding>> entry : byFile.entrySet()) {
      files.add(fixFile(entry.getKey(), entry.getValue()));
    }
    CompileCheck.Outcome checked = new CompileCheck(classpath).verify(files);
    return new FixResult(lint, checked.files(), checked.note());
  }

  /** The fixes and suggestions of one file. */
  static FileFix fixFile(Path path, List<Finding> findings) {
    String text;
    FileTime modified;
    try {
      modified = Files.getLastModifiedTime(path);
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(Files.readAllBytes(path)))
              .toString();
    } catch (CharacterCodingException e) {
      return unfixable(
          path, "", null, findings, "the file is not valid UTF-8, so it is not rewritten");
    } catch (IOException e) {
      return unfixable(path, "", null, findings, "cannot read the file: " + e.getMessage());
    }
    if (LONE_CR.matcher(text).find()) {
      return unfixable(path, text, modified, findings, "the file has carriage-return line breaks");
    }
    Source source = Source.parse(path, text).orElse(null);
    if (source == null) {
      return unfixable(path, text, modified, findings, "the file does not parse");
    }
    Map<String, AppliedFix> accepted = new LinkedHashMap<>();
    List<Suggestion> suggestions = new ArrayList<>();
    List<Finding> ordered = new ArrayList<>(findings);
    ordered.sort(Comparator.comparingInt(Fixer::priority).thenComparingInt(Finding::line));
    for (Finding finding : ordered) {
      Rule.Fix declared = finding.rule().fix();
      if (declared.rewrite().isEmpty()) {
        suggestions.add(Snippets.of(finding, source, declared.reason().orElseThrow()));
        continue;
      }
      Rewrite rewrite = REWRITES.get(declared.rewrite().get());
      Rewrite.Proposal proposal;
      try {
        proposal = rewrite.propose(finding, source);
      } catch (RuntimeException e) {
        proposal = Rewrite.refuse("the rewrite failed on this code (" + e + ")");
      }
      String refusal = accept(proposal, finding, text, accepted);
      if (refusal != null) {
        suggestions.add(Snippets.of(finding, source, refusal));
      }
    }
    List<AppliedFix> fixes = new ArrayList<>(accepted.values());
    fixes.sort(Comparator.comparingInt(AppliedFix::line));
    suggestions.sort(Comparator.comparingInt(s -> s.finding().line()));
    return new FileFix(
        path, text, TextEdit.apply(text, edits(fixes)), modified, fixes, suggestions);
  }

  /** Accepts a proposal into {@code accepted}; returns why not, or null. */
  private static String accept(
      Rewrite.Proposal proposal, Finding finding, String text, Map<String, AppliedFix> accepted) {
    if (proposal instanceof Rewrite.Refused refused) {
      return refused.reason();
    }
    Rewrite.Edits edits = (Rewrite.Edits) proposal;
    AppliedFix same = accepted.get(edits.key());
    if (same != null) {
      List<Finding> more = new ArrayList<>(same.findings());
      more.add(finding);
      accepted.put(
          edits.key(),
          new AppliedFix(same.rule(), same.line(), same.description(), same.edits(), more));
      return null;
    }
    List<TextEdit> taken = edits(accepted.values());
    for (TextEdit edit : edits.edits()) {
      for (TextEdit other : taken) {
        if (edit.overlaps(other)) {
          return "its rewrite overlaps another fix in this file; run fix again after applying";
        }
      }
    }
    List<TextEdit> all = new ArrayList<>(taken);
    all.addAll(edits.edits());
    if (!Source.parses(TextEdit.apply(text, all))) {
      return "its rewrite would not parse (a defect of the fixer; please report it)";
    }
    accepted.put(
        edits.key(),
        new AppliedFix(
            finding.rule().id(),
            finding.line(),
            edits.description(),
            edits.edits(),
            List.of(finding)));
    return null;
  }

  private static List<TextEdit> edits(Collection<AppliedFix> fixes) {
    return fixes.stream().flatMap(f -> f.edits().stream()).toList();
  }

  /** The implementation of a rewrite that rules name; javac holds this switch exhaustive. */
  private static Rewrite implementation(Rule.Rewrite name) {
    return switch (name) {
      case INDEX_RANGES -> new IndexRanges();
      case FILTER_MARKS -> FilterMarks::rewrite;
      case BATCHED_FORKS -> BatchedForks::invokeAll;
      case LOCK_REMOVAL -> LockRemoval::unlock;
      case SLEEP_REMOVAL -> Sleeps::drop;
      case FORK_IN_OWN_POOL -> PoolSubmissions::fork;
      case RUN_LAST_SUBTASK -> ForkShapes::forkEverySubtask;
      case JOINS_INNERMOST_FIRST -> ForkShapes::joinsInnermostFirst;
      case INVOKE -> ForkShapes::forkImmediatelyJoined;
    };
  }

  /**
   * Running the last subtask first (fork-every-subtask): its fix also settles the join order of the
   * same block.
   */
  private static int priority(Finding finding) {
    return finding.rule().fix().rewrite().orElse(null) == Rule.Rewrite.RUN_LAST_SUBTASK ? 0 : 1;
  }

  private static FileFix unfixable(
      Path path, String text, FileTime modified, List<Finding> findings, String reason) {
    List<Suggestion> suggestions =
        findings.stream().map(f -> Snippets.of(f, null, reason)).toList();
    return new FileFix(path, text, text, modified, List.of(), suggestions);
  }
}
