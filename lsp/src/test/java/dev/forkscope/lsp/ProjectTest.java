package dev.forkscope.lsp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.JsonObject;
import dev.forkscope.examples.ZooSources;
import dev.forkscope.lint.Finding;
import dev.forkscope.lint.Linter;
import dev.forkscope.lint.Rules;
import dev.forkscope.lint.fix.FileFix;
import dev.forkscope.lint.fix.FixResult;
import dev.forkscope.lint.fix.Fixer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionCapabilities;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionKindCapabilities;
import org.eclipse.lsp4j.CodeActionLiteralSupportCapabilities;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.CodeActionResolveSupportCapabilities;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DocumentDiagnosticParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentClientCapabilities;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server with a workspace folder: findings and fixes equal to the CLI's on the same tree,
 * unsaved buffers, versioned and stale fixes, fix all, suppress, parse errors, hover and the
 * protocol's manners.
 */
class ProjectTest {
  /** A task whose base class is in one file and whose sleep is in a helper in another. */
  static final Map<String, String> CROSS_FILE =
      Map.of(
          "sample/BaseTask.java",
          """
          package sample;

          import java.util.concurrent.RecursiveAction;

          abstract class BaseTask extends RecursiveAction {}
          """,
          "sample/Pause.java",
          """
          package sample;

          final class Pause {
            static void settle() {
              try {
                Thread.sleep(1);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            }
          }
          """,
          "sample/Work.java",
          """
          package sample;

          final class Work extends BaseTask {
            private final int n;

            Work(int n) {
              this.n = n;
            }

            @Override
            protected void compute() {
              if (n < 2) {
                Pause.settle();
                return;
              }
              Work left = new Work(n / 2);
              left.fork();
              new Work(n - n / 2).compute();
              left.join();
            }
          }
          """);

  @TempDir Path dir;

  @Test
  void theZoosFindingsAndFixesInTheEditorAreTheClis() throws Exception {
    Path zoo = Files.createDirectories(dir.resolve("zoo"));
    List<Path> files = ZooSources.extractTo(zoo);
    List<Finding> cli = Linter.builder().build().lint(List.of(zoo)).findings();
    FixResult fixed = Fixer.builder().build().fix(List.of(zoo));
    assertThat(fixed.fixCount()).isPositive();

    try (LspClient client = new LspClient()) {
      client.initialize(noDebounce(), zoo, new ClientCapabilities());
      Map<Path, List<Diagnostic>> shown = new TreeMap<>();
      for (Path file : files) {
        String uri = file.toUri().toString();
        client.open(uri, Files.readString(file));
        shown.put(file, client.diagnostics(uri, 1).getDiagnostics());
      }
      for (Path file : files) {
        assertThat(shown.get(file))
            .as(file.toString())
            .extracting(d -> d.getCode().getLeft() + "@" + d.getRange().getStart().getLine())
            .containsExactlyInAnyOrderElementsOf(
                cli.stream()
                    .filter(f -> f.file().equals(file))
                    .map(f -> f.rule().id() + "@" + (f.line() - 1))
                    .toList());
      }
      int editorFixes = 0;
      for (FileFix expected : fixed.files()) {
        if (!expected.changed()) {
          continue;
        }
        String uri = expected.path().toUri().toString();
        List<CodeAction> fixes =
            actions(client, uri, wholeFile(expected.original()), CodeActionKind.QuickFix).stream()
                .filter(a -> a.getDisabled() == null && !a.getTitle().contains("suppress"))
                .toList();
        editorFixes += fixes.size();
        List<org.eclipse.lsp4j.TextEdit> edits = new ArrayList<>();
        fixes.forEach(a -> edits.addAll(LspClient.edits(a.getEdit(), uri, 1)));
        assertThat(ForkscopeLanguageServerTest.apply(expected.original(), edits))
            .as(uri)
            .isEqualTo(expected.rewritten());
      }
      assertThat(editorFixes).isEqualTo(fixed.fixCount());
      System.out.printf(
          "zoo: %d findings in the editor, %d by lint; %d quick fixes, %d by fix%n",
          shown.values().stream().mapToInt(List::size).sum(),
          cli.size(),
          editorFixes,
          fixed.fixCount());
    }
  }

