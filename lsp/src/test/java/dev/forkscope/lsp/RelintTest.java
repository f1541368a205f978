package dev.forkscope.lsp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.lint.Linter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server lints a folder for its open files only (the files whose entries can reach them): under
 * random edits of open buffers (bodies, signatures, new and removed supertypes), every open file's
 * diagnostics after each edit are the findings {@code Linter} reports for it on the edited tree,
 * the files the edit does not touch included.
 */
class RelintTest {
  private static final String SLEEP = "try { Thread.sleep(1); } catch (InterruptedException e) {}";

  /** A file on disk the editor never opens: it calls into the open files. */
  private static final String MIDDLE =
      "package sample;\n\n"
          + "class Middle {\n"
          + "  static void first() { Leaf.nap(); }\n"
          + "  void second() { new Leaf().rest(); }\n"
          + "}\n";

  /** The open files, each with the texts an edit may give it. */
  private static final Map<String, List<String>> VARIANTS =
      Map.of(
          "sample/Task.java",
          List.of(
              task("class Task extends RecursiveAction", "Middle.first();"),
              task("class Task extends RecursiveAction", "var m = new Middle(); m.second();"),
              task("class Task", "Middle.first();"),
              task("class Task extends Leaf", "nap(); rest();"),
              task("class Task extends RecursiveAction", SLEEP)),
          "sample/Leaf.java",
          List.of(
              leaf("class Leaf", "static void nap() { " + SLEEP + " } void rest() {}"),
              leaf("class Leaf", "static void nap() {} void rest() { " + SLEEP + " }"),
              leaf(
                  "class Leaf extends RecursiveAction",
                  "protected void compute() {} static void nap() { " + SLEEP + " } void rest() {}"),
              leaf("class Leaf", "static void doze() { " + SLEEP + " } void rest() {}"),
              leaf("class Leaf", "static void nap() {} void rest() { synchronized (this) {} }")),
          "sample/Pool.java",
          List.of(
              pool("ForkJoinPool.commonPool().submit(() -> Middle.first());"),
              pool("ForkJoinPool.commonPool().submit(() -> new Leaf().rest());"),
              pool("List.of(1).parallelStream().forEach(x -> new Middle().second());"),
              pool("Middle.first();")));

  @TempDir Path dir;

  @Test
  void afterEachEditEveryOpenFileShowsWhatTheLinterFindsOnTheEditedTree() throws Exception {
    Path root = Files.createDirectories(dir.resolve("project/sample")).getParent();
    Path reference = Files.createDirectories(dir.resolve("reference/sample")).getParent();
    Map<String, String> texts = new TreeMap<>();
    texts.put("sample/Middle.java", MIDDLE);
    VARIANTS.forEach((name, variants) -> texts.put(name, variants.get(0)));
    for (var file : texts.entrySet()) {
      Files.writeString(root.resolve(file.getKey()), file.getValue());
    }
    List<String> open = new ArrayList<>(new TreeMap<>(VARIANTS).keySet());
    Map<String, Integer> versions = new TreeMap<>();
    Random random = new Random(32);
    try (LspClient client = new LspClient()) {
      client.initialize(ProjectTest.noDebounce(), root, new ClientCapabilities());
      for (int i = 0; i < open.size(); i++) {
        String name = open.get(i);
        client.open(uri(root, name), texts.get(name));
        versions.put(name, 1);
        assertShown(client, root, reference, texts, open.subList(0, i + 1));
      }
      for (int edit = 0; edit < 24; edit++) {
        String name = open.get(random.nextInt(open.size()));
        List<String> variants = VARIANTS.get(name);
        String text = variants.get(random.nextInt(variants.size()));
        texts.put(name, text);
        versions.merge(name, 1, Integer::sum);
        client.change(uri(root, name), versions.get(name), text);
        assertShown(client, root, reference, texts, open);
      }
    }
  }

  /**
   * Reads the publication of each open file that one lint makes, and compares it with the findings
   * of a lint of the same texts in another folder.
   */
  private static void assertShown(
      LspClient client, Path root, Path reference, Map<String, String> texts, List<String> open)
      throws Exception {
    for (var file : texts.entrySet()) {
      Files.writeString(reference.resolve(file.getKey()), file.getValue());
    }
    Map<String, List<String>> expected = new TreeMap<>();
    open.forEach(name -> expected.put(name, new ArrayList<>()));
    Linter.builder().build().lint(List.of(reference)).findings().stream()
        .filter(f -> expected.containsKey(name(reference, f.file())))
        .forEach(
            f ->
                expected
                    .get(name(reference, f.file()))
                    .add(
                        f.rule().id()
                            + "@"
                            + (f.line() - 1)
                            + ":"
                            + (f.column() - 1)
                            + " "
                            + f.message()));
    Map<String, List<String>> shown = new TreeMap<>();
    for (int i = 0; i < open.size(); i++) {
      PublishDiagnosticsParams published =
          client.diagnostics.poll(60, java.util.concurrent.TimeUnit.SECONDS);
      assertThat(published).as("a publication for every open file").isNotNull();
      List<String> keys = new ArrayList<>();
      for (Diagnostic d : published.getDiagnostics()) {
        keys.add(
            d.getCode().getLeft()
                + "@"
                + d.getRange().getStart().getLine()
                + ":"
                + d.getRange().getStart().getCharacter()
                + " "
                + d.getMessage().lines().findFirst().orElse(""));
      }
      shown.put(name(root, Path.of(java.net.URI.create(published.getUri()))), keys);
    }
    assertThat(shown).as("texts %s", texts).isEqualTo(expected);
  }

  private static String uri(Path root, String name) {
    return root.resolve(name).toUri().toString();
  }

  private static String name(Path root, Path file) {
    return root.relativize(file).toString().replace('\\', '/');
  }

  private static String task(String declaration, String body) {
    return "package sample;\n\nimport java.util.concurrent.RecursiveAction;\n\n"
        + declaration
        + " {\n  protected void compute() { "
        + body
        + " }\n}\n";
  }

  private static String leaf(String declaration, String members) {
    return "package sample;\n\nimport java.util.concurrent.RecursiveAction;\n\n"
        + declaration
        + " {\n  "
        + members
        + "\n}\n";
  }

  private static String pool(String statement) {
    return "package sample;\n\nimport java.util.List;\nimport java.util.concurrent.ForkJoinPool;\n\n"
        + "class Pool {\n  void go() { "
        + statement
        + " }\n}\n";
  }
}
