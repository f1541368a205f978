package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Idiomatic fork/join code by the framework's authors must come out clean: the JDK's own helpers
 * and Lea's jsr166y and extra166y (see {@link ForkJoinSources}).
 */
class JdkPrecisionTest {
  @TempDir Path dir;

  @Test
  void jdkForkJoinHelpersHaveNoFindings() throws IOException {
    int files = ForkJoinSources.jdkHelpers(dir);
    assumeTrue(
        files >= 3,
        "no JDK src.zip with the java.base fork/join helpers (looked in java.home/lib and"
            + " /usr/lib/jvm/temurin-25-jdk-amd64/lib), so the JDK precision check cannot run");
    assertClean(files);
  }

  @Test
  void jsr166yAndExtra166yHaveNoFindings() throws IOException {
    int files = ForkJoinSources.jsr166(dir);
    assertThat(files).as("jsr166y and extra166y sources on the test class path").isGreaterThan(30);
    assertClean(files);
  }

  private void assertClean(int files) throws IOException {
    LintResult result = Linter.builder().build().lint(List.of(dir));
    assertThat(result.summary().errors()).isEmpty();
    assertThat(result.summary().files()).isEqualTo(files);
    assertThat(result.summary().parsed()).isGreaterThanOrEqualTo(3);
    assertThat(result.findings())
        .extracting(f -> f.rule().id() + " " + f.file().getFileName() + ":" + f.line())
        .isEmpty();
  }
}
