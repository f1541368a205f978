package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code forkscope} launcher script's class-data sharing for {@code lint}: the first run leaves
 * an archive next to the jar, the next run loads the CLI's classes from it, and an archive that
 * does not fit (a damaged file, a rebuilt jar) is passed over without a word to the user. The
 * script and the packaged jar are copied into a folder laid out as the repository is, and run with
 * the JDK running this test.
 */
class LauncherIT {

  private static final Path CLI_JAR = Path.of(System.getProperty("forkscope.cliJar"));
  private static final Path LAUNCHER = Path.of("..", "forkscope").toAbsolutePath().normalize();
  private static final String FROM_ARCHIVE =
      "dev.forkscope.cli.Forkscope source: shared objects file";

  @TempDir Path home;
  @TempDir Path sources;

  private record Run(int exit, String out, String err, String classLoading) {}

  @Test
  void lintKeepsAClassArchiveAndPassesOverOneThatDoesNotFit() throws Exception {
    Path target = Files.createDirectories(home.resolve("cli/target"));
    Files.copy(LAUNCHER, home.resolve("forkscope"));
    Path jar = Files.copy(CLI_JAR, target.resolve("forkscope.jar"));
    Files.writeString(
        sources.resolve("Blocks.java"),
        """
        import java.util.concurrent.CompletableFuture;

        class Blocks {
          void run() {
            CompletableFuture.runAsync(() -> {
              try {
                Thread.sleep(1000);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
          }
        }
        """);

    Run first = lint();
    assertThat(first.exit()).as(first.err()).isEqualTo(1);
    assertThat(first.err()).isEmpty();
    assertThat(first.out()).contains("blocking-in-async").doesNotContain("cds");
    Path archive = onlyArchive(target);
    assertThat(target.resolve(archive.getFileName() + ".partial")).doesNotExist();

    Run second = lint();
    assertThat(second.classLoading()).contains(FROM_ARCHIVE);
    assertThat(withoutMillis(second.out())).isEqualTo(withoutMillis(first.out()));
    assertThat(second.err()).isEmpty();

    Files.write(archive, new byte[] {1, 2, 3});
    Run damaged = lint();
    assertThat(damaged.classLoading()).doesNotContain(FROM_ARCHIVE);
    assertThat(withoutMillis(damaged.out())).isEqualTo(withoutMillis(first.out()));
    assertThat(damaged.err()).isEmpty();

    Files.setLastModifiedTime(
        jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 60_000));
    Run rebuilt = lint();
    assertThat(withoutMillis(rebuilt.out())).isEqualTo(withoutMillis(first.out()));
    assertThat(rebuilt.err()).isEmpty();
    assertThat(onlyArchive(target)).isNotEqualTo(archive);
    assertThat(lint().classLoading()).contains(FROM_ARCHIVE);
  }

  private Run lint() throws Exception {
    Path log = Files.createTempFile(home, "class-load", ".log");
    ProcessBuilder builder =
        new ProcessBuilder(
            List.of("bash", home.resolve("forkscope").toString(), "lint", sources.toString()));
    builder
        .environment()
        .put(
            "PATH",
            Path.of(System.getProperty("java.home"), "bin")
                + ":"
                + builder.environment().get("PATH"));
    builder.environment().put("FORKSCOPE_JAVA_OPTS", "-Xlog:class+load=info:file=" + log);
    Path err = Files.createTempFile(home, "err", ".txt");
    Process process = builder.redirectError(err.toFile()).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int exit = process.waitFor();
    return new Run(exit, out, Files.readString(err), Files.readString(log));
  }

  private static Path onlyArchive(Path target) throws Exception {
    List<Path> archives = new ArrayList<>();
    try (Stream<Path> files = Files.list(target)) {
      files.filter(f -> f.getFileName().toString().startsWith("lint-")).forEach(archives::add);
    }
    assertThat(archives).hasSize(1);
    assertThat(archives.get(0).toString()).endsWith(".jsa");
    return archives.get(0);
  }

  /** The run's time, the only part of the report that changes between runs. */
  private static String withoutMillis(String report) {
    return report.replaceAll("\\d+ ms", "N ms");
  }
}
