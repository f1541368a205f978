package dev.forkscope.lint.fix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fork/join authors' own code gets no fix: the JDK's parallel sort and prefix helpers and the
 * stream framework's tasks, from the running JDK's lib/src.zip (or JDK 25's on these machines).
 */
class JdkFixTest {
  private static final Pattern WANTED =
      Pattern.compile(
          "java\\.base/java/util/(ArraysParallelSortHelpers|ArrayPrefixHelpers"
              + "|stream/[A-Za-z]*Task[A-Za-z]*)\\.java");

  @TempDir Path dir;

  @Test
  void jdkForkJoinHelpersGetNoFix() throws IOException {
    Path zip =
        List.of(
                Path.of(System.getProperty("java.home"), "lib", "src.zip"),
                Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/lib/src.zip"))
            .stream()
            .filter(Files::isRegularFile)
            .findFirst()
            .orElse(null);
    assumeTrue(zip != null, "no JDK src.zip found");
    int extracted = 0;
    try (ZipFile zf = new ZipFile(zip.toFile())) {
      for (ZipEntry e : Collections.list(zf.entries())) {
        if (WANTED.matcher(e.getName()).matches()) {
          try (InputStream in = zf.getInputStream(e)) {
            Files.copy(in, dir.resolve(Path.of(e.getName()).getFileName().toString()));
            extracted++;
          }
        }
      }
    }
    assumeTrue(extracted >= 3, "src.zip has no java.base fork/join helpers");
    FixResult result = Fixer.builder().build().fix(List.of(dir));
    assertThat(result.lint().summary().parsed()).isGreaterThanOrEqualTo(3);
    assertThat(result.fixCount()).isZero();
    assertThat(result.files()).noneMatch(FileFix::changed);
  }
}
