package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The rule table of docs/lint.md says what the registry says, row for row. */
class RuleTableTest {
  private static final Path LINT_MD = Path.of("..", "docs", "lint.md");
  private static final String HEADER = "| id | bottleneck | severity | fix | precision |";

  @Test
  void theDocumentedTableIsTheRegistrys() throws IOException {
    assertThat(documentedTable()).isEqualTo(expectedTable());
  }

  /** The table as the registry gives it: one row per rule in catalogue order. */
  static String expectedTable() {
    return Rules.all().stream()
        .map(RuleTableTest::row)
        .collect(Collectors.joining("\n", HEADER + "\n| --- | --- | --- | --- | --- |\n", ""));
  }

  private static String row(Rule rule) {
    return "| `"
        + rule.id()
        + "` | "
        + (rule.bottleneck() == null ? "–" : rule.bottleneck())
        + " | "
        + severity(rule)
        + " | "
        + lower(rule.fix().safety())
        + " | "
        + rule.precision()
        + " |";
  }

  /**
   * The rule's severity, and each variant's in parentheses: "warning (note for `subList` views)".
   */
  private static String severity(Rule rule) {
    String variants =
        Checks.VARIANTS.stream()
            .filter(v -> v.id().equals(rule.id()))
            .map(v -> lower(v.severity()) + " for " + v.when())
            .collect(Collectors.joining("; "));
    return lower(rule.severity()) + (variants.isEmpty() ? "" : " (" + variants + ")");
  }

  private static String lower(Enum<?> constant) {
    return constant.name().toLowerCase(Locale.ROOT);
  }

  /** The table under "## The rules": from its header row to the first line that is not a row. */
  private static String documentedTable() throws IOException {
    List<String> lines = Files.readAllLines(LINT_MD);
    int start = lines.indexOf(HEADER);
    assertThat(start).as("the rule table's header in %s", LINT_MD).isNotNegative();
    int end = start;
    while (end < lines.size() && lines.get(end).startsWith("|")) {
      end++;
    }
    return String.join("\n", lines.subList(start, end));
  }
}