  @Test
  void aTaskBaseClassAndASleepInOtherFilesAreFoundOnlyWithTheProject() throws Exception {
    Path root = write(CROSS_FILE);
    List<Finding> cli = Linter.builder().build().lint(List.of(root)).findings();
    assertThat(cli).extracting(f -> f.rule().id()).contains("sleepy-worker");

    assertThat(openAll(root, null)).isEmpty();
    assertThat(openAll(root, root))
        .containsExactlyInAnyOrderElementsOf(
            cli.stream().map(f -> f.rule().id() + "@" + root.relativize(f.file())).toList());
  }

  @Test
  void anUnsavedBufferTakesThePlaceOfItsFile() throws Exception {
    Path root = write(CROSS_FILE);
    Path pause = root.resolve("sample/Pause.java");
    String uri = pause.toUri().toString();
    try (LspClient client = new LspClient()) {
      client.initialize(noDebounce(), root, new ClientCapabilities());
      client.open(uri, CROSS_FILE.get("sample/Pause.java"));
      assertThat(client.diagnostics(uri, 1).getDiagnostics())
          .extracting(d -> d.getCode().getLeft())
          .contains("sleepy-worker");

      client.change(uri, 2, CROSS_FILE.get("sample/Pause.java").replace("Thread.sleep(1);", ""));
      assertThat(client.diagnostics(uri, 2).getDiagnostics()).isEmpty();
      assertThat(Files.readString(pause)).isEqualTo(CROSS_FILE.get("sample/Pause.java"));
    }
  }

  @Test
  void anotherBufferDecidesAFileOfTheProjectUntilItIsClosed() throws Exception {
    Path root = write(CROSS_FILE);
    String pause = root.resolve("sample/Pause.java").toUri().toString();
    String base = root.resolve("sample/BaseTask.java").toUri().toString();
    Predicate<List<Diagnostic>> sleepy =
        found -> found.stream().anyMatch(d -> d.getCode().getLeft().equals("sleepy-worker"));
    try (LspClient client = new LspClient()) {
      client.initialize(noDebounce(), root, new ClientCapabilities());
      client.open(pause, CROSS_FILE.get("sample/Pause.java"));
      assertThat(sleepy.test(client.diagnostics(pause, 1).getDiagnostics())).isTrue();
      client.open(base, CROSS_FILE.get("sample/BaseTask.java"));

      // unsaved: the base class is no task any more, so neither is Work, which calls settle()
      client.change(base, 2, "package sample;\n\nabstract class BaseTask {}\n");
      client.diagnosticsWhere(pause, sleepy.negate());

      // closed without saving: the file on disk decides again
      client
          .server
          .getTextDocumentService()
          .didClose(new DidCloseTextDocumentParams(new TextDocumentIdentifier(base)));
      client.diagnosticsWhere(pause, sleepy);
    }
  }

