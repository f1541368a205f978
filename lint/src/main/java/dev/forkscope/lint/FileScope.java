package dev.forkscope.lint;

import com.github.javaparser.ast.Node;
import java.util.List;

/** What a check sees of a file during the context-free pass: a way to report. */
final class FileScope {
  private final SourceFile file;
  private final Findings sink;

  FileScope(SourceFile file, Findings sink) {
    this.file = file;
    this.sink = sink;
  }

  /** Reports code outside any execution context; the task class is the enclosing class, if any. */
  void report(Check check, Node node, String message, FixSafety fix) {
    var type = ProjectIndex.enclosingType(node);
    String owner =
        type == null ? null : type.getFullyQualifiedName().orElse(type.getNameAsString());
    sink.add(
        check.rule(), file, node, message, owner, List.of(), fix, check.rule().severity(), null);
  }
}
