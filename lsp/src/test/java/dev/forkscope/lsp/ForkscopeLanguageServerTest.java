package dev.forkscope.lsp;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.forkscope.lint.fix.FileFix;
import dev.forkscope.lint.fix.Fixer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidSaveTextDocumentParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server over real streams, driven by lsp4j's client launcher as an editor would. */
class ForkscopeLanguageServerTest {

  /** Copies each half before forking (copy-on-fork), and sleeps in a helper (sleepy-worker). */
  static final String SUM_TASK =
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
            settle();
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

        private static void settle() {
          try {
            Thread.sleep(1);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
      }
      """;

  static final String URI = "file:///project/src/main/java/sample/SumTask.java";

  @TempDir Path dir;

  @Test
  void diagnosesOnOpenWithTheRuleAsCodeAndTheCallPathAsRelatedInformation() throws Exception {
    try (LspClient client = new LspClient()) {
      InitializeResult init = client.initialize(null);
      assertThat(init.getServerInfo().getName()).isEqualTo("forkscope");
      assertThat(init.getCapabilities().getCodeActionProvider().getRight().getCodeActionKinds())
          .containsExactly(CodeActionKind.QuickFix, "source.fixAll.forkscope");

      client.open(URI, SUM_TASK);
      List<Diagnostic> found = client.diagnostics(URI, 1).getDiagnostics();

      assertThat(found).extracting(Diagnostic::getSource).containsOnly("forkscope");
      assertThat(found)
          .extracting(d -> d.getCode().getLeft())
          .containsExactlyInAnyOrder("copy-on-fork", "copy-on-fork", "sleepy-worker");
      Diagnostic copy = byRule(found, "copy-on-fork");
      assertThat(offset(SUM_TASK, copy.getRange().getStart()))
          .as("starts at the first copy")
          .isEqualTo(SUM_TASK.indexOf("Arrays.copyOfRange(values, 0, half)"));
      assertThat(copy.getMessage()).contains("copies data for the subtask");
      Diagnostic sleep = byRule(found, "sleepy-worker");
      assertThat(SUM_TASK.lines().toList().get(sleep.getRange().getStart().getLine()))
          .contains("Thread.sleep(1);");
      assertThat(sleep.getRelatedInformation())
          .isNotEmpty()
          .allSatisfy(r -> assertThat(r.getLocation().getUri()).isEqualTo(URI));
      assertThat(sleep.getRelatedInformation().get(0).getMessage()).contains("compute");
    }
  }

  @Test
  void quickFixesCarryTheEditsThatFixWouldMake() throws Exception {
    Path file = Files.createDirectories(dir.resolve("sample")).resolve("SumTask.java");
    Files.writeString(file, SUM_TASK);
    FileFix expected = Fixer.builder().build().fix(List.of(file)).files().get(0);
    assertThat(expected.changed()).isTrue();

    try (LspClient client = new LspClient()) {
      client.initialize(null);
      client.open(URI, SUM_TASK);
      List<Diagnostic> found = client.diagnostics(URI, 1).getDiagnostics();

      List<CodeAction> actions =
          codeActions(client, new Range(new Position(0, 0), end()), found).stream()
              .filter(a -> !a.getTitle().startsWith("forkscope: suppress"))
              .toList();
      assertThat(actions).isNotEmpty();
      assertThat(actions).allSatisfy(a -> assertThat(a.getKind()).isEqualTo("quickfix"));
      assertThat(actions)
          .flatExtracting(CodeAction::getDiagnostics)
          .extracting(d -> d.getCode().getLeft())
          .contains("copy-on-fork");
      List<TextEdit> edits = new ArrayList<>();
      actions.forEach(a -> edits.addAll(LspClient.edits(a.getEdit(), URI, 1)));
      assertThat(apply(SUM_TASK, edits)).isEqualTo(expected.rewritten());

      // a range away from every finding gets no action
      assertThat(codeActions(client, new Range(new Position(2, 0), new Position(2, 5)), found))
          .isEmpty();
    }
  }

  @Test
  void changesAndSavesUpdateAndClearTheDiagnostics() throws Exception {
    Path file = Files.createDirectories(dir.resolve("sample")).resolve("SumTask.java");
    Files.writeString(file, SUM_TASK);
    String fixed = Fixer.builder().build().fix(List.of(file)).files().get(0).rewritten();

    try (LspClient client = new LspClient()) {
      client.initialize(null);
      client.open(URI, SUM_TASK);
      assertThat(client.diagnostics(URI, 1).getDiagnostics()).hasSize(3);

      client.change(URI, 2, fixed);
      assertThat(client.diagnostics(URI, 2).getDiagnostics()).isEmpty();

      client.change(URI, 3, SUM_TASK);
      assertThat(client.diagnostics(URI, 3).getDiagnostics()).hasSize(3);

      client
          .server
          .getTextDocumentService()
          .didSave(new DidSaveTextDocumentParams(new TextDocumentIdentifier(URI)));
      assertThat(client.diagnostics(URI, 3).getDiagnostics()).hasSize(3);

      client
          .server
          .getTextDocumentService()
          .didClose(new DidCloseTextDocumentParams(new TextDocumentIdentifier(URI)));
      PublishDiagnosticsParams closed = client.diagnostics.poll(30, TimeUnit.SECONDS);
      assertThat(closed.getUri()).isEqualTo(URI);
      assertThat(closed.getDiagnostics()).isEmpty();
    }
  }

  @Test
  void rulesAreChosenByConfiguration() throws Exception {
    try (LspClient client = new LspClient()) {
      client.initialize(rules("copy-on-fork"));
      client.open(URI, SUM_TASK);
      assertThat(client.diagnostics(URI, 1).getDiagnostics())
          .extracting(d -> d.getCode().getLeft())
          .containsOnly("copy-on-fork");

      JsonObject settings = new JsonObject();
      settings.add("forkscope", rules("sleepy-worker"));
      client
          .server
          .getWorkspaceService()
          .didChangeConfiguration(new DidChangeConfigurationParams(settings));
      assertThat(client.diagnostics(URI, 1).getDiagnostics())
          .extracting(d -> d.getCode().getLeft())
          .containsExactly("sleepy-worker");

      client
          .server
          .getWorkspaceService()
          .didChangeConfiguration(new DidChangeConfigurationParams(rules("no-such-rule")));
      MessageParams shown = client.messages.poll(30, TimeUnit.SECONDS);
      assertThat(shown.getType()).isEqualTo(MessageType.Error);
      assertThat(shown.getMessage()).startsWith("forkscope: unknown rule 'no-such-rule'");
    }
  }

  @Test
  void exitsWithZeroAfterShutdown() throws Exception {
    LspClient client = new LspClient();
    client.initialize(null);
    client.close();
    assertThat(client.exitCode.get()).isZero();
  }

  static JsonObject rules(String... ids) {
    JsonArray array = new JsonArray();
    for (String id : ids) {
      array.add(id);
    }
    JsonObject object = new JsonObject();
    object.add("rules", array);
    return object;
  }

  private static List<CodeAction> codeActions(
      LspClient client, Range range, List<Diagnostic> diagnostics) throws Exception {
    return client
        .server
        .getTextDocumentService()
        .codeAction(
            new CodeActionParams(
                new TextDocumentIdentifier(URI),
                range,
                new CodeActionContext(diagnostics, List.of(CodeActionKind.QuickFix))))
        .get(60, TimeUnit.SECONDS)
        .stream()
        .map(Either::getRight)
        .toList();
  }

  private static Diagnostic byRule(List<Diagnostic> diagnostics, String rule) {
    return diagnostics.stream()
        .filter(d -> d.getCode().getLeft().equals(rule))
        .findFirst()
        .orElseThrow();
  }

  private static Position end() {
    return new Position((int) SUM_TASK.lines().count(), 0);
  }

  /** Applies edits the way an editor does: each range in the original text, last first. */
  static String apply(String text, List<TextEdit> edits) {
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
}
