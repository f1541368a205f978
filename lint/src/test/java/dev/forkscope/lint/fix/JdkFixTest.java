package dev.forkscope.lint.fix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkscope.lint.ForkJoinSources;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fork/join authors' own code gets no fix: the JDK's helpers and Lea's jsr166y and extra166y
 * (see {@link ForkJoinSources}).
 */
class JdkFixTest {
  @TempDir Path dir;

  @Test
  void jdkForkJoinHelpersGetNoFix() throws IOException {
    assumeTrue(ForkJoinSources.jdkHelpers(dir) >= 3, "no JDK src.zip with fork/join helpers");
    assertNoFix();
  }

  @Test
  void jsr166yAndExtra166yGetNoFix() throws IOException {
    assertThat(ForkJoinSources.jsr166(dir)).isGreaterThan(30);
    assertNoFix();
  }

  private void assertNoFix() throws IOException {
    FixResult result = Fixer.builder().build().fix(List.of(dir));
    assertThat(result.lint().summary().parsed()).isGreaterThanOrEqualTo(3);
    assertThat(result.fixCount()).isZero();
    assertThat(result.files()).noneMatch(FileFix::changed);
  }
}
