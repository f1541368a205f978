package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
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
}
