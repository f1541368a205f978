package dev.forkscope.lint.fix;

import dev.forkscope.lint.Finding;
import java.util.List;

/**
 * A rewrite that passed its preconditions and the checks, as data: the edits on the original text
 * and the findings it resolves (one rewrite may resolve several, such as the two copies of one task
 * class).
 *
 * @param rule the rule id of the findings
 * @param line 1-based line of the first finding, for messages
 * @param description one line on what the rewrite does
 * @param edits the edits on the original text, non-overlapping
 * @param findings the findings it resolves
 */
public record AppliedFix(
    String rule, int line, String description, List<TextEdit> edits, List<Finding> findings) {
  public AppliedFix {
    edits = List.copyOf(edits);
    findings = List.copyOf(findings);
  }
}