  @Test
  void fixesNameTheirVersionAndAFixAllOfferedForAnOlderVersionGetsNoEdit() throws Exception {
    Path root = write(Map.of("sample/SumTask.java", ForkscopeLanguageServerTest.SUM_TASK));
    Path file = root.resolve("sample/SumTask.java");
    String uri = file.toUri().toString();
    String expected = Fixer.builder().build().fix(List.of(root)).files().get(0).rewritten();
    try (LspClient client = new LspClient()) {
      client.initialize(noDebounce(), root, resolving());
      client.open(uri, ForkscopeLanguageServerTest.SUM_TASK);
      client.diagnostics(uri, 1);
      client.change(uri, 7, ForkscopeLanguageServerTest.SUM_TASK);
      client.diagnostics(uri, 7);

      CodeAction all =
          actions(client, uri, wholeFile(ForkscopeLanguageServerTest.SUM_TASK), "source.fixAll")
              .get(0);
      assertThat(all.getKind()).isEqualTo("source.fixAll.forkscope");
      assertThat(all.getEdit()).as("resolved lazily").isNull();
      CodeAction resolved =
          client.server.getTextDocumentService().resolveCodeAction(all).get(60, TimeUnit.SECONDS);
      assertThat(
              ForkscopeLanguageServerTest.apply(
                  ForkscopeLanguageServerTest.SUM_TASK,
                  LspClient.edits(resolved.getEdit(), uri, 7)))
          .isEqualTo(expected);

      client.change(uri, 8, ForkscopeLanguageServerTest.SUM_TASK + "\n");
      CodeAction stale =
          client.server.getTextDocumentService().resolveCodeAction(all).get(60, TimeUnit.SECONDS);
      assertThat(stale.getEdit()).as("offered at version 7, the file is at 8").isNull();
    }
  }

  @Test
  void fixAllWithoutResolveAndSuppressAndNoSafeFixReasons() throws Exception {
    String text = ForkscopeLanguageServerTest.SUM_TASK;
    Path root = write(Map.of("sample/SumTask.java", text));
    String uri = root.resolve("sample/SumTask.java").toUri().toString();
    String expected = Fixer.builder().build().fix(List.of(root)).files().get(0).rewritten();
    try (LspClient client = new LspClient()) {
      client.initialize(noDebounce(), root, disabledSupport());
      client.open(uri, text);
      List<Diagnostic> found = client.diagnostics(uri, 1).getDiagnostics();

      CodeAction all = actions(client, uri, wholeFile(text), "source.fixAll.forkscope").get(0);
      assertThat(ForkscopeLanguageServerTest.apply(text, LspClient.edits(all.getEdit(), uri, 1)))
          .isEqualTo(expected);

      Diagnostic copy =
          found.stream()
              .filter(d -> d.getCode().getLeft().equals("copy-on-fork"))
              .findFirst()
              .get();
      List<CodeAction> here = actions(client, uri, copy.getRange(), CodeActionKind.QuickFix);
      CodeAction suppress =
          here.stream().filter(a -> a.getTitle().contains("suppress")).findFirst().orElseThrow();
      String suppressed =
          ForkscopeLanguageServerTest.apply(text, LspClient.edits(suppress.getEdit(), uri, 1));
      assertThat(suppressed)
          .contains(
              "  @SuppressWarnings(\"forkscope:copy-on-fork\")\n  @Override\n  protected Long"
                  + " compute()");
      client.change(uri, 2, suppressed);
      assertThat(client.diagnostics(uri, 2).getDiagnostics())
          .extracting(d -> d.getCode().getLeft())
          .containsExactly("sleepy-worker");
    }
  }

  @Test
  void aFindingWithoutASafeFixGetsADisabledActionThatSaysWhy() throws Exception {
    // the helper is not a constant delay: the sleep cannot be removed without changing behaviour
    String text =
        ForkscopeLanguageServerTest.SUM_TASK.replace(
            "Thread.sleep(1);", "Thread.sleep(System.nanoTime() % 2);");
    Path root = write(Map.of("sample/SumTask.java", text));
    String uri = root.resolve("sample/SumTask.java").toUri().toString();
    try (LspClient client = new LspClient()) {
      client.initialize(noDebounce(), root, disabledSupport());
      client.open(uri, text);
      Diagnostic sleep =
          client.diagnostics(uri, 1).getDiagnostics().stream()
              .filter(d -> d.getCode().getLeft().equals("sleepy-worker"))
              .findFirst()
              .orElseThrow();
      List<CodeAction> here = actions(client, uri, sleep.getRange(), CodeActionKind.QuickFix);
      assertThat(here)
          .filteredOn(a -> a.getDisabled() != null)
          .singleElement()
          .satisfies(a -> assertThat(a.getDisabled().getReason()).isNotBlank());
    }
  }

