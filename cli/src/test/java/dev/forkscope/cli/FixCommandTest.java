package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FixCommandTest {
  private static final String TASK =
      String.join(
          "\n",
          "import java.util.concurrent.RecursiveTask;",
          "class Half extends RecursiveTask<Integer> {",
          "  final int n;",
          "  Half(int n) { this.n = n; }",
          "  @Override protected Integer compute() {",
          "    if (n < 2) return n;",
          "    Half a = new Half(n / 2);",
          "    a.fork();",
          "    int x = a.join();",
          "    return x + 1;",
          "  }",
          "}",
          "");

  @TempDir Path dir;

  @Test
  void printsADiffAndChangesNothing() throws IOException {
    Path file = Files.writeString(dir.resolve("Half.java"), TASK);
    CliRun run = CliRun.of("fix", dir.toString(), "--rule", "fork-immediately-joined");
    assertThat(run.exitCode()).isEqualTo(Forkscope.FINDINGS);
    String shown = file.toAbsolutePath().toString();
    assertThat(run.out())
        .isEqualTo(
            String.join(
                "\n",
                "--- " + shown,
                "+++ " + shown,
                "@@ -5,8 +5,7 @@",
                "   @Override protected Integer compute() {",
                "     if (n < 2) return n;",
                "     Half a = new Half(n / 2);",
                "-    a.fork();",
                "-    int x = a.join();",
                "+    int x = a.invoke();",
                "     return x + 1;",
                "   }",
                " }",
                ""));
    assertThat(run.err())
        .startsWith("forkscope fix: 1 fix in 1 file proposed (run with --apply to write them);")
        .contains("0 findings left as suggestions; compiled with javac");
    assertThat(Files.readString(file)).isEqualTo(TASK);
  }

  @Test
  void applyRewritesKeepingPermissionsAndASecondRunFindsNothing() throws IOException {
    Path file = Files.writeString(dir.resolve("Half.java"), TASK);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
    CliRun run = CliRun.of("fix", "--apply", "--rule", "fork-immediately-joined", file.toString());
    assertThat(run.exitCode()).isEqualTo(Forkscope.FINDINGS);
    assertThat(run.out()).endsWith("Half.java (1 fix)\n");
    assertThat(Files.readString(file)).contains("int x = a.invoke();").doesNotContain("fork");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-r-----");
    CliRun again =
        CliRun.of("fix", "--apply", "--rule", "fork-immediately-joined", file.toString());
    assertThat(again.exitCode()).isEqualTo(Forkscope.OK);
    assertThat(again.out()).isEmpty();
  }

  @Test
  void aReadOnlyFileIsReportedInOneLineAndKept() throws IOException {
    Path file = Files.writeString(dir.resolve("Half.java"), TASK);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
    CliRun run = CliRun.of("fix", "--apply", file.toString());
    assertThat(run.err()).contains("is read-only").contains("1 file not written");
    assertThat(run.err()).doesNotContain("Exception").doesNotContain("\tat ");
    assertThat(Files.readString(file)).isEqualTo(TASK);
  }

  @Test
  void findingsWithoutARewriteArePrintedAsSuggestions() throws IOException {
    List<String> nap =
        List.of(
            "import java.util.concurrent.RecursiveAction;",
            "class Nap extends RecursiveAction {",
            "  @Override protected void compute() {",
            "    try {",
            "      Thread.sleep(10);",
            "    } catch (InterruptedException e) {",
            "    }",
            "  }",
            "}",
            "");
    Files.writeString(dir.resolve("Nap.java"), String.join("\n", nap));
    int sleepLine = nap.indexOf("      Thread.sleep(10);") + 1;
    CliRun run = CliRun.of("fix", dir.toString());
    assertThat(run.exitCode()).isEqualTo(Forkscope.FINDINGS);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .contains(
            "Nap.java:"
                + sleepLine
                + ":7: suggestion: [sleepy-worker] the handler is not just"
                + " Thread.currentThread().interrupt();")
        .contains("    before:\n      try {\n        Thread.sleep(10);")
        .contains("    after:\n      // nothing: a task must not sleep.")
        .contains("1 finding left as suggestions (sleepy-worker 1;");
  }

  @Test
  void cleanCodeExitsZero() throws IOException {
    Files.writeString(dir.resolve("Plain.java"), "class Plain {}\n");
    CliRun run = CliRun.of("fix", dir.toString());
    assertThat(run.exitCode()).isEqualTo(Forkscope.OK);
    assertThat(run.err()).startsWith("forkscope fix: 0 fixes in 0 files; 0 findings");
  }

  @Test
  void usersMistakesAreOneLineWithExitTwo() {
    for (String[] args :
        new String[][] {
          {"fix", dir.resolve("nope").toString()},
          {"fix", dir.toString(), "--rule", "no-such-rule"},
          {"fix", dir.toString(), "--classpath", dir.resolve("missing.jar").toString()},
        }) {
      CliRun run = CliRun.of(args);
      assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(Forkscope.USAGE);
      assertThat(run.err().lines().count()).as(run.err()).isEqualTo(1);
      assertThat(run.err()).startsWith("forkscope: ");
    }
  }
}
