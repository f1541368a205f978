package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The user's mistakes with profile and report: one line on standard error, exit 2, nothing run. */
class ProfileCommandTest {

  @TempDir Path dir;

  private static void assertUsage(CliRun run, String message) {
    assertThat(run.exitCode()).as(run.err()).isEqualTo(Forkscope.USAGE);
    assertThat(run.err().strip().lines()).hasSize(1);
    assertThat(run.err()).startsWith("forkscope: ").contains(message);
  }

  @Test
  void programMustFollowDoubleDash() {
    assertUsage(CliRun.of("profile", "--out", dir.toString()), "give the program after --");
    assertUsage(CliRun.of("profile", "--out", dir.toString(), "--"), "give the program after --");
  }

  @Test
  void programMustBeJava() {
    assertUsage(
        CliRun.of("profile", "--out", dir.toString(), "--", "python3", "x.py"),
        "is not a java launcher");
  }

  @Test
  void javaLauncherMustExist() {
    String missing = dir.resolve("no-jdk/bin/java").toString();
    assertUsage(
        CliRun.of("profile", "--out", dir.toString(), "--", missing, "-version"), "does not exist");
  }

  @Test
  void outputDirectoryMustBeWritable() throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "x");
    assertUsage(
        CliRun.of("profile", "--out", file.resolve("sub").toString(), "--", "java", "-version"),
        "cannot create output directory");
  }

  @Test
  void badOptionValues() {
    assertUsage(
        CliRun.of("profile", "--cpu", "some", "--", "java", "-version"),
        "--cpu must be off, sampled or all");
    assertUsage(
        CliRun.of("profile", "--verdicts", "strict", "--", "java", "-version"),
        "--verdicts must be relative or tgp");
    assertUsage(
        CliRun.of("profile", "--csv-rows", "many", "--", "java", "-version"),
        "--csv-rows must be all or a number of rows");
    assertUsage(
        CliRun.of("report", "--csv-rows", "-3", dir.toString()),
        "--csv-rows must be all or a number of rows");
  }

  @Test
  void reportNeedsATrace() {
    assertUsage(CliRun.of("report", dir.toString()), "no forkscope trace in");
    assertUsage(CliRun.of("report", dir.resolve("missing").toString()), "is not a directory");
  }

  @Test
  void attachMistakes() {
    assertUsage(
        CliRun.of("profile", "--pid", "1", "--", "java", "-version"),
        "give either --pid PID or a program after --, not both");
    assertUsage(CliRun.of("profile", "--pid", "1", "--jfr"), "--jfr needs a launched program");
    assertUsage(
        CliRun.of("profile", "--duration", "5s", "--", "java", "-version"),
        "--duration applies to --pid only");
    for (String bad : List.of("-1s", "0", "soon", "5x", "0.0001ms")) {
      assertUsage(
          CliRun.of("profile", "--pid", "1", "--out", dir.toString(), "--duration", bad),
          "--duration must be a positive time such as 30s, 500ms or 2m, not '" + bad + "'");
    }
    assertUsage(
        CliRun.of("profile", "--pid", Integer.toString(Integer.MAX_VALUE), "--out", dir.toString()),
        "no process with pid " + Integer.MAX_VALUE);
  }

  @Test
  void durations() {
    assertThat(ProfileCommand.durationMs("30s")).isEqualTo(30_000);
    assertThat(ProfileCommand.durationMs("500ms")).isEqualTo(500);
    assertThat(ProfileCommand.durationMs("2m")).isEqualTo(120_000);
    assertThat(ProfileCommand.durationMs("1.5")).isEqualTo(1_500);
    assertThat(ProfileCommand.durationMs(" 1H ")).isEqualTo(3_600_000);
  }

  @Test
  void jvmsListsThisUsersJvms() throws Exception {
    Process other =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Sleeper.class.getName())
            .start();
    try {
      other.getInputStream().read(); // its "ready" line: the JVM is up
      CliRun run = CliRun.of("jvms");
      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(run.out().lines().findFirst())
          .hasValue(
              String.format("%-8s %-12s %-10s %s", "PID", "JDK", "FORKSCOPE", "MAIN")
                  .stripTrailing());
      assertThat(run.out())
          .containsPattern(
              other.pid()
                  + " +"
                  + System.getProperty("java.version")
                  + " +no +"
                  + Sleeper.class.getName().replace("$", "\\$"));
    } finally {
      other.destroy();
    }
  }

  /** A JVM for {@code jvms} to find. */
  static final class Sleeper {
    public static void main(String[] args) throws InterruptedException {
      System.out.println("ready");
      System.out.flush();
      Thread.sleep(60_000);
    }
  }
}
