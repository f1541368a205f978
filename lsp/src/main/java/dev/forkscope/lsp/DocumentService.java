package dev.forkscope.lsp;

import dev.forkscope.lint.Finding;
import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.Rule;
import dev.forkscope.lint.fix.FileFix;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DidSaveTextDocumentParams;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.TextDocumentService;

/**
 * The open documents: lints each on open, change and save and publishes its diagnostics; answers
 * code actions with the fixes of {@code forkscope fix}, computed once per document version. Fixes
 * run on a thread of their own, since their javac check takes far longer than a lint: diagnostics
 * never wait behind one. Only a rule that declares a rewrite ({@link Rule.Fix#rewrite()}) can have
 * a quick fix, so a request whose range meets no finding of such a rule in the version's published
 * findings is answered without running the fixer.
 */
final class DocumentService implements TextDocumentService {

  /** A document's text at one version; a new one replaces it on every change. */
  private record Snapshot(String uri, int version, String text) {}

  /** The fixes of one snapshot. */
  private record Fixes(Snapshot of, Optional<FileFix> file) {}

  /** The findings last published for one snapshot. */
  private record Linted(Snapshot of, List<Finding> findings) {}

  private final Workspace workspace;
  private final Executor linting;
  private final Executor fixing;
  private final Map<String, Snapshot> open = new ConcurrentHashMap<>();
  private final Map<String, Fixes> fixes = new ConcurrentHashMap<>();
  private final Map<String, Linted> linted = new ConcurrentHashMap<>();
  private volatile LanguageClient client;

  DocumentService(Workspace workspace, Executor linting, Executor fixing) {
    this.workspace = workspace;
    this.linting = linting;
    this.fixing = fixing;
  }

  void connect(LanguageClient client) {
    this.client = client;
  }

  @Override
  public void didOpen(DidOpenTextDocumentParams params) {
    var doc = params.getTextDocument();
    update(new Snapshot(doc.getUri(), doc.getVersion(), doc.getText()));
  }

  @Override
  public void didChange(DidChangeTextDocumentParams params) {
    List<TextDocumentContentChangeEvent> changes = params.getContentChanges();
    if (changes.isEmpty()) {
      return;
    }
    // full synchronisation: the last change holds the whole text
    var doc = params.getTextDocument();
    update(new Snapshot(doc.getUri(), doc.getVersion(), changes.get(changes.size() - 1).getText()));
  }

  @Override
  public void didSave(DidSaveTextDocumentParams params) {
    Snapshot now = open.get(params.getTextDocument().getUri());
    if (now != null) {
      linting.execute(() -> publish(now));
    }
  }

  @Override
  public void didClose(DidCloseTextDocumentParams params) {
    String uri = params.getTextDocument().getUri();
    open.remove(uri);
    fixes.remove(uri);
    linted.remove(uri);
    linting.execute(
        () -> {
          try {
            workspace.close(uri);
          } catch (IOException e) {
            log(MessageType.Warning, "cannot delete the scratch copy of " + uri + ": " + e);
          }
          client.publishDiagnostics(new PublishDiagnosticsParams(uri, List.of()));
        });
  }

  @Override
  public CompletableFuture<List<Either<Command, CodeAction>>> codeAction(CodeActionParams params) {
    return CompletableFuture.supplyAsync(() -> quickFixes(params), fixing);
  }

  /** Lints every open document again (after the rules changed). */
  void relintAll() {
    linted.clear(); // found under the old rules
    open.values().forEach(s -> linting.execute(() -> publish(s)));
  }

  private void update(Snapshot snapshot) {
    open.put(snapshot.uri(), snapshot);
    linting.execute(() -> publish(snapshot));
  }

  private void publish(Snapshot snapshot) {
    if (open.get(snapshot.uri()) != snapshot) {
      return; // closed, or changed again: that version's own turn is queued
    }
    LintResult result;
    try {
      result = workspace.lint(snapshot.uri(), snapshot.text());
    } catch (IOException | RuntimeException e) {
      log(MessageType.Error, "cannot lint " + snapshot.uri() + ": " + e);
      return;
    }
    result
        .summary()
        .failures()
        .forEach(
            f ->
                log(
                    MessageType.Error,
                    "internal error in rule "
                        + f.rule()
                        + " at line "
                        + f.line()
                        + " of "
                        + snapshot.uri()
                        + ": "
                        + f.describe()
                        + " at "
                        + String.join(" < ", f.frames())));
    linted.put(snapshot.uri(), new Linted(snapshot, result.findings()));
    Path copy = workspace.copy(snapshot.uri(), Workspace.Use.LINT);
    client.publishDiagnostics(
        new PublishDiagnosticsParams(
            snapshot.uri(),
            result.findings().stream()
                .map(f -> Protocol.diagnostic(f, snapshot.uri(), copy))
                .toList(),
            snapshot.version()));
  }

  private List<Either<Command, CodeAction>> quickFixes(CodeActionParams params) {
    String uri = params.getTextDocument().getUri();
    Snapshot snapshot = open.get(uri);
    if (snapshot == null) {
      return List.of();
    }
    Linted found = linted.get(uri);
    if (found != null
        && found.of() == snapshot
        && found.findings().stream()
            .noneMatch(
                f ->
                    f.rule().fix().rewrite().isPresent()
                        && Protocol.touches(f, params.getRange()))) {
      return List.of();
    }
    Fixes cached = fixes.get(uri);
    if (cached == null || cached.of() != snapshot) {
      try {
        cached = new Fixes(snapshot, workspace.fix(uri, snapshot.text()));
      } catch (IOException | RuntimeException e) {
        log(MessageType.Error, "cannot fix " + uri + ": " + e);
        return List.of();
      }
      fixes.put(uri, cached);
    }
    List<Either<Command, CodeAction>> actions = new ArrayList<>();
    if (cached.file().isEmpty()) {
      return actions;
    }
    LineMap lines = new LineMap(snapshot.text());
    Path copy = workspace.copy(uri, Workspace.Use.FIX);
    cached.file().get().fixes().stream()
        .filter(
            fix -> fix.findings().stream().anyMatch(f -> Protocol.touches(f, params.getRange())))
        .forEach(fix -> actions.add(Either.forRight(Protocol.quickFix(fix, uri, copy, lines))));
    return actions;
  }

  private void log(MessageType type, String message) {
    client.logMessage(new MessageParams(type, "forkscope: " + message));
  }
}
