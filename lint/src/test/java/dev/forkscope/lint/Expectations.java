package dev.forkscope.lint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test helper in the style of Error Prone's {@code // BUG: Diagnostic contains:}: reads the
 * findings a test source expects from comments written on the line above the decisive line,
 *
 * <pre>{@code
 * // expect: copy-on-fork
 * int[] left = Arrays.copyOfRange(a, lo, mid);
 * }</pre>
 *
 * <p>One comment may name several rules, separated by commas; consecutive expectation comments all
 * apply to the first line after them that is not one.
 */
final class Expectations {
  private static final Pattern EXPECT = Pattern.compile("^\\s*//\\s*expect:\\s*(.*?)\\s*$");
  private static final Pattern RULE_ID = Pattern.compile("[a-z]+(-[a-z]+)*");

  /** One expected finding: a rule at a 1-based line. */
  record Expected(String rule, int line) {
    @Override
    public String toString() {
      return rule + "@" + line;
    }
  }

  private Expectations() {}

  /** The expected findings of a source file, in line order. */
  static List<Expected> read(Path file) throws IOException {
    return parse(Files.readAllLines(file));
  }

  static List<Expected> parse(List<String> lines) {
    List<Expected> expected = new ArrayList<>();
    List<String> pending = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = EXPECT.matcher(lines.get(i));
      if (m.matches()) {
        for (String rule : m.group(1).split(",")) {
          String id = rule.trim();
          if (!RULE_ID.matcher(id).matches() || Rules.byId(id).isEmpty()) {
            throw new IllegalArgumentException(
                "line " + (i + 1) + ": unknown rule in expectation '" + id + "'");
          }
          pending.add(id);
        }
        continue;
      }
      for (String rule : pending) {
        expected.add(new Expected(rule, i + 1));
      }
      pending.clear();
    }
    if (!pending.isEmpty()) {
      throw new IllegalArgumentException("expectation comment at the end of the file: " + pending);
    }
    return expected;
  }
}
