package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.examples.Exhibit;
import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooSources;
import dev.forkscope.examples.granularity.WellTuned;
import dev.forkscope.lint.Finding;
import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.Linter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The zoo against the linter: each "before" program is flagged for its own problem and nothing
 * else; the fixed programs come out clean. The zoo is linted as one code base, the way the demo
 * does it.
 */
class ZooPrecisionTest {
  @TempDir static Path dir;
  private static LintResult result;

  @BeforeAll
  static void lintTheZoo() throws IOException {
    ZooSources.extractTo(dir);
    result = Linter.builder().build().lint(List.of(dir));
  }

  static List<Exhibit> flaggedExhibits() {
    return Zoo.exhibits().stream().filter(e -> e.ruleId() != null).collect(Collectors.toList());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("flaggedExhibits")
  void beforeIsFlaggedForItsProblemOnly(Exhibit exhibit) {
    assertThat(ruleIdsIn(exhibit.before()))
        .as("rules fired in %s", exhibit.before().getSimpleName())
        .containsExactly(exhibit.ruleId());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("flaggedExhibits")
  void afterIsClean(Exhibit exhibit) {
    assertThat(findingsIn(exhibit.after()))
        .as("findings in %s", exhibit.after().getSimpleName())
        .isEmpty();
  }

  @Test
  void wellTunedGranularityIsClean() {
    assertThat(findingsIn(WellTuned.class)).isEmpty();
  }

  @Test
  void sharedHelpersOfTheZooAreClean() {
    Set<Path> programs =
        Zoo.exhibits().stream()
            .flatMap(e -> Stream.of(e.before(), e.after()))
            .map(ZooPrecisionTest::sourceOf)
            .collect(Collectors.toSet());
    assertThat(result.findings())
        .allSatisfy(f -> assertThat(programs).contains(normalized(f.file())));
  }

  private static Set<String> ruleIdsIn(Class<?> program) {
    return findingsIn(program).stream().map(f -> f.rule().id()).collect(Collectors.toSet());
  }

  private static List<Finding> findingsIn(Class<?> program) {
    Path source = sourceOf(program);
    return result.findings().stream()
        .filter(f -> normalized(f.file()).equals(source))
        .collect(Collectors.toList());
  }

  private static Path sourceOf(Class<?> program) {
    return normalized(dir.resolve(program.getName().replace('.', '/') + ".java"));
  }

  private static Path normalized(Path file) {
    return file.toAbsolutePath().normalize();
  }
}
