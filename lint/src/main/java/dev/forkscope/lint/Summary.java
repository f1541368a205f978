package dev.forkscope.lint;

import java.util.List;

/**
 * Totals for one lint run.
 *
 * @param files Java files found
 * @param lines lines in those files
 * @param parsed files parsed and analysed
 * @param skipped files skipped by the text pre-filter because they cannot contain task code
 * @param errors files that could not be read or parsed
 * @param failures internal errors: a rule that threw on a file (the file still counts as parsed,
 *     and the other rules' findings in it are kept)
 * @param findings number of findings
 * @param millis wall-clock time of the run
 */
public record Summary(
    int files,
    long lines,
    int parsed,
    int skipped,
    List<FileError> errors,
    List<RuleFailure> failures,
    int findings,
    long millis) {
  public Summary {
    errors = List.copyOf(errors);
    failures = List.copyOf(failures);
  }
}
