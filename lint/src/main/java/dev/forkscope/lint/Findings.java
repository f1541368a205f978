package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Collects findings from all worker threads. The same decisive code reached from several tasks (or
 * by two hooks of one rule) is reported once, with the shortest call path.
 */
final class Findings {
  private record Key(String rule, String file, int line, int column) {}

  private final Map<Key, Finding> byKey = new ConcurrentHashMap<>();

  /** Records a finding unless it is suppressed at the decisive node or at the context's entry. */
  void add(
      Rule rule,
      SourceFile file,
      Node node,
      String message,
      String taskClass,
      List<Step> path,
      FixSafety fix,
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
            file.line(line));
    byKey.merge(
        new Key(rule.id(), file.path().toString(), line, column),
        finding,
        (a, b) -> b.path().size() < a.path().size() ? b : a);
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
}
