package dev.forkscope.lsp;

import dev.forkscope.lint.Finding;
import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.Linter;
import dev.forkscope.lint.ParseCache;
import dev.forkscope.lint.fix.FixResult;
import dev.forkscope.lint.fix.Fixer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The linter and the fixer, run on the editor's project: each on a {@link Mirror} of its own (they
 * run on different threads), under the rules of the settings. The linter keeps each tree's parsed
 * files between runs, so that a keystroke re-parses the changed file only.
 */
final class Workspace {
  private final Path scratch;
  private final Mirror lint;
  private final Mirror fix;
  private final Map<Path, ParseCache> parsed = new ConcurrentHashMap<>();
  private volatile List<String> rules = List.of();

  Workspace(Path scratch) {
    this.scratch = scratch;
    this.lint = new Mirror(scratch.resolve("lint"));
    this.fix = new Mirror(scratch.resolve("fix"));
  }

  /** The directory of the mirrors, deleted when the server stops. */
  Path scratch() {
    return scratch;
  }

  /** The mirror the linter reads; used on the linting thread only. */
  Mirror lintMirror() {
    return lint;
  }

  /** The mirror the fixer reads; used on the fixing thread only. */
  Mirror fixMirror() {
    return fix;
  }

  /**
   * Chooses the rules; an empty list means all of them.
   *
   * @throws IllegalArgumentException for an unknown rule id, with a one-line message
   */
  void rules(List<String> ids) {
    Linter.builder().rules(ids); // checks the ids
    rules = List.copyOf(ids);
  }

  /**
   * The findings {@code forkscope lint TREE} reports in {@code files}, on a tree of the lint
   * mirror: only the files whose tasks and other entries can reach them are analysed.
   */
  LintResult lint(Path tree, Collection<Path> files) throws IOException {
    ParseCache cache = parsed.computeIfAbsent(tree, t -> new ParseCache());
    return Linter.builder().rules(rules).cache(cache).findingsIn(files).build().lint(List.of(tree));
  }

  /**
   * The fixes {@code forkscope fix TREE} makes for the findings {@code only} accepts, on a tree of
   * the fix mirror.
   */
  FixResult fix(Path tree, Predicate<Finding> only) throws IOException {
    return Fixer.builder().rules(rules).only(only).build().fix(List.of(tree));
  }
}
