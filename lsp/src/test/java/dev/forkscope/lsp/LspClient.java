package dev.forkscope.lsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentEdit;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * An editor for the tests: runs the server on piped streams ({@link PipedServer}) and queues what
 * the server sends.
 */
final class LspClient implements LanguageClient, AutoCloseable {
  final BlockingQueue<PublishDiagnosticsParams> diagnostics = new LinkedBlockingQueue<>();
  final BlockingQueue<MessageParams> messages = new LinkedBlockingQueue<>();
  final LanguageServer server;
  final CompletableFuture<Integer> exitCode;
  private final PipedServer piped;

  LspClient() throws IOException {
    piped = PipedServer.start(this);
    server = piped.server();
    exitCode = piped.exitCode();
  }

  InitializeResult initialize(Object options) throws Exception {
    return initialize(options, null, new ClientCapabilities());
  }

  /** Initializes with a workspace folder ({@code root}, or none if null) and these capabilities. */
  InitializeResult initialize(Object options, Path root, ClientCapabilities capabilities)
      throws Exception {
    InitializeParams params = new InitializeParams();
    params.setCapabilities(capabilities);
    params.setInitializationOptions(options);
    if (root != null) {
      params.setWorkspaceFolders(
          List.of(new WorkspaceFolder(root.toUri().toString(), root.getFileName().toString())));
    }
    InitializeResult result = server.initialize(params).get(30, TimeUnit.SECONDS);
    server.initialized(new InitializedParams());
    return result;
  }

  void open(String uri, String text) {
    server
        .getTextDocumentService()
        .didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "java", 1, text)));
  }

  void change(String uri, int version, String text) {
    server
        .getTextDocumentService()
        .didChange(
            new DidChangeTextDocumentParams(
                new VersionedTextDocumentIdentifier(uri, version),
                List.of(new TextDocumentContentChangeEvent(text))));
  }

  /** The next diagnostics published for {@code uri} at {@code version}, skipping older ones. */
  PublishDiagnosticsParams diagnostics(String uri, int version) throws InterruptedException {
    while (true) {
      PublishDiagnosticsParams p = diagnostics.poll(60, TimeUnit.SECONDS);
      if (p == null) {
        throw new AssertionError("no diagnostics for " + uri + " version " + version);
      }
      if (p.getUri().equals(uri) && Integer.valueOf(version).equals(p.getVersion())) {
        return p;
      }
    }
  }

  /**
   * The next diagnostics published for {@code uri} that {@code wanted} accepts, skipping others.
   */
  List<Diagnostic> diagnosticsWhere(String uri, Predicate<List<Diagnostic>> wanted)
      throws InterruptedException {
    while (true) {
      PublishDiagnosticsParams p = diagnostics.poll(60, TimeUnit.SECONDS);
      if (p == null) {
        throw new AssertionError("no such diagnostics for " + uri);
      }
      if (p.getUri().equals(uri) && wanted.test(p.getDiagnostics())) {
        return p.getDiagnostics();
      }
    }
  }

  /**
   * The edits a workspace edit makes in one document, checking that they name the version they were
   * computed for, as an editor checks before it applies them.
   */
  static List<TextEdit> edits(WorkspaceEdit edit, String uri, int version) {
    assertThat(edit.getChanges()).as("plain changes carry no version").isNullOrEmpty();
    List<TextEdit> edits = new ArrayList<>();
    for (var change : edit.getDocumentChanges()) {
      TextDocumentEdit document = change.getLeft();
      if (document.getTextDocument().getUri().equals(uri)) {
        assertThat(document.getTextDocument().getVersion()).isEqualTo(version);
        edits.addAll(document.getEdits());
      }
    }
    return edits;
  }

  @Override
  public void close() throws Exception {
    piped.stop(30);
  }

  @Override
  public void publishDiagnostics(PublishDiagnosticsParams params) {
    diagnostics.add(params);
  }

  @Override
  public void showMessage(MessageParams message) {
    messages.add(message);
  }

  @Override
  public void logMessage(MessageParams message) {
    messages.add(message);
  }

  @Override
  public void telemetryEvent(Object object) {}

  @Override
  public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams params) {
    return CompletableFuture.completedFuture(null);
  }
}
