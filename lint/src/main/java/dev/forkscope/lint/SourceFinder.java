package dev.forkscope.lint;

import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Expands the paths given to the linter into Java files: files as given, directories recursively,
 * following symbolic links but never around a cycle, each real file once (the first of its names in
 * name order).
 */
final class SourceFinder {
  private SourceFinder() {}

  /**
   * @throws NoSuchFileException if a given path does not exist
   */
  static List<Path> find(List<Path> paths, List<FileError> errors) throws IOException {
    List<Path> files = new ArrayList<>();
    Set<Path> seen = new HashSet<>();
    for (Path path : paths) {
      if (!Files.exists(path)) {
        throw new NoSuchFileException(path.toString());
      }
      if (!Files.isDirectory(path)) {
        if (seen.add(realPath(path))) {
          files.add(path);
        }
        continue;
      }
      // a directory lists in the file system's order; the files are taken in their names' order
      List<Path> found = new ArrayList<>();
      Files.walkFileTree(
          path,
          EnumSet.of(FileVisitOption.FOLLOW_LINKS),
          Integer.MAX_VALUE,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
              if (attrs.isRegularFile() && file.getFileName().toString().endsWith(".java")) {
                found.add(file);
              }
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
              if (!(e instanceof FileSystemLoopException)
                  && file.getFileName() != null
                  && file.getFileName().toString().endsWith(".java")) {
                errors.add(new FileError(file, 0, "cannot read: " + e.getClass().getSimpleName()));
              }
              return FileVisitResult.CONTINUE;
            }
          });
      found.sort(Comparator.comparing(Path::toString));
      for (Path file : found) {
        if (seen.add(realPath(file))) {
          files.add(file);
        }
      }
    }
    return files;
  }

  private static Path realPath(Path path) {
    try {
      return path.toRealPath();
    } catch (IOException e) {
      return path.toAbsolutePath().normalize();
    }
  }
}