  @Test
  void aParseErrorIsShownAndTheFindingsAwayFromTheEditAreKept() throws Exception {
    String text = ForkscopeLanguageServerTest.SUM_TASK;
    String broken = text.replace("this.values = values;", "this.values = values +;");
    int brokenLine =
        (int) text.substring(0, text.indexOf("this.values = values;")).lines().count() - 1;
    try (LspClient client = new LspClient()) {
      client.initialize(noDebounce());
      client.open(ForkscopeLanguageServerTest.URI, text);
      List<Diagnostic> good =
          client.diagnostics(ForkscopeLanguageServerTest.URI, 1).getDiagnostics();
      assertThat(good).hasSize(3);

      client.change(ForkscopeLanguageServerTest.URI, 2, broken);
      List<Diagnostic> shown =
          client.diagnostics(ForkscopeLanguageServerTest.URI, 2).getDiagnostics();
      assertThat(shown)
          .filteredOn(d -> d.getCode().getLeft().equals("parse-error"))
          .singleElement()
          .satisfies(d -> assertThat(d.getRange().getStart().getLine()).isEqualTo(brokenLine));
      assertThat(shown)
          .filteredOn(d -> !d.getCode().getLeft().equals("parse-error"))
          .containsExactlyInAnyOrderElementsOf(good);

      client.change(ForkscopeLanguageServerTest.URI, 3, text);
      assertThat(client.diagnostics(ForkscopeLanguageServerTest.URI, 3).getDiagnostics())
          .containsExactlyInAnyOrderElementsOf(good);
    }
  }

  @Test
  void hoverSaysWhyAndInsteadAndEachRuleLinksToItsSection() throws Exception {
    try (LspClient client = new LspClient()) {
      client.initialize(noDebounce());
      client.open(ForkscopeLanguageServerTest.URI, ForkscopeLanguageServerTest.SUM_TASK);
      Diagnostic copy =
          client.diagnostics(ForkscopeLanguageServerTest.URI, 1).getDiagnostics().stream()
              .filter(d -> d.getCode().getLeft().equals("copy-on-fork"))
              .findFirst()
              .orElseThrow();
      assertThat(copy.getCodeDescription().getHref()).endsWith("lint.md#copy-on-fork-bottleneck-2");
      Hover hover =
          client
              .server
              .getTextDocumentService()
              .hover(
                  new HoverParams(
                      new TextDocumentIdentifier(ForkscopeLanguageServerTest.URI),
                      copy.getRange().getStart()))
              .get(30, TimeUnit.SECONDS);
      var rule = Rules.byId("copy-on-fork").orElseThrow();
      assertThat(hover.getContents().getRight().getValue()).contains(rule.why(), rule.instead());
      assertThat(
              client
                  .server
                  .getTextDocumentService()
                  .hover(
                      new HoverParams(
                          new TextDocumentIdentifier(ForkscopeLanguageServerTest.URI),
                          new Position(0, 0)))
                  .get(30, TimeUnit.SECONDS))
          .isNull();
    }
    // every rule's anchor is a heading of docs/lint.md
    String docs = Files.readString(Path.of("..", "docs", "lint.md"));
    List<String> anchors = new ArrayList<>();
    Matcher heading = Pattern.compile("(?m)^#+ (.+)$").matcher(docs);
    while (heading.find()) {
      anchors.add(heading.group(1).toLowerCase().replaceAll("[^a-z0-9 _-]", "").replace(' ', '-'));
    }
    assertThat(anchors).containsAll(Rules.all().stream().map(Protocol::anchor).toList());
  }

