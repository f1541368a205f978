package dev.forkscope.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Directory trees that forkscope makes for itself (scratch space, caches) and removes again. */
public final class FileTrees {
  private FileTrees() {}

  /** Deletes {@code dir} and everything below it; nothing happens when it does not exist. */
  public static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    List<Path> deepestFirst;
    try (Stream<Path> files = Files.walk(dir)) {
      deepestFirst = files.sorted(Comparator.reverseOrder()).toList();
    }
    for (Path file : deepestFirst) {
      Files.deleteIfExists(file);
    }
  }
}
