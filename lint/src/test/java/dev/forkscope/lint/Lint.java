package dev.forkscope.lint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

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

  /** The findings of one rule. */
  static List<Finding> of(String rule, Path dir, String... sources) {
    return run(dir, sources).findings().stream()
        .filter(f -> f.rule().id().equals(rule))
        .collect(Collectors.toList());
  }

  /** "rule@line" for every finding, for compact assertions. */
  static List<String> ids(LintResult result) {
    return result.findings().stream()
        .map(f -> f.rule().id() + "@" + f.line())
        .collect(Collectors.toList());
  }
}
