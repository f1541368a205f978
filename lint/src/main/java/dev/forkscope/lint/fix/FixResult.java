package dev.forkscope.lint.fix;

import dev.forkscope.lint.LintResult;
import java.util.List;

/**
 * The outcome of a fixer run.
 *
 * @param lint the lint run the fixes were made for
 * @param files one entry per file with findings, sorted by path
 * @param compileCheck one line on whether the rewritten files were compiled, and the outcome
 */
public record FixResult(LintResult lint, List<FileFix> files, String compileCheck) {
  public FixResult {
    files = List.copyOf(files);
  }

  /** The number of rewrites made. */
  public int fixCount() {
    return files.stream().mapToInt(f -> f.fixes().size()).sum();
  }

  /** The number of files the rewrites change. */
  public int changedFiles() {
    return (int) files.stream().filter(FileFix::changed).count();
  }

  /** All findings left as suggestions, in file order. */
  public List<Suggestion> suggestions() {
    return files.stream().flatMap(f -> f.suggestions().stream()).toList();
  }
}
