package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import dev.forkscope.io.FileTrees;
import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.RuleFailure;
import dev.forkscope.lint.Summary;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LintCommandTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** The shape of Fig. 2 of Pinto et al.: copies the array at every level. */
  private static final String COPYING_TASK =
      String.join(
          "\n",
          "package demo;",
          "import java.util.Arrays;",
          "import java.util.concurrent.RecursiveAction;",
          "class SortTask extends RecursiveAction {",
          "  private final int[] a;",
          "  SortTask(int[] a) { this.a = a; }",
          "  @Override protected void compute() {",
          "    if (a.length < 1000) { Arrays.sort(a); return; }",
          "    int mid = a.length / 2;",
          "    int[] left = Arrays.copyOfRange(a, 0, mid);",
          "    int[] right = Arrays.copyOfRange(a, mid, a.length);",
          "    invokeAll(new SortTask(left), new SortTask(right));",
          "  }",
          "}",
          "");

  /** Lea's idiom: index ranges, a cutoff, fork one half and compute the other. */
  private static final String CLEAN_TASK =
      String.join(
          "\n",
          "package demo;",
          "import java.util.concurrent.RecursiveTask;",
          "class SumTask extends RecursiveTask<Long> {",
          "  private final int[] a; private final int lo; private final int hi;",
          "  SumTask(int[] a, int lo, int hi) { this.a = a; this.lo = lo; this.hi = hi; }",
          "  @Override protected Long compute() {",
          "    if (hi - lo <= 4096) { long s = 0; for (int i = lo; i < hi; i++) s += a[i]; return s; }",
          "    int mid = (lo + hi) >>> 1;",
          "    SumTask left = new SumTask(a, lo, mid);",
          "    left.fork();",
          "    long right = new SumTask(a, mid, hi).compute();",
          "    return left.join() + right;",
          "  }",
          "}",
          "");

  @TempDir Path dir;

  @Test
  void aRuleThatThrewExitsThreeUnlessKeepingGoing() {
    RuleFailure failure =
        new RuleFailure(
            dir.resolve("A.java"),
            3,
            "sleepy-worker",
            "java.lang.IllegalStateException",
            "",
            List.of());
    LintResult failed =
        new LintResult(List.of(), new Summary(1, 10, 1, 0, List.of(), List.of(failure), 0, 1));
    assertThat(LintCommand.exitCode(failed, false)).isEqualTo(Forkscope.INTERNAL);
    assertThat(LintCommand.exitCode(failed, true)).isEqualTo(Forkscope.OK);
    LintResult clean =
        new LintResult(List.of(), new Summary(1, 10, 1, 0, List.of(), List.of(), 0, 1));
    assertThat(LintCommand.exitCode(clean, false)).isEqualTo(Forkscope.OK);
  }

  /**
   * End to end, a rule that throws: printing a call whose argument is a 30,000-deep call chain
   * (which the parser reads in a loop) overflows the stack inside sleepy-worker. The run reports
   * it, keeps the other file's finding, and exits 3; with --keep-going it exits by the findings.
   */
  @Test
  void aRuleThatThrowsExitsThreeAndKeepGoingExitsByTheFindings() throws IOException {
    write(
        "Deep.java",
        """
        import java.util.concurrent.RecursiveAction;
        class Deep extends RecursiveAction {
            Deep a() { return this; }
            long n() { return 1; }
            protected void compute() {
                try { Thread.sleep(thisCHAIN.n()); } catch (InterruptedException e) { }
            }
        }
        """
            .replace("CHAIN", ".a()".repeat(30_000)));
    write(
        "Nap.java",
        """
        import java.util.concurrent.RecursiveAction;
        class Nap extends RecursiveAction {
            protected void compute() {
                try { Thread.sleep(1); } catch (InterruptedException e) { }
            }
        }
        """);

    CliRun failed = CliRun.of("lint", dir.toString());
    assertThat(failed.exitCode()).isEqualTo(Forkscope.INTERNAL);
    assertThat(failed.out())
        .contains("Deep.java:6: internal error: [sleepy-worker]", "StackOverflowError")
        .contains("Nap.java:4:", "[sleepy-worker]");
    assertThat(failed.err()).contains("1 rule failed with an internal error");

    CliRun going = CliRun.of("lint", "--keep-going", dir.toString());
    assertThat(going.exitCode()).isEqualTo(Forkscope.FINDINGS);
    assertThat(going.out())
        .contains("Deep.java:6: internal error: [sleepy-worker]", "Nap.java:4:", "[sleepy-worker]");
  }

  @Test
  void keepGoingIsAcceptedAndCleanCodeExitsZero() throws IOException {
    write("SumTask.java", CLEAN_TASK);
    assertThat(CliRun.of("lint", "--keep-going", dir.toString()).exitCode())
        .isEqualTo(Forkscope.OK);
  }

  @Test
  void missingPathIsTheUsersMistake() {
    CliRun run = CliRun.of("lint", dir.resolve("nope").toString());
    assertThat(run.exitCode()).isEqualTo(Forkscope.USAGE);
    assertOneLineError(run, "no such file or directory");
  }

  @Test
  void anArchiveIsTheUsersMistakeNotAnEmptyResult() throws IOException {
    Path jar = Files.write(dir.resolve("lib-1.0-sources.jar"), new byte[] {'P', 'K', 3, 4});
    CliRun run = CliRun.of("lint", jar.toString());
    assertThat(run.exitCode()).isEqualTo(Forkscope.USAGE);
    assertOneLineError(run, "is an archive");
  }

  @Test
  void unknownRuleIsTheUsersMistake() throws IOException {
    write("SumTask.java", CLEAN_TASK);
    CliRun run = CliRun.of("lint", dir.toString(), "--rule", "no-such-rule");
    assertThat(run.exitCode()).isEqualTo(Forkscope.USAGE);
    assertOneLineError(run, "unknown rule 'no-such-rule'");
  }

  @Test
  void unknownFormatIsTheUsersMistake() throws IOException {
    write("SumTask.java", CLEAN_TASK);
    CliRun run = CliRun.of("lint", dir.toString(), "--format", "xml");
    assertThat(run.exitCode()).isEqualTo(Forkscope.USAGE);
    assertOneLineError(run, "unknown format 'xml'");
  }

  @Test
  void missingClasspathEntryIsTheUsersMistake() throws IOException {
    write("SumTask.java", CLEAN_TASK);
    CliRun run =
        CliRun.of("lint", dir.toString(), "--classpath", dir.resolve("missing.jar").toString());
    assertThat(run.exitCode()).isEqualTo(Forkscope.USAGE);
    assertOneLineError(run, "classpath entry not found");
  }

  @Test
  void outputIntoMissingDirectoryIsTheUsersMistake() throws IOException {
    write("SumTask.java", CLEAN_TASK);
    CliRun run =
        CliRun.of(
            "lint", dir.toString(), "--output", dir.resolve("no/such/dir/out.json").toString());
    assertThat(run.exitCode()).isEqualTo(Forkscope.USAGE);
    assertOneLineError(run, "does not exist");
  }

  @Test
  void findingsExitOneAndCleanCodeExitsZero() throws IOException {
    Path copying = write("a/SortTask.java", COPYING_TASK);
    Path clean = write("b/SumTask.java", CLEAN_TASK);

    CliRun flagged = CliRun.of("lint", copying.toString());
    assertThat(flagged.exitCode()).isEqualTo(Forkscope.FINDINGS);
    int copyLine =
        COPYING_TASK.lines().toList().indexOf("    int[] left = Arrays.copyOfRange(a, 0, mid);")
            + 1;
    assertThat(flagged.out())
        .contains("SortTask.java:" + copyLine + ":", ": warning: [copy-on-fork] ", "^");

    CliRun quiet = CliRun.of("lint", clean.toString());
    assertThat(quiet.exitCode()).isEqualTo(Forkscope.OK);
    assertThat(quiet.out()).startsWith("0 findings in 1 file ");
    assertThat(quiet.err()).isEmpty();
  }

  /** A tree whose only finding is a note: listed with --notes, counted otherwise, exits 0. */
  @Test
  void notesAreShownOnRequestAndNeverExitOne() throws IOException {
    write(
        "Sentence.java",
        String.join(
            "\n",
            "import java.util.*;",
            "class Sentence {",
            "  final List<String> tokens = new ArrayList<>();",
            "  List<String> words() { synchronized (tokens) { return List.copyOf(tokens); } }",
            "  String word(int i) { return words().get(i); }",
            "  static void featurize(List<Sentence> xs) {",
            "    xs.parallelStream().forEach((Sentence s) -> s.word(0));",
            "  }",
            "}",
            ""));
    CliRun quiet = CliRun.of("lint", dir.toString());
    assertThat(quiet.exitCode()).isEqualTo(Forkscope.OK);
    assertThat(quiet.out())
        .doesNotContain("[intra-task-sync]")
        .startsWith("1 finding (1 note not shown: --notes shows them) in 1 file ");

    CliRun shown = CliRun.of("lint", "--notes", dir.toString());
    assertThat(shown.exitCode()).isEqualTo(Forkscope.OK);
    assertThat(shown.out()).contains("Sentence.java:4:", ": note: [intra-task-sync] ");
  }

  @Test
  void ruleOptionRestrictsTheRun() throws IOException {
    write("SortTask.java", COPYING_TASK);
    CliRun run = CliRun.of("lint", dir.toString(), "--rule", "sleepy-worker");
    assertThat(run.exitCode()).isEqualTo(Forkscope.OK);
  }

  @Test
  void jsonFollowsTheContract() throws IOException {
    write("SortTask.java", COPYING_TASK);
    write("SumTask.java", CLEAN_TASK);
    JsonNode root = json(CliRun.of("lint", dir.toString(), "--format", "json"), Forkscope.FINDINGS);

    assertThat(root.get("tool").asText()).isEqualTo("forkscope");
    assertThat(root.get("version").asText()).isNotBlank();
    JsonNode finding = root.get("findings").get(0);
    assertThat(fieldNames(finding))
        .containsExactly(
            "rule", "bottleneck", "severity", "file", "line", "column", "message", "task", "fix");
    assertThat(finding.get("rule").asText()).isEqualTo("copy-on-fork");
    assertThat(finding.get("bottleneck").asInt()).isEqualTo(2);
    assertThat(finding.get("file").asText()).endsWith("/SortTask.java").doesNotContain("\\");
    assertThat(finding.get("task").asText()).isEqualTo("demo.SortTask");
    JsonNode summary = root.get("summary");
    assertThat(fieldNames(summary))
        .containsExactly(
            "files", "lines", "parsed", "skipped", "errors", "failures", "findings", "millis");
    assertThat(summary.get("files").asInt()).isEqualTo(2);
    assertThat(summary.get("findings").asInt()).isEqualTo(root.get("findings").size());
  }

  @Test
  void filesUnderTheCurrentDirectoryAreShownRelative() throws IOException {
    Path here = Path.of("").toAbsolutePath();
    Path local = Files.createTempDirectory(here, "lint-relative");
    try {
      Files.writeString(local.resolve("SortTask.java"), COPYING_TASK);
      JsonNode root =
          json(CliRun.of("lint", local.toString(), "--format", "json"), Forkscope.FINDINGS);
      assertThat(root.at("/findings/0/file").asText())
          .isEqualTo(local.getFileName() + "/SortTask.java");
    } finally {
      FileTrees.delete(local);
    }
  }

  @Test
  void sarifOutputIsSchemaValidAndWrittenAtomically() throws IOException {
    write("src/SortTask.java", COPYING_TASK);
    Path report = dir.resolve("report.sarif");
    Files.writeString(report, "previous content");
    Files.setPosixFilePermissions(report, PosixFilePermissions.fromString("rw-rw-r--"));

    CliRun run =
        CliRun.of(
            "lint",
            dir.resolve("src").toString(),
            "--format",
            "sarif",
            "--output",
            report.toString());

    assertThat(run.exitCode()).isEqualTo(Forkscope.FINDINGS);
    assertThat(run.out()).isEmpty();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(report)))
        .isEqualTo("rw-rw-r--");
    String sarif = Files.readString(report);
    assertThat(schemaErrors(sarif)).isEmpty();
    JsonNode result = MAPPER.readTree(sarif).at("/runs/0/results/0");
    assertThat(result.get("ruleId").asText()).isEqualTo("copy-on-fork");
    assertThat(result.at("/partialFingerprints").size()).isEqualTo(1);
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("src", "report.sarif");
    }
  }

  @Test
  void unparsableFileIsListedInTheSummary() throws IOException {
    write(
        "Broken.java",
        "package demo;\nclass Broken extends java.util.concurrent.RecursiveAction {\n"
            + "  protected void compute() { fork( }\n}\n");
    write("SumTask.java", CLEAN_TASK);
    JsonNode root = json(CliRun.of("lint", dir.toString(), "--format", "json"), Forkscope.OK);
    JsonNode errors = root.at("/summary/errors");
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0).get("file").asText()).endsWith("Broken.java");
    assertThat(root.at("/summary/parsed").asInt()).isEqualTo(1);
  }

  @Test
  void emptyDirectoryAndDirectoryWithoutJavaFilesAreClean() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Path noJava = Files.createDirectories(dir.resolve("docs"));
    Files.writeString(noJava.resolve("README.md"), "# not Java\n");

    for (Path path : List.of(empty, noJava)) {
      JsonNode root = json(CliRun.of("lint", path.toString(), "--format", "json"), Forkscope.OK);
      assertThat(root.at("/summary/files").asInt()).isZero();
      assertThat(root.get("findings")).isEmpty();
    }
  }

  @Test
  void nonUtf8FileDoesNotStopTheRun() throws IOException {
    byte[] latin1 =
        ("package demo;\n// Gr\u00fc\u00dfe, \u00e9t\u00e9\n"
                + COPYING_TASK.substring("package demo;\n".length()))
            .getBytes(StandardCharsets.ISO_8859_1);
    Files.write(dir.resolve("SortTask.java"), latin1);
    write("SumTask.java", CLEAN_TASK);

    CliRun run = CliRun.of("lint", dir.toString(), "--format", "json");
    assertThat(run.exitCode()).isIn(Forkscope.OK, Forkscope.FINDINGS);
    JsonNode root = MAPPER.readTree(run.out());
    assertThat(root.at("/summary/files").asInt()).isEqualTo(2);
    assertThat(root.at("/summary/parsed").asInt() + root.at("/summary/errors").size()).isEqualTo(2);
  }

  @Test
  void symlinkLoopDoesNotHangOrCrash() throws IOException {
    Path src = Files.createDirectories(dir.resolve("src"));
    Files.writeString(src.resolve("SumTask.java"), CLEAN_TASK);
    Files.createSymbolicLink(src.resolve("loop"), src);

    CliRun run = CliRun.of("lint", src.toString(), "--format", "json");
    assertThat(run.exitCode()).isEqualTo(Forkscope.OK);
    assertThat(MAPPER.readTree(run.out()).at("/summary/files").asInt()).isEqualTo(1);
  }

  /**
   * Two 5 MB generated files: a table without task code is read, counted and skipped by the text
   * pre-filter; one with task code is too large to analyse and is listed in the summary's errors.
   * Neither stops the run or slows it down.
   */
  @Test
  void fiveMegabyteGeneratedFilesAreCountedNotParsed() throws IOException {
    write("Table.java", generatedTable("Table", ""));
    write(
        "TaskTable.java",
        generatedTable(
            "TaskTable",
            " extends java.util.concurrent.RecursiveAction"
                + " { protected void compute() { } }\nfinal class TaskTableData"));
    write("SortTask.java", COPYING_TASK);

    JsonNode root = json(CliRun.of("lint", dir.toString(), "--format", "json"), Forkscope.FINDINGS);
    assertThat(root.at("/summary/files").asInt()).isEqualTo(3);
    assertThat(root.at("/summary/lines").asLong()).isGreaterThan(200_000);
    assertThat(root.at("/summary/skipped").asInt()).isEqualTo(1);
    assertThat(root.at("/summary/errors/0/file").asText()).endsWith("TaskTable.java");
    assertThat(root.at("/summary/errors/0/message").asText()).contains("too large");
    assertThat(root.at("/findings/0/rule").asText()).isEqualTo("copy-on-fork");
  }

  private static String generatedTable(String name, String header) {
    StringBuilder table =
        new StringBuilder("package demo;\nfinal class ")
            .append(name)
            .append(header)
            .append(" {\n  static final long[] VALUES = {\n");
    for (long i = 0; table.length() < 5 * 1024 * 1024; i++) {
      table.append("    ").append(i * 0x9E3779B97F4A7C15L).append("L, ").append(i).append("L,\n");
    }
    return table.append("  };\n}\n").toString();
  }

  private Path write(String name, String text) throws IOException {
    Path file = dir.resolve(name);
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text);
  }

  private static JsonNode json(CliRun run, int expectedExit) throws IOException {
    assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(expectedExit);
    return MAPPER.readTree(run.out());
  }

  private static void assertOneLineError(CliRun run, String text) {
    assertThat(run.err())
        .startsWith("forkscope: ")
        .contains(text)
        .doesNotContain("\tat ", "Exception");
    assertThat(run.err().strip().lines()).hasSize(1);
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  /**
   * Validates against the OASIS SARIF 2.1.0 schema kept with the writers' tests in the lint module.
   */
  static java.util.Set<com.networknt.schema.ValidationMessage> schemaErrors(String sarif)
      throws IOException {
    Path schemaFile =
        Path.of(System.getProperty("basedir", "."))
            .resolve("../lint/src/test/resources/sarif/sarif-schema-2.1.0.json");
    try (InputStream in = Files.newInputStream(schemaFile)) {
      JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
      return schema.validate(MAPPER.readTree(sarif));
    }
  }
}
