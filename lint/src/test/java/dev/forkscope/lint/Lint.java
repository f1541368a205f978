package dev.forkscope.lint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Test helper: writes Java sources into a directory and lints it. */
final class Lint {
  private static final Pattern TYPE = Pattern.compile("(?:class|interface|record|enum)\\s+(\\w+)");

  private Lint() {}

  /** Writes each source as <first declared type>.java and lints the directory with all rules. */
  static LintResult run(Path dir, String... sources) {
    try {
      for (String source : sources) {
        Matcher m = TYPE.matcher(source);
        if (!m.find()) {
          throw new IllegalArgumentException("no type in source");
        }
        Files.writeString(dir.resolve(m.group(1) + ".java"), source);
      }
      return Linter.builder().build().lint(List.of(dir));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The 1-based line of {@code source} that first contains {@code fragment}. */
  static int lineOf(String source, String fragment) {
    List<String> lines = source.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(fragment)) {
        return i + 1;
      }
    }
    throw new AssertionError(fragment + " is not in the source");
  }
}
