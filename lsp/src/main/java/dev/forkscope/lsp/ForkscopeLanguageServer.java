package dev.forkscope.lsp;

import dev.forkscope.io.FileTrees;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionOptions;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.SaveOptions;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.lsp4j.ServerInfo;
import org.eclipse.lsp4j.TextDocumentSyncKind;
import org.eclipse.lsp4j.TextDocumentSyncOptions;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageClientAware;
import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.eclipse.lsp4j.services.WorkspaceService;

/**
 * forkscope's language server: lint findings as diagnostics on open, change and save, and the
 * rewrites of {@code forkscope fix} as quick fixes. Rules are chosen through the initialization
 * options or the {@code forkscope} settings section: {@code {"rules": ["copy-on-fork"]}}.
 *
 * <pre>{@code
 * int exitCode = ForkscopeLanguageServer.serve(System.in, System.out);
 * }</pre>
 *
 * <p>Implementation note: the editor's text, not the file on disk, is what gets linted, so each
 * open document has a scratch copy in a temporary directory that the linter and the fixer read (see
 * {@link Workspace}). Linting runs on one thread, in the order the notifications came, and a
 * document that changed again before its turn is linted only at its newest version; fixes run on
 * another.
 */
public final class ForkscopeLanguageServer implements LanguageServer, LanguageClientAware {
  private final ExecutorService linting = daemon("forkscope-lsp-lint");
  private final ExecutorService fixing = daemon("forkscope-lsp-fix");
  private final Workspace workspace;
  private final DocumentService documents;
  private final SettingsService settings;
  private final CompletableFuture<Integer> exited = new CompletableFuture<>();
  private volatile boolean shutDown;

  private ForkscopeLanguageServer(Workspace workspace) {
    this.workspace = workspace;
    this.documents = new DocumentService(workspace, linting, fixing);
    this.settings = new SettingsService(workspace, documents);
  }

  /**
   * Serves one client over the two streams until it sends {@code exit} or closes its stream.
   *
   * @return the exit code the protocol asks for: 0 after {@code shutdown}, otherwise 1
   */
  public static int serve(InputStream in, OutputStream out) throws IOException {
    ForkscopeLanguageServer server =
        new ForkscopeLanguageServer(new Workspace(Files.createTempDirectory("forkscope-lsp")));
    try {
      Launcher<LanguageClient> launcher = LSPLauncher.createServerLauncher(server, in, out);
      server.connect(launcher.getRemoteProxy());
      Future<Void> listening = launcher.startListening();
      server.exited.thenRun(() -> listening.cancel(true));
      try {
        listening.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException | CancellationException e) {
        // the client sent exit, or its stream broke
      }
      return server.exited.getNow(server.shutDown ? 0 : 1);
    } finally {
      server.linting.shutdownNow();
      server.fixing.shutdownNow();
      FileTrees.delete(server.workspace.scratch());
    }
  }

  private static ExecutorService daemon(String name) {
    return Executors.newSingleThreadExecutor(
        r -> {
          Thread t = new Thread(r, name);
          t.setDaemon(true);
          return t;
        });
  }

  @Override
  public void connect(LanguageClient client) {
    documents.connect(client);
    settings.connect(client);
  }

  @Override
  public CompletableFuture<InitializeResult> initialize(InitializeParams params) {
    settings.apply(params.getInitializationOptions());
    TextDocumentSyncOptions sync = new TextDocumentSyncOptions();
    sync.setOpenClose(true);
    sync.setChange(TextDocumentSyncKind.Full);
    sync.setSave(new SaveOptions(false));
    ServerCapabilities capabilities = new ServerCapabilities();
    capabilities.setTextDocumentSync(sync);
    capabilities.setCodeActionProvider(new CodeActionOptions(List.of(CodeActionKind.QuickFix)));
    String version = ForkscopeLanguageServer.class.getPackage().getImplementationVersion();
    return CompletableFuture.completedFuture(
        new InitializeResult(
            capabilities, new ServerInfo("forkscope", version == null ? "dev" : version)));
  }

  @Override
  public CompletableFuture<Object> shutdown() {
    shutDown = true;
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public void exit() {
    exited.complete(shutDown ? 0 : 1);
  }

  @Override
  public TextDocumentService getTextDocumentService() {
    return documents;
  }

  @Override
  public WorkspaceService getWorkspaceService() {
    return settings;
  }
}
