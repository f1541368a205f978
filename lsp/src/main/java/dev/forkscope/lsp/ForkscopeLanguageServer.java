package dev.forkscope.lsp;

import dev.forkscope.io.FileTrees;
import dev.forkscope.lint.Progress;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionOptions;
import org.eclipse.lsp4j.DidChangeWatchedFilesRegistrationOptions;
import org.eclipse.lsp4j.FileSystemWatcher;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.ProgressParams;
import org.eclipse.lsp4j.Registration;
import org.eclipse.lsp4j.RegistrationParams;
import org.eclipse.lsp4j.SaveOptions;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.lsp4j.ServerInfo;
import org.eclipse.lsp4j.TextDocumentSyncKind;
import org.eclipse.lsp4j.TextDocumentSyncOptions;
import org.eclipse.lsp4j.WorkDoneProgressBegin;
import org.eclipse.lsp4j.WorkDoneProgressCreateParams;
import org.eclipse.lsp4j.WorkDoneProgressEnd;
import org.eclipse.lsp4j.WorkDoneProgressNotification;
import org.eclipse.lsp4j.WorkDoneProgressReport;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageClientAware;
import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.eclipse.lsp4j.services.WorkspaceService;

/**
 * forkscope's language server: lint findings as diagnostics on open and change, with the project of
 * the workspace folders around the open files, and the rewrites of {@code forkscope fix} as quick
 * fixes. Rules are chosen through the initialization options or the {@code forkscope} settings
 * section: {@code {"rules": ["copy-on-fork"]}}.
 *
 * <pre>{@code
 * int exitCode = ForkscopeLanguageServer.serve(System.in, System.out);
 * }</pre>
 *
 * <p>Implementation note: the editor's text, not the file on disk, is what gets linted: the
 * workspace folders are copied once, on {@code initialize}, into a scratch directory where the open
 * documents' text is written over their files (see {@link Mirror}), and the linter and the fixer
 * read that copy. Linting runs on one thread, the copy being its first task, and a document that
 * changed again before its turn is linted only at its newest version; fixes run on another (see
 * {@link DocumentService}). A request the server does not implement is answered MethodNotFound.
 */
public final class ForkscopeLanguageServer implements LanguageServer, LanguageClientAware {
  private final ScheduledExecutorService linting = daemon("forkscope-lsp-lint");
  private final ScheduledExecutorService fixing = daemon("forkscope-lsp-fix");
  private final Workspace workspace;
  private final DocumentService documents;
  private final SettingsService settings;
  private final CompletableFuture<Integer> exited = new CompletableFuture<>();
  private final CompletableFuture<Void> initialized = new CompletableFuture<>();
  private volatile LanguageClient client;
  private volatile ClientSupport support = ClientSupport.NONE;
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
      Launcher<LanguageClient> launcher =
          new LSPLauncher.Builder<LanguageClient>()
              .setLocalService(server)
              .setRemoteInterface(LanguageClient.class)
              .setInput(in)
              .setOutput(out)
              .setExceptionHandler(ForkscopeLanguageServer::error)
              .create();
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

