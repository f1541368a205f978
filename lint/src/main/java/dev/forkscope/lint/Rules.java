package dev.forkscope.lint;

import java.util.Collection;
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

  /**
   * The rules a run restricted to {@code ids} runs, in catalogue order: all of them for an empty
   * collection, as {@link Linter.Builder#rules} takes it. Unknown ids are left out.
   */
  public static List<Rule> selected(Collection<String> ids) {
    return ids.isEmpty() ? all() : all().stream().filter(r -> ids.contains(r.id())).toList();
  }

  /** The rule with this id, if there is one. */
  public static Optional<Rule> byId(String id) {
    return all().stream().filter(r -> r.id().equals(id)).findFirst();
  }
}
