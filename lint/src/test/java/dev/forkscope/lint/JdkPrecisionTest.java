package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Idiomatic fork/join code from the JDK itself must come out clean: the parallel sort and prefix
 * helpers and the stream framework's tasks (all written by the fork/join authors). The sources come
 * from the running JDK's lib/src.zip, or from JDK 25's at its usual place on these machines.
 */
class JdkPrecisionTest {
  private static final Pattern WANTED =
      Pattern.compile(
          "java\\.base/java/util/(ArraysParallelSortHelpers|ArrayPrefixHelpers|stream/[A-Za-z]*Task[A-Za-z]*)\\.java");

  @TempDir Path dir;

  @Test
  void jdkForkJoinHelpersHaveNoFindings() throws IOException {
    Path zip = sourceZip();
    assumeTrue(
        zip != null,
        "no JDK src.zip found (looked in java.home/lib and /usr/lib/jvm/temurin-25-jdk-amd64/lib),"
            + " so the JDK precision check cannot run");
    int extracted = 0;
    try (ZipFile zf = new ZipFile(zip.toFile())) {
      for (ZipEntry e : java.util.Collections.list(zf.entries())) {
        if (WANTED.matcher(e.getName()).matches()) {
          try (InputStream in = zf.getInputStream(e)) {
            Files.copy(in, dir.resolve(Path.of(e.getName()).getFileName().toString()));
            extracted++;
          }
        }
      }
    }
    assumeTrue(extracted >= 3, "src.zip at " + zip + " has no java.base fork/join helpers");
    LintResult result = Linter.builder().build().lint(List.of(dir));
    assertThat(result.summary().errors()).isEmpty();
    assertThat(result.summary().parsed()).isGreaterThanOrEqualTo(3);
    assertThat(result.findings())
        .extracting(f -> f.rule().id() + " " + f.file().getFileName() + ":" + f.line())
        .isEmpty();
  }

  private static Path sourceZip() {
    for (Path candidate :
        List.of(
            Path.of(System.getProperty("java.home"), "lib", "src.zip"),
            Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/lib/src.zip"))) {
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