  /**
   * The error a failed request is answered with: MethodNotFound for a request the server does not
   * implement (lsp4j's default methods throw {@link UnsupportedOperationException}), else an
   * internal error with a one-line message and no stack trace.
   */
  private static ResponseError error(Throwable failure) {
    Throwable cause = failure;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof UnsupportedOperationException) {
      return new ResponseError(
          ResponseErrorCode.MethodNotFound, "not supported by forkscope", null);
    }
    if (cause instanceof ResponseErrorException response) {
      return response.getResponseError();
    }
    if (cause instanceof CancellationException) {
      return new ResponseError(ResponseErrorCode.RequestCancelled, "cancelled", null);
    }
    return new ResponseError(ResponseErrorCode.InternalError, "forkscope: " + cause, null);
  }

  private static ScheduledExecutorService daemon(String name) {
    return Executors.newSingleThreadScheduledExecutor(
        r -> {
          Thread t = new Thread(r, name);
          t.setDaemon(true);
          return t;
        });
  }

  @Override
  public void connect(LanguageClient client) {
    this.client = client;
    documents.connect(client);
    settings.connect(client);
  }

  @Override
  public CompletableFuture<InitializeResult> initialize(InitializeParams params) {
    settings.apply(params.getInitializationOptions());
    support = ClientSupport.of(params.getCapabilities());
    documents.support(support);
    List<Path> folders = folders(params);
    linting.execute(() -> index(folders, workspace.lintMirror(), true));
    fixing.execute(() -> index(folders, workspace.fixMirror(), false));
    TextDocumentSyncOptions sync = new TextDocumentSyncOptions();
    sync.setOpenClose(true);
    sync.setChange(TextDocumentSyncKind.Full);
    sync.setSave(new SaveOptions(false));
    ServerCapabilities capabilities = new ServerCapabilities();
    capabilities.setTextDocumentSync(sync);
    CodeActionOptions actions =
        new CodeActionOptions(List.of(CodeActionKind.QuickFix, DocumentService.FIX_ALL));
    actions.setResolveProvider(true);
    capabilities.setCodeActionProvider(actions);
    capabilities.setHoverProvider(true);
    String version = ForkscopeLanguageServer.class.getPackage().getImplementationVersion();
    return CompletableFuture.completedFuture(
        new InitializeResult(
            capabilities, new ServerInfo("forkscope", version == null ? "dev" : version)));
  }

  @Override
  public void initialized(InitializedParams params) {
    initialized.complete(null);
    if (support.watchedFiles()) {
      client.registerCapability(
          new RegistrationParams(
              List.of(
                  new Registration(
                      "forkscope-java-files",
                      "workspace/didChangeWatchedFiles",
                      new DidChangeWatchedFilesRegistrationOptions(
                          List.of(new FileSystemWatcher(Either.forLeft("**/*.java"))))))));
    }
  }

  /** The workspace folders, else the root URI, else the root path; none is a valid answer. */
  private List<Path> folders(InitializeParams params) {
    List<String> uris = new ArrayList<>();
    if (params.getWorkspaceFolders() != null && !params.getWorkspaceFolders().isEmpty()) {
      params.getWorkspaceFolders().forEach(f -> uris.add(f.getUri()));
    } else if (params.getRootUri() != null) {
      uris.add(params.getRootUri());
    } else if (params.getRootPath() != null) {
      uris.add(Path.of(params.getRootPath()).toUri().toString());
    }
    List<Path> folders = new ArrayList<>();
    for (String uri : uris) {
      try {
        folders.add(Path.of(new URI(uri)));
      } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e) {
        client.logMessage(
            new MessageParams(
                MessageType.Warning, "forkscope: workspace folder " + uri + " is not a file URI"));
      }
    }
    return folders;
  }

  /**
   * Copies the folders into a mirror; with {@code report}, as {@code $/progress} when the client
   * supports it. Runs as the first task of the mirror's thread, so that linting waits for it.
   */
  private void index(List<Path> folders, Mirror mirror, boolean report) {
    String token =
        report && support.workDoneProgress() && !folders.isEmpty() ? beginProgress() : null;
    try {
      mirror.copy(folders, token == null ? Progress.NONE : reporter(token));
    } catch (IOException e) {
      client.logMessage(
          new MessageParams(
              MessageType.Error, "forkscope: cannot copy the workspace folders: " + e));
    }
    if (token != null) {
      notify(token, new WorkDoneProgressEnd());
    }
  }

  /** Starts the progress of the indexing; its token, or null if the client did not take it. */
  private String beginProgress() {
    String token = "forkscope-index";
    try {
      // the client may be asked only once initialize was answered; hang guards, not timings
      initialized.get(30, TimeUnit.SECONDS);
      client
          .createProgress(new WorkDoneProgressCreateParams(Either.forLeft(token)))
          .get(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    } catch (ExecutionException | TimeoutException e) {
      return null;
    }
    WorkDoneProgressBegin begin = new WorkDoneProgressBegin();
    begin.setTitle("forkscope: indexing the workspace");
    begin.setPercentage(0);
    notify(token, begin);
    return token;
  }

  /** Reports the copy's progress in steps of 10 percent. */
  private Progress reporter(String token) {
    int[] shown = {0};
    return (done, total) -> {
      int percent = 100 * done / total;
      if (percent >= shown[0] + 10) {
        shown[0] = percent;
        WorkDoneProgressReport step = new WorkDoneProgressReport();
        step.setPercentage(percent);
        step.setMessage(done + " of " + total + " files");
        notify(token, step);
      }
    };
  }

  private void notify(String token, WorkDoneProgressNotification value) {
    client.notifyProgress(new ProgressParams(Either.forLeft(token), Either.forLeft(value)));
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
