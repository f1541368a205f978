package dev.forkscope.cli;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** The {@code --classpath} option of lint and fix: path-separator separated, every entry exists. */
final class Classpath {
  private Classpath() {}

  /**
   * The entries of a class path, or null when none was given.
   *
   * @throws UserError if an entry does not exist (a typo)
   */
  static List<Path> parse(String classpath) {
    if (classpath == null) {
      return null;
    }
    List<Path> entries =
        Arrays.stream(classpath.split(File.pathSeparator))
            .filter(entry -> !entry.isEmpty())
            .map(Path::of)
            .collect(Collectors.toList());
    List<String> missing =
        entries.stream()
            .filter(entry -> !Files.exists(entry))
            .map(Path::toString)
            .collect(Collectors.toList());
    if (!missing.isEmpty()) {
      throw new UserError("classpath entry not found: " + String.join(", ", missing));
    }
    return entries;
  }
}
