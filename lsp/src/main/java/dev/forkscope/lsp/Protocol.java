package dev.forkscope.lsp;

import dev.forkscope.lint.Finding;
import dev.forkscope.lint.Step;
import dev.forkscope.lint.fix.AppliedFix;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;

/** forkscope's findings and fixes in the protocol's terms. */
final class Protocol {
  static final String SOURCE = "forkscope";

  private Protocol() {}

  /**
   * A finding as a diagnostic: {@code code} is the rule id, the call path from the task's execution
   * method is the related information.
   *
   * @param copy the scratch copy the finding's paths name, which stand for {@code uri}
   */
  static Diagnostic diagnostic(Finding finding, String uri, Path copy) {
    Diagnostic d =
        new Diagnostic(
            range(finding),
            finding.message(),
            switch (finding.rule().severity()) {
              case ERROR -> DiagnosticSeverity.Error;
              case WARNING -> DiagnosticSeverity.Warning;
              case NOTE -> DiagnosticSeverity.Information;
            },
            SOURCE,
            finding.rule().id());
    if (!finding.path().isEmpty()) {
      d.setRelatedInformation(
          finding.path().stream().map(step -> related(step, uri, copy)).toList());
    }
    return d;
  }

  /** A fix as a quick fix that carries its edits. */
  static CodeAction quickFix(AppliedFix fix, String uri, Path copy, LineMap lines) {
    CodeAction action = new CodeAction("forkscope: " + fix.description());
    action.setKind(CodeActionKind.QuickFix);
    action.setIsPreferred(true);
    action.setDiagnostics(fix.findings().stream().map(f -> diagnostic(f, uri, copy)).toList());
    List<TextEdit> edits =
        fix.edits().stream()
            .map(
                e ->
                    new TextEdit(
                        new Range(lines.position(e.start()), lines.position(e.end())),
                        e.replacement()))
            .toList();
    action.setEdit(new WorkspaceEdit(Map.of(uri, edits)));
    return action;
  }

  /** Whether a finding's lines meet a range. */
  static boolean touches(Finding finding, Range range) {
    return finding.line() - 1 <= range.getEnd().getLine()
        && finding.endLine() - 1 >= range.getStart().getLine();
  }

  private static Range range(Finding f) {
    // 1-based, end column inclusive -> 0-based, end exclusive
    return new Range(
        new Position(f.line() - 1, f.column() - 1), new Position(f.endLine() - 1, f.endColumn()));
  }

  private static DiagnosticRelatedInformation related(Step step, String uri, Path copy) {
    String stepUri = step.file().equals(copy) ? uri : step.file().toUri().toString();
    Position at = new Position(step.line() - 1, step.column() - 1);
    return new DiagnosticRelatedInformation(
        new Location(stepUri, new Range(at, at)), step.description());
  }
}
