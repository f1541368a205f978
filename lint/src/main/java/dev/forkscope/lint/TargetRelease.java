package dev.forkscope.lint;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Java release a source file is compiled for, where its build says so: the nearest {@code
 * pom.xml} upwards that sets {@code maven.compiler.release}, the compiler plugin's {@code
 * <release>}, or {@code maven.compiler.target}/{@code source} ({@code 1.8} is 8), or a Gradle build
 * that sets {@code options.release} or {@code sourceCompatibility}. Messages whose truth depends on
 * the JDK (a cost that exists on JDK 8 only) use it.
 *
 * <p>Implementation note: one answer per directory, cached for the run; a build file that cannot be
 * read counts as saying nothing, so the search goes on upwards.
 */
final class TargetRelease {
  private static final Pattern MAVEN =
      Pattern.compile(
          "<(maven\\.compiler\\.release|release|maven\\.compiler\\.target|maven\\.compiler\\.source)>"
              + "\\s*(?:1\\.)?(\\d{1,2})\\s*</");
  private static final Pattern GRADLE =
      Pattern.compile(
          "(?:options\\.release(?:\\.set\\(|\\s*=\\s*)|sourceCompatibility\\s*=\\s*(?:JavaVersion\\.VERSION_|['\"]?))"
              + "(?:1[._])?(\\d{1,2})");
  private static final String[] BUILD_FILES = {"pom.xml", "build.gradle", "build.gradle.kts"};

  private final Map<Path, OptionalInt> byDirectory = new ConcurrentHashMap<>();

  /** The release the file is compiled for, or empty when no build file upwards says. */
  OptionalInt of(Path file) {
    Path dir = file.toAbsolutePath().normalize().getParent();
    return dir == null ? OptionalInt.empty() : inDirectory(dir);
  }

  private OptionalInt inDirectory(Path dir) {
    OptionalInt known = byDirectory.get(dir);
    if (known != null) {
      return known;
    }
    OptionalInt release = declaredIn(dir);
    if (release.isEmpty() && dir.getParent() != null) {
      release = inDirectory(dir.getParent());
    }
    byDirectory.put(dir, release);
    return release;
  }

  private static OptionalInt declaredIn(Path dir) {
    for (String name : BUILD_FILES) {
      Path build = dir.resolve(name);
      if (!Files.isRegularFile(build)) {
        continue;
      }
      try {
        String text = Files.readString(build, StandardCharsets.UTF_8);
        Matcher m = (name.equals("pom.xml") ? MAVEN : GRADLE).matcher(text);
        if (m.find()) {
          return OptionalInt.of(Integer.parseInt(m.group(m.groupCount())));
        }
      } catch (IOException unreadable) {
        // an unreadable or oddly encoded build file says nothing; look further up
      }
    }
    return OptionalInt.empty();
  }
}
