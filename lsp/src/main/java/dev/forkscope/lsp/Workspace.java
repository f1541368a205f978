package dev.forkscope.lsp;

import dev.forkscope.io.FileTrees;
import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.Linter;
import dev.forkscope.lint.fix.FileFix;
import dev.forkscope.lint.fix.Fixer;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The linter and the fixer, run on the editor's text: each document gets a directory of its own (so
 * that two open {@code Main.java} never meet) with a scratch copy for the linter and one for the
 * fixer, which run on different threads; a copy keeps the document's file name, which javac's check
 * of the fixes needs. A copy holds one document alone, so the analysis sees that file's code and
 * the JDK, as {@code forkscope lint FILE} does.
 */
final class Workspace {
  private final Path scratch;

  /** Which analysis a scratch copy is for. */
  enum Use {
    LINT,
    FIX
  }

  private final Map<String, Path> directories = new ConcurrentHashMap<>();
  private final AtomicInteger documents = new AtomicInteger();
  private volatile List<String> rules = List.of();

  Workspace(Path scratch) {
    this.scratch = scratch;
  }

  /** The directory of the scratch copies, deleted when the server stops. */
  Path scratch() {
    return scratch;
  }

  /**
   * Chooses the rules; an empty list means all of them.
   *
   * @throws IllegalArgumentException for an unknown rule id, with a one-line message
   */
  void rules(List<String> ids) {
    Linter.builder().rules(ids); // checks the ids
    rules = List.copyOf(ids);
  }

  /** Lints {@code text} as the content of the document {@code uri}. */
  LintResult lint(String uri, String text) throws IOException {
    return Linter.builder().rules(rules).build().lint(List.of(write(uri, Use.LINT, text)));
  }

  /** The fixes {@code forkscope fix} makes in {@code text}; empty when there is no finding. */
  Optional<FileFix> fix(String uri, String text) throws IOException {
    return Fixer.builder()
        .rules(rules)
        .build()
        .fix(List.of(write(uri, Use.FIX, text)))
        .files()
        .stream()
        .findFirst();
  }

  /** The document's scratch copy for one use, as that analysis's findings name the document. */
  Path copy(String uri, Use use) {
    Path dir =
        directories.computeIfAbsent(uri, u -> scratch.resolve("d" + documents.incrementAndGet()));
    return dir.resolve(use.name().toLowerCase(Locale.ROOT)).resolve(fileName(uri));
  }

  /** Forgets a closed document. */
  void close(String uri) throws IOException {
    Path dir = directories.remove(uri);
    if (dir != null) {
      FileTrees.delete(dir);
    }
  }

  private Path write(String uri, Use use, String text) throws IOException {
    Path copy = copy(uri, use);
    Files.createDirectories(copy.getParent());
    Files.writeString(copy, text);
    return copy;
  }

  private static String fileName(String uri) {
    String path = URI.create(uri).getPath();
    String name = path == null ? "" : path.substring(path.lastIndexOf('/') + 1);
    return name.endsWith(".java") ? name : name + ".java";
  }
}
