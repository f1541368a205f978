package dev.forkscope.lsp;

import dev.forkscope.lint.FileError;
import dev.forkscope.lint.Finding;
import dev.forkscope.lint.Rule;
import dev.forkscope.lint.Rules;
import dev.forkscope.lint.Step;
import dev.forkscope.lint.fix.TextEdit;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticCodeDescription;
import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentEdit;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/** forkscope's findings and fixes in the protocol's terms. */
final class Protocol {
  static final String SOURCE = "forkscope";

  /** The diagnostic code of a file that does not parse. */
  static final String PARSE_ERROR = "parse-error";

  /** Where docs/lint.md is: a file URI beside the server's build, else the repository's path. */
  private static final String LINT_DOCS = lintDocs();

  private Protocol() {}

  /**
   * A finding as a diagnostic: {@code code} is the rule id with a link to the rule's section of
   * docs/lint.md, the message's first line is the finding's and the lines after it say why and what
   * to do instead, the call path from the task's execution method is the related information.
   *
   * @param uriOf the document URI of a path the linter named
   */
  static Diagnostic diagnostic(Finding finding, Function<Path, String> uriOf) {
    Rule rule = finding.rule();
    Diagnostic d =
        new Diagnostic(
            range(finding),
            finding.message() + "\nWhy: " + rule.why() + "\nInstead: " + rule.instead(),
            switch (rule.severity()) {
              case ERROR -> DiagnosticSeverity.Error;
              case WARNING -> DiagnosticSeverity.Warning;
              case NOTE -> DiagnosticSeverity.Information;
            },
            SOURCE,
            rule.id());
    d.setCodeDescription(new DiagnosticCodeDescription(LINT_DOCS + "#" + anchor(rule)));
    if (!finding.path().isEmpty()) {
      d.setRelatedInformation(finding.path().stream().map(step -> related(step, uriOf)).toList());
    }
    return d;
  }

  /** A file that does not parse, as an error on the line of its first problem. */
  static Diagnostic parseError(FileError error, String text) {
    int line = Math.max(error.line(), 1) - 1;
    String[] lines = text.split("\n", -1);
    int length = line < lines.length ? lines[line].stripTrailing().length() : 0;
    return new Diagnostic(
        new Range(new Position(line, 0), new Position(line, length)),
        error.message(),
        DiagnosticSeverity.Error,
        SOURCE,
        PARSE_ERROR);
  }

  /** The hover text of the findings at one place: each one's message, why and instead. */
  static MarkupContent hover(List<Diagnostic> findings) {
    List<String> parts = new ArrayList<>();
    for (Diagnostic d : findings) {
      String id = d.getCode().getLeft();
      String first = d.getMessage().lines().findFirst().orElse("");
      StringBuilder text = new StringBuilder("**forkscope: " + id + "** " + first);
      Rules.byId(id)
          .ifPresent(
              rule ->
                  text.append("\n\n*Why:* ")
                      .append(rule.why())
                      .append("\n\n*Instead:* ")
                      .append(rule.instead())
                      .append("\n\n[")
                      .append(rule.title())
                      .append("](")
                      .append(d.getCodeDescription().getHref())
                      .append(')'));
      parts.add(text.toString());
    }
    return new MarkupContent(MarkupKind.MARKDOWN, String.join("\n\n---\n\n", parts));
  }

  /**
   * Edits as a workspace edit whose document changes name the version each was computed for.
   *
   * @param texts each file's text the edits apply to, by document URI
   * @param versions the version of each open document (a file not open has none)
   */
  static WorkspaceEdit edit(
      Map<String, List<TextEdit>> edits, Map<String, String> texts, Map<String, Integer> versions) {
    List<Either<TextDocumentEdit, org.eclipse.lsp4j.ResourceOperation>> changes = new ArrayList<>();
    edits.forEach(
        (uri, list) -> {
          LineMap lines = new LineMap(texts.get(uri));
          changes.add(
              Either.forLeft(
                  new TextDocumentEdit(
                      new VersionedTextDocumentIdentifier(uri, versions.get(uri)),
                      list.stream()
                          .map(
                              e ->
                                  new org.eclipse.lsp4j.TextEdit(
                                      new Range(lines.position(e.start()), lines.position(e.end())),
                                      e.replacement()))
                          .toList())));
        });
    WorkspaceEdit edit = new WorkspaceEdit(changes);
    edit.setChanges(null); // lsp4j starts it empty; an edit is either form, never both
    return edit;
  }

  /** Whether a finding's lines meet a range. */
  static boolean touches(Finding finding, Range range) {
    return finding.line() - 1 <= range.getEnd().getLine()
        && finding.endLine() - 1 >= range.getStart().getLine();
  }

  /** Whether two ranges' lines meet. */
  static boolean touches(Range a, Range b) {
    return a.getStart().getLine() <= b.getEnd().getLine()
        && a.getEnd().getLine() >= b.getStart().getLine();
  }

  /** Whether a range holds a position (its end included, where the cursor sits after a word). */
  static boolean holds(Range range, Position at) {
    return compare(range.getStart(), at) <= 0 && compare(at, range.getEnd()) <= 0;
  }

  private static int compare(Position a, Position b) {
    return a.getLine() != b.getLine()
        ? Integer.compare(a.getLine(), b.getLine())
        : Integer.compare(a.getCharacter(), b.getCharacter());
  }

  /**
   * The GitHub anchor of a rule's heading in docs/lint.md ({@code ### copy-on-fork (bottleneck
   * 2)}).
   */
  static String anchor(Rule rule) {
    String heading =
        rule.id() + (rule.bottleneck() == null ? "" : " (bottleneck " + rule.bottleneck() + ")");
    return heading.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 _-]", "").replace(' ', '-');
  }

  private static Range range(Finding f) {
    // 1-based, end column inclusive -> 0-based, end exclusive
    return new Range(
        new Position(f.line() - 1, f.column() - 1), new Position(f.endLine() - 1, f.endColumn()));
  }

  private static DiagnosticRelatedInformation related(Step step, Function<Path, String> uriOf) {
    Position at = new Position(step.line() - 1, step.column() - 1);
    return new DiagnosticRelatedInformation(
        new Location(uriOf.apply(step.file()), new Range(at, at)), step.description());
  }

  /**
   * docs/lint.md of the checkout the server was built in (found from its classes or jar, a few
   * directories up), as a file URI an editor opens; else its path in the repository.
   */
  private static String lintDocs() {
    try {
      Path at = Path.of(Protocol.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      for (int up = 0; up < 4 && at != null; up++, at = at.getParent()) {
        Path docs = at.resolve("docs").resolve("lint.md");
        if (Files.isRegularFile(docs)) {
          return docs.toUri().toString();
        }
      }
    } catch (URISyntaxException | RuntimeException e) {
      // no code source to start from: the repository path below
    }
    return "docs/lint.md";
  }
}
