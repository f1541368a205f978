package dev.forkscope.lsp;

import dev.forkscope.io.FileTrees;
import dev.forkscope.lint.Linter;
import dev.forkscope.lint.Progress;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A copy of the workspace folders' Java files in a scratch directory, with the editor's unsaved
 * text written over the files it has open: what the linter and the fixer read, so that they see the
 * project exactly as {@code forkscope lint FOLDER} and {@code forkscope fix FOLDER} see it on disk
 * with every buffer saved. The fixer reads other files of the tree (a helper's source, the files of
 * a package, javac's source path), which is why the buffers go to disk rather than into memory.
 *
 * <p>A document outside every workspace folder (or with no folder at all) is a tree of its own: a
 * directory that holds its copy alone, linted as {@code forkscope lint FILE} lints it.
 *
 * <p>Implementation note: not thread-safe. The linter and the fixer run on threads of their own,
 * each with a mirror of its own, so that one never reads a file the other is writing.
 */
final class Mirror {
  /**
   * Where a document lies in the mirror.
   *
   * @param tree what to lint: a workspace folder's copy, or the loose document's own directory
   * @param file the document's copy
   * @param real the file on disk the copy stands for, or null (an unsaved, unnamed buffer)
   */
  record Place(Path tree, Path file, Path real) {}

  private final Path base;
  private final List<Path> roots = new ArrayList<>();
  private final Map<String, Path> looseDirs = new HashMap<>();
  private final Map<Path, String> written = new HashMap<>();

  Mirror(Path base) {
    this.base = base;
  }

  /** Copies the Java files of the workspace folders, reporting each file copied. */
  void copy(List<Path> folders, Progress progress) throws IOException {
    Map<Path, List<Path>> files = new LinkedHashMap<>();
    for (Path folder : folders) {
      Path root = folder.toAbsolutePath().normalize();
      files.put(root, Linter.javaFiles(root));
    }
    int total = files.values().stream().mapToInt(List::size).sum();
    int done = 0;
    for (Map.Entry<Path, List<Path>> folder : files.entrySet()) {
      Path root = folder.getKey();
      Path copy = base.resolve("r" + roots.size());
      roots.add(root);
      Files.createDirectories(copy);
      for (Path file : folder.getValue()) {
        Path target = copy.resolve(root.relativize(file).toString());
        Files.createDirectories(target.getParent());
        Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
        progress.filesDone(++done, total);
      }
    }
  }

  /**
   * Where the document {@code uri} lies in this mirror.
   *
   * @throws IllegalArgumentException if {@code uri} is not a URI, or a {@code file:} URI that names
   *     no file
   */
  Place place(String uri) {
    URI parsed;
    try {
      parsed = new URI(uri);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not a URI: " + e.getMessage());
    }
    Path real = null;
    if ("file".equalsIgnoreCase(parsed.getScheme())) {
      try {
        real = Path.of(parsed).toAbsolutePath().normalize();
      } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
        throw new IllegalArgumentException("names no file: " + e.getMessage());
      }
      for (int i = 0; i < roots.size(); i++) {
        if (real.startsWith(roots.get(i))) {
          Path tree = base.resolve("r" + i);
          return new Place(tree, tree.resolve(roots.get(i).relativize(real).toString()), real);
        }
      }
    }
    Path dir =
        looseDirs.computeIfAbsent(uri, u -> base.resolve("loose").resolve("d" + looseDirs.size()));
    Path file = dir.resolve(fileName(parsed));
    return new Place(file, file, real);
  }

  /** Writes a document's text over its copy, unless the copy already holds it. */
  void write(Place place, String text) throws IOException {
    if (text.equals(written.get(place.file()))) {
      return;
    }
    Files.createDirectories(place.file().getParent());
    Files.writeString(place.file(), text);
    written.put(place.file(), text);
  }

  /** Puts back the file on disk in place of a closed document's text (or deletes a loose copy). */
  void restore(Place place) throws IOException {
    written.remove(place.file());
    if (place.tree().equals(place.file())) {
      FileTrees.delete(place.file().getParent());
    } else if (place.real() != null && Files.isRegularFile(place.real())) {
      Files.createDirectories(place.file().getParent());
      Files.copy(place.real(), place.file(), StandardCopyOption.REPLACE_EXISTING);
    } else {
      Files.deleteIfExists(place.file());
    }
  }

  /**
   * The file on disk a path of this mirror stands for (a path the linter or the fixer named), or
   * empty for a loose copy or a path outside the mirror.
   */
  Optional<Path> real(Path mirrored) {
    Path path = mirrored.toAbsolutePath().normalize();
    for (int i = 0; i < roots.size(); i++) {
      Path tree = base.resolve("r" + i);
      if (path.startsWith(tree)) {
        return Optional.of(roots.get(i).resolve(tree.relativize(path).toString()));
      }
    }
    return Optional.empty();
  }

  private static String fileName(URI uri) {
    String path = uri.isOpaque() ? uri.getSchemeSpecificPart() : uri.getPath();
    String name = path == null ? "" : path.substring(path.lastIndexOf('/') + 1);
    if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))) {
      name = "Untitled";
    }
    return name.endsWith(".java") ? name : name + ".java";
  }
}
