package dev.forkscope.lint;

import java.util.List;
import java.util.Optional;

/**
 * The catalogue of rules, in a stable order: the six Pinto et al. bottlenecks first, then misuse
 * patterns.
 */
public final class Rules {
  private Rules() {}

  /** All rules. */
  public static List<Rule> all() {
    return Checks.RULES;
  }

  /** The rule with this id, if there is one. */
  public static Optional<Rule> byId(String id) {
    return all().stream().filter(r -> r.id().equals(id)).findFirst();
  }
}
