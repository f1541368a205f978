package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Collects findings and rule failures from all worker threads. The same decisive code reached from
 * several tasks (or by two hooks of one rule) is reported once: at the highest severity any path
 * gives it (a warning where one path proves what another can only note), then with the shortest
 * call path.
 *
 * <p>Implementation note: which worker reports first is a matter of timing, so every choice between
 * two candidates is a total order on their contents ({@link #PREFERRED}, {@link #FIRST_FAILURE}),
 * never arrival order: the same tree gives the same answer at any thread count.
 */
final class Findings {
  private record Key(String rule, String file, int line, int column) {}

  private record FailureKey(String rule, String file) {}

  /** The order of steps that decides between two equally short call paths. */
  static final Comparator<Step> STEP_ORDER =
      Comparator.comparing((Step s) -> s.file().toString())
          .thenComparingInt(Step::line)
          .thenComparingInt(Step::column)
          .thenComparing(Step::description);

  /**
   * The finding kept of two at the same place: the higher severity, the shorter path, then a stable
   * order.
   */
  private static final Comparator<Finding> PREFERRED =
      Comparator.comparing(Finding::severity)
          .thenComparingInt((Finding f) -> f.path().size())
          .thenComparing(Finding::path, Findings::comparePaths)
          .thenComparing(Finding::message)
          .thenComparing(Finding::taskClass, Comparator.nullsFirst(Comparator.naturalOrder()))
          .thenComparing(Finding::fix)
          .thenComparingInt(Finding::endLine)
          .thenComparingInt(Finding::endColumn);

  /** The failure kept of a rule's several on one file: the earliest line, then a stable order. */
  private static final Comparator<RuleFailure> FIRST_FAILURE =
      Comparator.comparingInt(RuleFailure::line)
          .thenComparing(RuleFailure::exception)
          .thenComparing(RuleFailure::message)
          .thenComparing(f -> String.join("\n", f.frames()));

  private final Map<Key, Finding> byKey = new ConcurrentHashMap<>();
  private final Map<FailureKey, RuleFailure> failures = new ConcurrentHashMap<>();

  /** Records a finding unless it is suppressed at the decisive node or at the context's entry. */
  void add(
      Rule rule,
      SourceFile file,
      Node node,
      String message,
      String taskClass,
      List<Step> path,
      FixSafety fix,
      Severity severity,
      Node entry) {
    if (Suppressions.suppressed(rule.id(), file, node)
        || (entry != null && Suppressions.annotated(rule.id(), entry))) {
      return;
    }
    int line = node.getBegin().map(p -> p.line).orElse(1);
    int column = node.getBegin().map(p -> p.column).orElse(1);
    int endLine = node.getEnd().map(p -> p.line).orElse(line);
    int endColumn = node.getEnd().map(p -> p.column).orElse(column);
    Finding finding =
        new Finding(
            rule,
            file.path(),
            line,
            column,
            endLine,
            endColumn,
            message,
            taskClass,
            path,
            fix,
            file.line(line),
            severity);
    byKey.merge(
        new Key(rule.id(), file.path().toString(), line, column),
        finding,
        (a, b) -> PREFERRED.compare(b, a) < 0 ? b : a);
  }

  /**
   * Records that a rule threw on a node of a file (a null node: somewhere in the file); one failure
   * per rule and file is kept.
   */
  void fail(String rule, SourceFile file, Node node, Throwable error) {
    int line = node == null ? 0 : Syntax.line(node);
    RuleFailure failure = RuleFailure.of(file.path(), line, rule, error);
    failures.merge(
        new FailureKey(rule, file.path().toString()),
        failure,
        (a, b) -> FIRST_FAILURE.compare(b, a) < 0 ? b : a);
  }

  /** All findings, sorted by file, line, column and rule. */
  List<Finding> sorted() {
    List<Finding> all = new ArrayList<>(byKey.values());
    all.sort(
        Comparator.comparing((Finding f) -> f.file().toString())
            .thenComparingInt(Finding::line)
            .thenComparingInt(Finding::column)
            .thenComparing(f -> f.rule().id()));
    return all;
  }

  /** All rule failures, sorted by file, line and rule. */
  List<RuleFailure> failures() {
    List<RuleFailure> all = new ArrayList<>(failures.values());
    all.sort(
        Comparator.comparing((RuleFailure f) -> f.file().toString())
            .thenComparingInt(RuleFailure::line)
            .thenComparing(RuleFailure::rule));
    return all;
  }

  private static int comparePaths(List<Step> a, List<Step> b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = STEP_ORDER.compare(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }
}
