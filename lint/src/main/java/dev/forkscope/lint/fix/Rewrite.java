package dev.forkscope.lint.fix;

import dev.forkscope.lint.Finding;
import java.util.List;

/** Proposes the rewrite for one finding of one rule, or says which precondition failed. */
@FunctionalInterface
interface Rewrite {
  Proposal propose(Finding finding, Source source);

  /** What a rewrite proposes. */
  sealed interface Proposal permits Edits, Refused {}

  /**
   * Edits that resolve the finding. Proposals with equal {@code key}s are one rewrite reached from
   * several findings (the copies of one task class): the first is applied, the others join it.
   */
  record Edits(String key, String description, List<TextEdit> edits) implements Proposal {}

  /** No rewrite: {@code reason} names the precondition that failed, for the user. */
  record Refused(String reason) implements Proposal {}

  static Proposal refuse(String reason) {
    return new Refused(reason);
  }
}
