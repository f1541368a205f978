package dev.forkscope.lsp;

import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * The server in this JVM on piped streams, driven through lsp4j's client launcher, so that every
 * message goes through JSON-RPC as it does from an editor over standard input and output: what the
 * tests and the keystroke benchmark talk to.
 *
 * <pre>{@code
 * PipedServer piped = PipedServer.start(client);
 * piped.server().initialize(params);
 * ...
 * int exit = piped.stop(30);
 * }</pre>
 */
public final class PipedServer {
  private static final int PIPE_BYTES = 1 << 20;

  private final LanguageServer server;
  private final PipedOutputStream toServer;
  private final CompletableFuture<Integer> exitCode;

  private PipedServer(
      LanguageServer server, PipedOutputStream toServer, CompletableFuture<Integer> exitCode) {
    this.server = server;
    this.toServer = toServer;
    this.exitCode = exitCode;
  }

  /** Starts a server on a thread of its own that talks to {@code client}. */
  public static PipedServer start(LanguageClient client) throws IOException {
    PipedOutputStream toServer = new PipedOutputStream();
    PipedInputStream serverIn = new PipedInputStream(toServer, PIPE_BYTES);
    PipedOutputStream fromServer = new PipedOutputStream();
    PipedInputStream clientIn = new PipedInputStream(fromServer, PIPE_BYTES);
    CompletableFuture<Integer> exitCode = new CompletableFuture<>();
    Thread serving =
        new Thread(
            () -> {
              // closed when the server is done, so that the client reads the end of the stream
              // rather than a broken pipe
              try (fromServer) {
                exitCode.complete(ForkscopeLanguageServer.serve(serverIn, fromServer));
              } catch (Throwable t) {
                exitCode.completeExceptionally(t);
              }
            },
            "piped-lsp-server");
    serving.setDaemon(true);
    serving.start();
    var launcher = LSPLauncher.createClientLauncher(client, clientIn, toServer);
    launcher.startListening();
    return new PipedServer(launcher.getRemoteProxy(), toServer, exitCode);
  }

  /** The server as the client sees it. */
  public LanguageServer server() {
    return server;
  }

  /** The server's exit code, once it has exited. */
  public CompletableFuture<Integer> exitCode() {
    return exitCode;
  }

  /**
   * {@code shutdown}, then {@code exit}; waits at most {@code seconds} for each and returns the
   * exit code.
   */
  public int stop(int seconds)
      throws IOException, InterruptedException, ExecutionException, TimeoutException {
    server.shutdown().get(seconds, TimeUnit.SECONDS);
    server.exit();
    int code = exitCode.get(seconds, TimeUnit.SECONDS);
    toServer.close();
    return code;
  }
}
