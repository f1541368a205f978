package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Recall and precision of the bottleneck rules on a labelled corpus (src/test/resources/corpus):
 * short files modelled on the code of the projects Pinto et al. (2017) studied (their Table II),
 * plus correct, idiomatic fork/join code that must stay clean. Each file says what it expects with
 * {@code // expect: rule-id} comments (see {@link Expectations}); each file is linted on its own,
 * as a project of its own.
 *
 * <p>A finding matches an expectation of the same rule on the same line; every finding of a
 * bottleneck rule that matches none is a false positive, every expectation without its finding a
 * false negative. {@code pool-per-call} is not a bottleneck of the paper, but its expectations are
 * checked the same way.
 */
class CorpusTest {
  private static final Set<String> BOTTLENECK_RULES =
      Rules.all().stream()
          .filter(r -> r.bottleneck() != null)
          .map(Rule::id)
          .collect(Collectors.toUnmodifiableSet());
  private static final Set<String> ALSO_LABELLED = Set.of("pool-per-call");

  private static final List<Outcome> outcomes = new ArrayList<>();
  private static int files;

  /** One expected or reported finding and whether the other side agreed. */
  private record Outcome(String rule, String where, boolean expected, boolean reported) {}

  @BeforeAll
  static void lintTheCorpus() throws IOException, URISyntaxException {
    Path corpus = Path.of(CorpusTest.class.getResource("/corpus").toURI());
    List<Path> sources;
    try (Stream<Path> s = Files.list(corpus)) {
      sources = s.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
    }
    Linter linter = Linter.builder().build();
    for (Path source : sources) {
      files++;
      LintResult result = linter.lint(List.of(source));
      assertThat(result.summary().errors()).as("errors in %s", source).isEmpty();
      List<Expectations.Expected> expected = new ArrayList<>(Expectations.read(source));
      for (Finding f : result.findings()) {
        String rule = f.rule().id();
        if (!BOTTLENECK_RULES.contains(rule) && !ALSO_LABELLED.contains(rule)) {
          continue;
        }
        String where = source.getFileName() + ":" + f.line() + " " + f.message();
        Optional<Expectations.Expected> match =
            expected.stream().filter(e -> e.matches(f)).findFirst();
        match.ifPresent(expected::remove);
        outcomes.add(new Outcome(rule, where, match.isPresent(), true));
      }
      for (Expectations.Expected missed : expected) {
        outcomes.add(
            new Outcome(missed.rule(), source.getFileName() + ":" + missed.line(), true, false));
      }
    }
  }

  @Test
  void bottleneckRulesReachNinetyPercentRecallAndPrecision() {
    Score total = score(BOTTLENECK_RULES);
    StringBuilder report = new StringBuilder();
    report.append(
        String.format(
            Locale.ROOT,
            "corpus: %d files, %d expected bottleneck findings; recall %.3f, precision %.3f"
                + " (tp %d, fn %d, fp %d)%n",
            files,
            total.tp + total.fn,
            total.recall(),
            total.precision(),
            total.tp,
            total.fn,
            total.fp));
    Map<String, Score> byRule = new TreeMap<>();
    for (String rule : BOTTLENECK_RULES) {
      byRule.put(rule, score(Set.of(rule)));
    }
    byRule.forEach(
        (rule, s) ->
            report.append(
                String.format(
                    Locale.ROOT, "  %-20s tp %2d  fn %2d  fp %2d%n", rule, s.tp, s.fn, s.fp)));
    for (Outcome o : outcomes) {
      if (o.expected() != o.reported() && BOTTLENECK_RULES.contains(o.rule())) {
        report
            .append(o.expected() ? "  missed      " : "  false alarm ")
            .append(o.rule())
            .append(" at ")
            .append(o.where())
            .append('\n');
      }
    }
    System.out.print(report);
    assertThat(total.recall()).as(report.toString()).isGreaterThanOrEqualTo(0.90);
    assertThat(total.precision()).as(report.toString()).isGreaterThanOrEqualTo(0.90);
  }

  @Test
  void poolPerCallExpectationsHold() {
    List<String> wrong =
        outcomes.stream()
            .filter(o -> ALSO_LABELLED.contains(o.rule()) && o.expected() != o.reported())
            .map(o -> (o.expected() ? "missed " : "false alarm ") + o.where())
            .collect(Collectors.toList());
    assertThat(wrong).isEmpty();
  }

  @Test
  void corpusIsLabelledOnBothSides() {
    Score total = score(BOTTLENECK_RULES);
    assertThat(files).isGreaterThanOrEqualTo(20);
    assertThat(total.tp + total.fn).isGreaterThanOrEqualTo(40);
    assertThat(outcomes.stream().map(Outcome::rule).collect(Collectors.toSet()))
        .containsAll(BOTTLENECK_RULES);
  }

  @Test
  void expectationCommentsApplyToTheNextCodeLine() {
    assertThat(
            Expectations.parse(
                List.of(
                    "class A {",
                    "  // expect: copy-on-fork, scattered-data",
                    "  // expect: copy-on-join",
                    "  int x;",
                    "}")))
        .containsExactly(
            new Expectations.Expected("copy-on-fork", 4, null),
            new Expectations.Expected("scattered-data", 4, null),
            new Expectations.Expected("copy-on-join", 4, null));
    assertThatThrownBy(() -> Expectations.parse(List.of("// expect: copy-on-frok", "int x;")))
        .hasMessageContaining("unknown rule");
  }

  private static Score score(Set<String> rules) {
    Score s = new Score();
    for (Outcome o : outcomes) {
      if (!rules.contains(o.rule())) {
        continue;
      }
      if (o.expected() && o.reported()) {
        s.tp++;
      } else if (o.expected()) {
        s.fn++;
      } else {
        s.fp++;
      }
    }
    return s;
  }

  private static final class Score {
    int tp;
    int fn;
    int fp;

    double recall() {
      return tp + fn == 0 ? 1 : (double) tp / (tp + fn);
    }

    double precision() {
      return tp + fp == 0 ? 1 : (double) tp / (tp + fp);
    }
  }
}