  @Test
  void anUnsupportedRequestIsMethodNotFoundAndABadUriOneLogLine() throws Exception {
    try (LspClient client = new LspClient()) {
      client.initialize(noDebounce());
      assertThatThrownBy(
              () ->
                  client
                      .server
                      .getTextDocumentService()
                      .diagnostic(
                          new DocumentDiagnosticParams(
                              new TextDocumentIdentifier(ForkscopeLanguageServerTest.URI)))
                      .get(30, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .cause()
          .isInstanceOfSatisfying(
              ResponseErrorException.class,
              e ->
                  assertThat(e.getResponseError().getCode())
                      .isEqualTo(ResponseErrorCode.MethodNotFound.getValue()));

      client.open("file://", "class A {}");
      MessageParams logged = client.messages.poll(30, TimeUnit.SECONDS);
      assertThat(logged.getMessage())
          .startsWith("forkscope: not linted: file://")
          .doesNotContain("\n");
      client.open(ForkscopeLanguageServerTest.URI, ForkscopeLanguageServerTest.SUM_TASK);
      assertThat(client.diagnostics(ForkscopeLanguageServerTest.URI, 1).getDiagnostics())
          .hasSize(3);
    }
  }

  /** Opens every file of the fixture; the diagnostics as {@code rule@relative path}. */
  private List<String> openAll(Path root, Path folder) throws Exception {
    List<String> shown = new ArrayList<>();
    try (LspClient client = new LspClient()) {
      client.initialize(noDebounce(), folder, new ClientCapabilities());
      // the buffers hold the files' text, so every lint of the tree finds the same
      for (String name : new TreeMap<>(CROSS_FILE).keySet()) {
        String uri = root.resolve(name).toUri().toString();
        client.open(uri, CROSS_FILE.get(name));
        client
            .diagnostics(uri, 1)
            .getDiagnostics()
            .forEach(d -> shown.add(d.getCode().getLeft() + "@" + name));
      }
    }
    return shown;
  }

  private Path write(Map<String, String> files) throws Exception {
    Path root = Files.createDirectories(dir.resolve("project"));
    for (var file : files.entrySet()) {
      Path path = root.resolve(file.getKey());
      Files.createDirectories(path.getParent());
      Files.writeString(path, file.getValue());
    }
    return root;
  }

  private static List<CodeAction> actions(LspClient client, String uri, Range range, String kind)
      throws Exception {
    return client
        .server
        .getTextDocumentService()
        .codeAction(
            new CodeActionParams(
                new TextDocumentIdentifier(uri),
                range,
                new CodeActionContext(List.of(), List.of(kind))))
        .get(120, TimeUnit.SECONDS)
        .stream()
        .map(Either::getRight)
        .toList();
  }

  private static Range wholeFile(String text) {
    return new Range(new Position(0, 0), new Position((int) text.lines().count(), 0));
  }

  static JsonObject noDebounce() {
    JsonObject options = new JsonObject();
    options.addProperty("debounceMillis", 0);
    return options;
  }

  private static ClientCapabilities resolving() {
    CodeActionCapabilities actions = new CodeActionCapabilities();
    actions.setResolveSupport(new CodeActionResolveSupportCapabilities(List.of("edit")));
    return withActions(actions);
  }

  private static ClientCapabilities disabledSupport() {
    CodeActionCapabilities actions = new CodeActionCapabilities();
    actions.setCodeActionLiteralSupport(
        new CodeActionLiteralSupportCapabilities(
            new CodeActionKindCapabilities(List.of(CodeActionKind.QuickFix))));
    actions.setDisabledSupport(true);
    return withActions(actions);
  }

  private static ClientCapabilities withActions(CodeActionCapabilities actions) {
    TextDocumentClientCapabilities text = new TextDocumentClientCapabilities();
    text.setCodeAction(actions);
    ClientCapabilities capabilities = new ClientCapabilities();
    capabilities.setTextDocument(text);
    return capabilities;
  }
}
