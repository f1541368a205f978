package dev.forkscope.lint.fix;

import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

/**
 * The fixer's result for one file with findings.
 *
 * @param path the file as the linter named it
 * @param original the text as read
 * @param rewritten the text with every applied fix ({@code original} when there is none)
 * @param modified the file's modification time when it was read, so that a later write can tell
 *     whether the file changed in between
 * @param fixes the rewrites made, in file order
 * @param suggestions the findings left as suggestions, in file order
 */
public record FileFix(
    Path path,
    String original,
    String rewritten,
    FileTime modified,
    List<AppliedFix> fixes,
    List<Suggestion> suggestions) {
  public FileFix {
    fixes = List.copyOf(fixes);
    suggestions = List.copyOf(suggestions);
  }

  /** Whether the rewritten text differs from the original. */
  public boolean changed() {
    return !original.equals(rewritten);
  }

  /** The unified diff of the change, naming the file as {@code shownPath}; empty if unchanged. */
  public String diff(String shownPath) {
    return UnifiedDiff.of(shownPath, original, rewritten);
  }

  /** This file with some fixes taken back, each given as a suggestion with the reason. */
  FileFix without(List<AppliedFix> dropped, String reason) {
    List<AppliedFix> kept = fixes.stream().filter(f -> !dropped.contains(f)).toList();
    List<TextEdit> edits = kept.stream().flatMap(f -> f.edits().stream()).toList();
    List<Suggestion> more = new java.util.ArrayList<>(suggestions);
    for (AppliedFix fix : dropped) {
      for (var finding : fix.findings()) {
        more.add(new Suggestion(finding, reason, finding.sourceLine().strip(), fix.description()));
      }
    }
    more.sort(java.util.Comparator.comparingInt(s -> s.finding().line()));
    return new FileFix(path, original, TextEdit.apply(original, edits), modified, kept, more);
  }
}
