package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.forkscope.lint.fix.Fixer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end: the packaged forkscope.jar's {@code lsp} speaks the protocol on its standard streams:
 * framed by hand with Content-Length headers, and driven by lsp4j's client launcher as an editor
 * drives it, through diagnostics and a quick fix.
 */
class LspCommandIT {

  private static final Path CLI_JAR = Path.of(System.getProperty("forkscope.cliJar"));

  private static final String SUM_TASK =
      """
      package sample;

      import java.util.Arrays;
      import java.util.concurrent.RecursiveTask;

      public final class SumTask extends RecursiveTask<Long> {
        private final long[] values;

        public SumTask(long[] values) {
          this.values = values;
        }

        @Override
        protected Long compute() {
          if (values.length <= 10_000) {
            long sum = 0;
            for (long v : values) {
              sum += v;
            }
            return sum;
          }
          int half = values.length / 2;
          long[] left = Arrays.copyOfRange(values, 0, half);
          long[] right = Arrays.copyOfRange(values, half, values.length);
          SumTask first = new SumTask(left);
          first.fork();
          return new SumTask(right).compute() + first.join();
        }
      }
      """;

  @TempDir Path tmp;

  private static Process start() throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(java, "-jar", CLI_JAR.toString(), "lsp")
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
  }

  @Test
  void answersInitializeAndExitsAfterShutdown() throws Exception {
    Process p = start();
    OutputStream in = p.getOutputStream();
    InputStream out = p.getInputStream();

    send(
        in,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}");
    JsonNode init = read(out);
    assertThat(init.get("id").asInt()).isEqualTo(1);
    assertThat(init.at("/result/serverInfo/name").asText()).isEqualTo("forkscope");
    assertThat(init.at("/result/capabilities/textDocumentSync/change").asInt()).isEqualTo(1);

    send(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}");
    assertThat(read(out).get("id").asInt()).isEqualTo(2);
    send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}");

    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
  }

  @Test
  void anEditorGetsTheDiagnosticsAndAppliesAQuickFix() throws Exception {
    Path file = Files.createDirectories(tmp.resolve("sample")).resolve("SumTask.java");
    Files.writeString(file, SUM_TASK);
    String fixed = Fixer.builder().build().fix(List.of(file)).files().get(0).rewritten();
    assertThat(fixed).isNotEqualTo(SUM_TASK);
    String uri = file.toUri().toString();

    Process p = start();
    Editor editor = new Editor();
    var launcher =
        LSPLauncher.createClientLauncher(editor, p.getInputStream(), p.getOutputStream());
    launcher.startListening();
    LanguageServer server = launcher.getRemoteProxy();
    InitializeParams params = new InitializeParams();
    params.setCapabilities(new ClientCapabilities());
    server.initialize(params).get(60, TimeUnit.SECONDS);
    server.initialized(new InitializedParams());

    server
        .getTextDocumentService()
        .didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "java", 1, SUM_TASK)));
    PublishDiagnosticsParams published = editor.diagnostics.poll(60, TimeUnit.SECONDS);
    assertThat(published.getUri()).isEqualTo(uri);
    assertThat(published.getDiagnostics())
        .extracting(d -> d.getCode().getLeft())
        .containsExactly("copy-on-fork", "copy-on-fork");

    var actions =
        server
            .getTextDocumentService()
            .codeAction(
                new CodeActionParams(
                    new TextDocumentIdentifier(uri),
                    published.getDiagnostics().get(0).getRange(),
                    new CodeActionContext(
                        published.getDiagnostics(), List.of(CodeActionKind.QuickFix))))
            .get(60, TimeUnit.SECONDS)
            .stream()
            .map(Either::getRight)
            .filter(a -> !a.getTitle().startsWith("forkscope: suppress"))
            .toList();
    assertThat(actions).hasSize(1);
    var change = actions.get(0).getEdit().getDocumentChanges().get(0).getLeft();
    assertThat(change.getTextDocument().getUri()).isEqualTo(uri);
    assertThat(change.getTextDocument().getVersion()).isEqualTo(1);
    List<TextEdit> edits = change.getEdits();
    assertThat(apply(SUM_TASK, edits)).isEqualTo(fixed);

    server.shutdown().get(30, TimeUnit.SECONDS);
    server.exit();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
  }

  private static void send(OutputStream in, String json) throws IOException {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    in.write(("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
    in.write(body);
    in.flush();
  }

  /** One message: the headers up to the blank line, then exactly Content-Length bytes. */
  private static JsonNode read(InputStream out) throws IOException {
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    while (!header.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
      int b = out.read();
      if (b < 0) {
        throw new AssertionError("the server closed its output after: " + header);
      }
      header.write(b);
    }
    String headers = header.toString(StandardCharsets.US_ASCII);
    assertThat(headers).startsWith("Content-Length: ");
    int length = Integer.parseInt(headers.lines().findFirst().orElseThrow().substring(16).strip());
    return new ObjectMapper().readTree(out.readNBytes(length));
  }

  /** Applies edits the way an editor does: each range in the original text, last first. */
  private static String apply(String text, List<TextEdit> edits) {
    List<TextEdit> lastFirst = new ArrayList<>(edits);
    lastFirst.sort(
        Comparator.comparing((TextEdit e) -> e.getRange().getStart().getLine())
            .thenComparing(e -> e.getRange().getStart().getCharacter())
            .reversed());
    StringBuilder out = new StringBuilder(text);
    for (TextEdit edit : lastFirst) {
      out.replace(
          offset(text, edit.getRange().getStart()),
          offset(text, edit.getRange().getEnd()),
          edit.getNewText());
    }
    return out.toString();
  }

  private static int offset(String text, Position position) {
    int offset = 0;
    for (int line = 0; line < position.getLine(); line++) {
      offset = text.indexOf('\n', offset) + 1;
    }
    return offset + position.getCharacter();
  }

  /** The editor's side: keeps what the server publishes. */
  private static final class Editor implements LanguageClient {
    final BlockingQueue<PublishDiagnosticsParams> diagnostics = new LinkedBlockingQueue<>();

    @Override
    public void publishDiagnostics(PublishDiagnosticsParams params) {
      diagnostics.add(params);
    }

    @Override
    public void showMessage(MessageParams message) {}

    @Override
    public void logMessage(MessageParams message) {}

    @Override
    public void telemetryEvent(Object object) {}

    @Override
    public CompletableFuture<MessageActionItem> showMessageRequest(
        ShowMessageRequestParams params) {
      return CompletableFuture.completedFuture(null);
    }
  }
}
