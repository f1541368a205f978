package dev.forkscope.bench.suites;

import dev.forkscope.lsp.PipedServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.ConfigurationParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.ProgressParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.RegistrationParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.TextDocumentSyncKind;
import org.eclipse.lsp4j.UnregistrationParams;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WindowClientCapabilities;
import org.eclipse.lsp4j.WorkDoneProgressCreateParams;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * An editor for the keystroke benchmark: {@code forkscope lsp}'s server in this JVM on piped
 * streams ({@link PipedServer}), so that every message goes through JSON-RPC as it does from a real
 * editor. Answers what a server may ask of an editor (progress, configuration, registration) as an
 * editor would.
 *
 * <p>Implementation note: lsp4j calls {@link #publishDiagnostics} on its listener thread; the queue
 * hands the parameters to the thread that waits in {@link #diagnostics}.
 */
final class LspSession implements LanguageClient, AutoCloseable {
  private static final int TIMEOUT_SECONDS = 120;

  private final BlockingQueue<PublishDiagnosticsParams> published = new LinkedBlockingQueue<>();
  private final PipedServer piped;
  private final BlockingQueue<String> errors = new LinkedBlockingQueue<>();
  private final LanguageServer server;
  private boolean incremental;

  LspSession() throws IOException {
    piped = PipedServer.start(this);
    server = piped.server();
  }

  /** {@code initialize} with {@code root} as the workspace folder, then {@code initialized}. */
  void initialize(Path root) throws Exception {
    InitializeParams params = new InitializeParams();
    ClientCapabilities capabilities = new ClientCapabilities();
    WindowClientCapabilities window = new WindowClientCapabilities();
    window.setWorkDoneProgress(true);
    capabilities.setWindow(window);
    params.setCapabilities(capabilities);
    params.setWorkspaceFolders(
        List.of(new WorkspaceFolder(root.toUri().toString(), root.getFileName().toString())));
    var sync =
        server
            .initialize(params)
            .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
            .getCapabilities()
            .getTextDocumentSync();
    TextDocumentSyncKind kind =
        sync == null ? null : sync.isLeft() ? sync.getLeft() : sync.getRight().getChange();
    incremental = kind == TextDocumentSyncKind.Incremental;
    server.initialized(new InitializedParams());
  }

  void open(String uri, String text) {
    server
        .getTextDocumentService()
        .didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "java", 1, text)));
  }

  /**
   * One keystroke: {@code typed} inserted at {@code line:column} of the document, whose whole new
   * text is {@code text}; sent as a range when the server syncs incrementally, else in full.
   */
  void type(String uri, int version, int line, int column, String typed, String text) {
    TextDocumentContentChangeEvent change =
        incremental
            ? new TextDocumentContentChangeEvent(
                new Range(new Position(line, column), new Position(line, column)), typed)
            : new TextDocumentContentChangeEvent(text);
    server
        .getTextDocumentService()
        .didChange(
            new DidChangeTextDocumentParams(
                new VersionedTextDocumentIdentifier(uri, version), List.of(change)));
  }

  /** Waits for the diagnostics of {@code uri} at {@code version}, skipping any others. */
  PublishDiagnosticsParams diagnostics(String uri, int version) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
    while (true) {
      PublishDiagnosticsParams p =
          published.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      if (p == null) {
        throw new IllegalStateException(
            "the language server published no diagnostics for version "
                + version
                + " of "
                + uri
                + " within "
                + TIMEOUT_SECONDS
                + " s"
                + (errors.isEmpty() ? "" : "; it logged: " + String.join("; ", errors)));
      }
      if (p.getUri().equals(uri) && Integer.valueOf(version).equals(p.getVersion())) {
        return p;
      }
    }
  }

  @Override
  public void close() throws Exception {
    piped.stop(TIMEOUT_SECONDS);
  }

  @Override
  public void publishDiagnostics(PublishDiagnosticsParams params) {
    published.add(params);
  }

  @Override
  public void showMessage(MessageParams message) {
    logMessage(message);
  }

  @Override
  public void logMessage(MessageParams message) {
    if (message.getType() == MessageType.Error) {
      errors.add(message.getMessage());
    }
  }

  @Override
  public void telemetryEvent(Object object) {}

  @Override
  public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams params) {
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public CompletableFuture<Void> createProgress(WorkDoneProgressCreateParams params) {
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public void notifyProgress(ProgressParams params) {}

  @Override
  public CompletableFuture<List<Object>> configuration(ConfigurationParams params) {
    List<Object> none = new ArrayList<>();
    params.getItems().forEach(item -> none.add(null));
    return CompletableFuture.completedFuture(none);
  }

  @Override
  public CompletableFuture<Void> registerCapability(RegistrationParams params) {
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public CompletableFuture<Void> unregisterCapability(UnregistrationParams params) {
    return CompletableFuture.completedFuture(null);
  }
}
