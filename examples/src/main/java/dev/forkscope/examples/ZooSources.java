package dev.forkscope.examples;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The zoo's Java sources, which the examples module ships as resources: copied out of the jar (or
 * the class directory when run from a build) into a directory, so that the linter can read them as
 * files.
 */
public final class ZooSources {
  public static final String PREFIX = "dev/forkscope/examples/";

  private ZooSources() {}

  /**
   * Copies every zoo source into {@code dir}, keeping the package directories; returns the files.
   */
  public static List<Path> extractTo(Path dir) throws IOException {
    Path location = codeLocation();
    if (Files.isDirectory(location)) {
      Path root = location.resolve(PREFIX);
      try (Stream<Path> files = Files.walk(root)) {
        for (Path file : files.filter(ZooSources::isJava).collect(Collectors.toList())) {
          copy(
              Files.newInputStream(file),
              dir.resolve(PREFIX).resolve(root.relativize(file).toString()));
        }
      }
    } else {
      try (ZipFile jar = new ZipFile(location.toFile())) {
        Enumeration<? extends ZipEntry> entries = jar.entries();
        while (entries.hasMoreElements()) {
          ZipEntry entry = entries.nextElement();
          Path target = dir.resolve(entry.getName()).normalize();
          if (!entry.isDirectory()
              && entry.getName().startsWith(PREFIX)
              && entry.getName().endsWith(".java")
              && target.startsWith(dir.normalize())) {
            copy(jar.getInputStream(entry), target);
          }
        }
      }
    }
    try (Stream<Path> files = Files.walk(dir)) {
      List<Path> sources = files.filter(ZooSources::isJava).sorted().collect(Collectors.toList());
      if (sources.isEmpty()) {
        throw new IllegalStateException("the zoo's sources are missing from " + location);
      }
      return sources;
    }
  }

  private static Path codeLocation() {
    try {
      return Path.of(Zoo.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("cannot locate the examples on the class path", e);
    }
  }

  private static boolean isJava(Path file) {
    return Files.isRegularFile(file) && file.getFileName().toString().endsWith(".java");
  }

  private static void copy(InputStream in, Path target) throws IOException {
    Files.createDirectories(target.getParent());
    try (in) {
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
