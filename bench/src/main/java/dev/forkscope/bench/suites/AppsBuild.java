package dev.forkscope.bench.suites;

import dev.forkscope.bench.BenchInputException;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Finds or builds the application harnesses of module {@code apps}, which stays outside the default
 * build because its dependencies (PMD, Lucene, H2) are large: on first use, and again when a source
 * of the module is newer than the build, it runs Maven on the module in the source tree that this
 * class was loaded from, and returns the class path the harnesses run with.
 */
final class AppsBuild {
  private AppsBuild() {}

  /**
   * The class path of the harnesses, built first if needed.
   *
   * @throws BenchInputException when there is no source tree or no Maven, or the build fails
   */
  static String classpath(Consumer<String> progress) throws IOException, InterruptedException {
    Path module = moduleDir();
    Path target = module.resolve("target");
    Path classpathFile = target.resolve("classpath.txt");
    Path jar = target.resolve("forkscope-apps.jar");
    if (stale(module, classpathFile) || !Files.isRegularFile(jar)) {
      progress.accept(
          "building the application harnesses (module apps; the first build downloads PMD,"
              + " Lucene, H2 and Spark, about 300 MB, from Maven Central)");
      build(module);
    }
    return jar + java.io.File.pathSeparator + Files.readString(classpathFile).trim();
  }

  /** The directory of module {@code apps}, found upwards from where this class was loaded. */
  static Path moduleDir() {
    Path here;
    try {
      here = Path.of(AppsBuild.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException | NullPointerException e) {
      throw new BenchInputException("cannot tell where forkscope runs from: " + e.getMessage());
    }
    for (Path dir = here; dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("apps/pom.xml"))
          && Files.isRegularFile(dir.resolve("pom.xml"))) {
        return dir.resolve("apps");
      }
    }
    throw new BenchInputException(
        "bench apps builds its harnesses from the forkscope source tree (module apps), and none"
            + " encloses "
            + here);
  }

  private static boolean stale(Path module, Path built) throws IOException {
    if (!Files.isRegularFile(built)) {
      return true;
    }
    FileTime time = Files.getLastModifiedTime(built);
    List<Path> sources =
        List.of(module.resolve("pom.xml"), module.resolve("../pom.xml"), module.resolve("src"));
    for (Path source : sources) {
      try (Stream<Path> files = Files.walk(source)) {
        if (files.anyMatch(f -> newer(f, time))) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean newer(Path file, FileTime than) {
    try {
      return Files.isRegularFile(file) && Files.getLastModifiedTime(file).compareTo(than) > 0;
    } catch (IOException e) {
      return true;
    }
  }

  private static void build(Path module) throws IOException, InterruptedException {
    Path log = Files.createTempFile("forkscope-apps-build", ".log");
    Process mvn;
    try {
      mvn =
          new ProcessBuilder(
                  "mvn",
                  "-B",
                  "-ntp",
                  "-q",
                  "-f",
                  module.resolve("pom.xml").toString(),
                  "package",
                  "-DskipTests")
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
    } catch (IOException e) {
      throw new BenchInputException(
          "bench apps needs Maven (mvn) to build its harnesses once; install it and retry");
    }
    if (mvn.waitFor() != 0) {
      throw new BenchInputException(
          "building the application harnesses failed; the Maven log is in " + log);
    }
    Files.delete(log);
  }
}
