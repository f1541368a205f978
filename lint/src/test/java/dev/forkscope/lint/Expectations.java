package dev.forkscope.lint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the findings a test source expects from {@code // expect:} markers, in the style of Error
 * Prone's {@code // BUG: Diagnostic contains:}. A marker at the end of a line expects a finding on
 * that line; a marker alone on its line expects it on the next line that is not a marker (for lines
 * too long to carry one, and for the corpus):
 *
 * <pre>{@code
 * int[] left = Arrays.copyOfRange(a, lo, mid); // expect: copy-on-fork: copies data
 * // expect: copy-on-fork, scattered-data
 * int[] right = Arrays.copyOfRange(a, mid, hi);
 * }</pre>
 *
 * <p>A marker names one rule and, after a second colon, a fragment the finding's message must
 * contain; or several rules, separated by commas, without fragments. Used by {@link LintTestHelper}
 * and {@link CorpusTest}.
 */
final class Expectations {
  private static final Pattern MARKER = Pattern.compile("//\\s*expect:\\s*(.*?)\\s*$");
  private static final Pattern WITH_FRAGMENT = Pattern.compile("([^\\s:,]+)\\s*:\\s*(.+)");

  /**
   * One expected finding: a rule at a 1-based line, with a fragment of its message or {@code null}.
   */
  record Expected(String rule, int line, String fragment) {
    boolean matches(Finding f) {
      return f.rule().id().equals(rule)
          && f.line() == line
          && (fragment == null || f.message().contains(fragment));
    }

    @Override
    public String toString() {
      return rule + "@" + line + (fragment == null ? "" : " \"" + fragment + "\"");
    }
  }

  private Expectations() {}

  /** The expected findings of a source file, in line order. */
  static List<Expected> read(Path file) throws IOException {
    return parse(Files.readAllLines(file));
  }

  static List<Expected> parse(List<String> lines) {
    List<Expected> expected = new ArrayList<>();
    List<Expected> pending = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      Matcher m = MARKER.matcher(line);
      boolean marked = m.find();
      if (marked && line.substring(0, m.start()).isBlank()) {
        pending.addAll(markerBody(m.group(1), i + 1, 0));
        continue;
      }
      for (Expected p : pending) {
        expected.add(new Expected(p.rule(), i + 1, p.fragment()));
      }
      pending.clear();
      if (marked) {
        expected.addAll(markerBody(m.group(1), i + 1, i + 1));
      }
    }
    if (!pending.isEmpty()) {
      throw new IllegalArgumentException("expectation marker at the end of the file: " + pending);
    }
    return expected;
  }

  /** The expectations one marker names; {@code line} is 0 until the marked line is known. */
  private static List<Expected> markerBody(String body, int markerLine, int line) {
    Matcher withFragment = WITH_FRAGMENT.matcher(body);
    if (withFragment.matches()) {
      return List.of(
          new Expected(known(withFragment.group(1), markerLine), line, withFragment.group(2)));
    }
    List<Expected> expected = new ArrayList<>();
    for (String rule : body.split(",")) {
      expected.add(new Expected(known(rule.trim(), markerLine), line, null));
    }
    return expected;
  }

  private static String known(String rule, int markerLine) {
    if (Rules.byId(rule).isEmpty()) {
      throw new IllegalArgumentException(
          "line " + markerLine + ": unknown rule in expectation '" + rule + "'");
    }
    return rule;
  }
}
