package dev.forkscope.lint.fix;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.lint.FixSafety;
import dev.forkscope.lint.Rule;
import dev.forkscope.lint.Rules;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each rule's declared fix ({@link Rule#fix()}) is what {@code fix} does: a rule that declares a
 * rewrite gets edits from the fixer on a representative finding, a rule that declares none gets
 * only suggestions, with the reason it declares; and the findings report the declared safety, which
 * is what the JSON and SARIF reports and the rule table print. The representative code of rule
 * {@code id} is under {@code src/test/resources/rule-fixes/id/}.
 */
class RuleFixesTest {
  @TempDir Path dir;

  static Stream<String> ids() {
    return Rules.all().stream().map(Rule::id);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ids")
  void theDeclaredFixIsWhatFixDoes(String id) throws IOException {
    Rule rule = Rules.byId(id).orElseThrow();
    FixResult result = Fixer.builder().rules(List.of(id)).build().fix(List.of(sample(id)));

    assertThat(result.lint().findings())
        .as("findings in the sample of %s", id)
        .isNotEmpty()
        .allSatisfy(f -> assertThat(f.fix()).isEqualTo(rule.fix().safety()));
    List<AppliedFix> fixes = result.files().stream().flatMap(f -> f.fixes().stream()).toList();
    List<Suggestion> suggestions = result.suggestions();
    if (rule.fix().rewrite().isPresent()) {
      assertThat(rule.fix().safety()).isNotEqualTo(FixSafety.NONE);
      assertThat(fixes)
          .as("fixes of %s (suggestions: %s)", id, suggestions)
          .isNotEmpty()
          .allSatisfy(f -> assertThat(f.rule()).isEqualTo(id))
          .allSatisfy(f -> assertThat(f.edits()).isNotEmpty());
      assertThat(result.compileCheck()).doesNotContain("dropped");
    } else {
      assertThat(rule.fix().safety()).isNotEqualTo(FixSafety.SAFE);
      assertThat(fixes).as("fixes of %s", id).isEmpty();
      assertThat(suggestions)
          .isNotEmpty()
          .allSatisfy(s -> assertThat(s.reason()).isEqualTo(rule.fix().reason().orElseThrow()));
    }
  }

  @Test
  void everyRewriteIsDeclaredByARule() {
    assertThat(Rules.all().stream().flatMap(r -> r.fix().rewrite().stream()))
        .containsExactlyInAnyOrder(Rule.Rewrite.values());
  }

  @Test
  void everyRuleHasASample() throws IOException {
    try (Stream<Path> samples = Files.list(samples())) {
      assertThat(samples.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrderElementsOf(ids().toList());
    }
  }

  /** A copy of the rule's sample in {@code dir}. */
  private Path sample(String id) throws IOException {
    Path from = samples().resolve(id);
    Path to = Files.createDirectories(dir.resolve(id));
    try (Stream<Path> files = Files.list(from)) {
      for (Path file : files.sorted().toList()) {
        Files.copy(file, to.resolve(file.getFileName()));
      }
    }
    return to;
  }

  private static Path samples() {
    try {
      return Path.of(
          Objects.requireNonNull(RuleFixesTest.class.getResource("/rule-fixes")).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
