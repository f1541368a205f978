package dev.forkscope.lint;

import java.util.List;

/**
 * The outcome of a lint run.
 *
 * @param findings findings sorted by file, line and column
 * @param summary totals
 */
public record LintResult(List<Finding> findings, Summary summary) {
  public LintResult {
    findings = List.copyOf(findings);
  }
}
