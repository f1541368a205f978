package dev.forkscope.lint;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Test support: fork/join code written by the framework's authors, which lint must pass clean and
 * fix must leave alone. Two sources: the JDK's own helpers (the parallel sort and prefix helpers
 * and the stream framework's tasks, from the running JDK's lib/src.zip or JDK 25's at its usual
 * place on these machines), and Doug Lea's jsr166y framework with extra166y's ParallelArray (the
 * sources jars of the jsr166 mirror on Maven Central, on the test class path).
 */
public final class ForkJoinSources {
  private static final Pattern JDK_HELPERS =
      Pattern.compile(
          "java\\.base/java/util/(ArraysParallelSortHelpers|ArrayPrefixHelpers"
              + "|stream/[A-Za-z]*Task[A-Za-z]*)\\.java");
  private static final Pattern JSR166_JARS =
      Pattern.compile("(jsr166y|extra166y)-[0-9.]+-sources\\.jar");
  private static final Pattern JAVA = Pattern.compile(".*\\.java");

  private ForkJoinSources() {}

  /**
   * Copies the JDK's fork/join helpers into {@code dir}; returns how many, 0 when no src.zip is at
   * hand.
   */
  public static int jdkHelpers(Path dir) {
    for (Path zip :
        List.of(
            Path.of(System.getProperty("java.home"), "lib", "src.zip"),
            Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/lib/src.zip"))) {
      if (Files.isRegularFile(zip)) {
        return extract(zip, JDK_HELPERS, dir);
      }
    }
    return 0;
  }

  /** Copies every source file of jsr166y and extra166y into {@code dir}; returns how many. */
  public static int jsr166(Path dir) {
    int copied = 0;
    for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      Path jar = Path.of(entry);
      if (JSR166_JARS.matcher(jar.getFileName().toString()).matches()) {
        copied += extract(jar, JAVA, dir.resolve(jar.getFileName().toString()));
      }
    }
    return copied;
  }

  private static int extract(Path zip, Pattern wanted, Path dir) {
    int extracted = 0;
    try (ZipFile zf = new ZipFile(zip.toFile())) {
      Files.createDirectories(dir);
      for (ZipEntry e : Collections.list(zf.entries())) {
        if (!e.isDirectory() && wanted.matcher(e.getName()).matches()) {
          try (InputStream in = zf.getInputStream(e)) {
            Files.copy(in, dir.resolve(e.getName().replace('/', '_')));
            extracted++;
          }
        }
      }
      return extracted;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
