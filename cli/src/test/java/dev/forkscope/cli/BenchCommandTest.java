package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.forkscope.examples.ZooSources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchCommandTest {
  @TempDir Path dir;

  @Test
  void unknownSuiteIsTheUsersMistake() {
    CliRun run = CliRun.of("bench", "nosuch");
    assertThat(run.exitCode()).isEqualTo(Forkscope.USAGE);
    assertThat(run.err()).startsWith("forkscope: unknown suite 'nosuch'; known suites: lint");
  }

  @Test
  void seedsRewritesThePageFromTheResultsThereOrSaysThereAreNone() throws Exception {
    Path data = dir.resolve("findings");
    Path page = dir.resolve("findings.md");
    CliRun none =
        CliRun.of(
            "bench", "seeds", "--page-only", "--data", data.toString(), "--page", page.toString());
    assertThat(none.exitCode()).isEqualTo(Forkscope.USAGE);
    assertThat(none.err()).contains("no results in", "run forkscope bench seeds first");

    Files.createDirectories(data.resolve("jdk17"));
    Files.writeString(
        data.resolve("jdk17/zoo.json"),
        "{\"jdk\":\"17.0.1\",\"cpus\":2,\"results\":[{\"benchmark\":\"sleepy-worker\","
            + "\"variant\":\"after\",\"threads\":2,\"speedup\":8.0}]}");
    Files.writeString(data.resolve("jdk17/zoo.svg"), "<svg/>");
    CliRun run =
        CliRun.of(
            "bench", "seeds", "--page-only", "--data", data.toString(), "--page", page.toString());
    assertThat(run.exitCode()).isZero();
    assertThat(Files.readString(page))
        .contains("| 6 Sleepy workers |", "8.00x", "](findings/jdk17/zoo.svg)");
  }

  @Test
  void missingInputIsTheUsersMistake() {
    CliRun run = CliRun.of("bench", "lint", "--input", dir.resolve("missing").toString());
    assertThat(run.exitCode()).isEqualTo(Forkscope.USAGE);
    assertThat(run.err().strip().lines()).hasSize(1);
  }

  @Test
  void lintSuiteMeasuresAChildJvmAndWritesTheJsonContract() throws IOException {
    Path sources = Files.createDirectories(dir.resolve("zoo"));
    ZooSources.extractTo(sources);
    Path json = dir.resolve("bench.json");

    CliRun run =
        CliRun.of(
            "bench",
            "lint",
            "--input",
            sources.toString(),
            "--repeat",
            "1",
            "--threads",
            "1",
            "--json",
            json.toString());

    assertThat(run.exitCode()).as(run.err()).isEqualTo(Forkscope.OK);
    assertThat(run.out()).contains("benchmark", "linesPerSecond", "lint zoo");
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    assertThat(root.get("suite").asText()).isEqualTo("lint");
    assertThat(root.get("jdk").asText()).isNotBlank();
    assertThat(root.get("cpus").asInt()).isPositive();
    JsonNode result = root.at("/results/0");
    for (String field :
        List.of(
            "benchmark",
            "variant",
            "threads",
            "wallMsMedian",
            "cpuMsMedian",
            "ops",
            "files",
            "linesPerSecond",
            "floorMsMedian",
            "linesPerSecondAboveFloor",
            "heapPeakMbMedian")) {
      assertThat(result.has(field)).as(field).isTrue();
    }
    // the tests' class path holds directories, which the JVM does not archive
    assertThat(root.get("results"))
        .extracting(r -> r.get("variant").asText())
        .containsExactly("forkscope-lint -Xmx1g, no archive");
    assertThat(result.get("threads").asInt()).isEqualTo(1);
    assertThat(result.get("files").asInt()).isEqualTo(26);
    assertThat(result.get("ops").asLong()).isEqualTo(result.get("lines").asLong()).isPositive();
    assertThat(result.get("wallMsMedian").asDouble()).isPositive();
  }

  @Test
  void idleSuiteWritesJsonWithItsSummaryAndAChartNextToIt() throws Exception {
    Path json = dir.resolve("idle.json");

    CliRun run =
        CliRun.of(
            "bench",
            "idle",
            "--quick",
            "--repeat",
            "1",
            "--threads",
            "2",
            "--json",
            json.toString());

    assertThat(run.exitCode()).as(run.err()).isEqualTo(Forkscope.OK);
    assertThat(run.out())
        .contains("wall/FJP", "sleepy-submitters(s=1)", "forkjoinpool/Arrays.parallelSort");
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    assertThat(root.get("suite").asText()).isEqualTo("idle");
    assertThat(root.get("quick").asBoolean()).isTrue();
    assertThat(root.get("energySource").asText()).isIn("n/a", "rapl");
    assertThat(root.get("targets").isArray()).isTrue();
    JsonNode first = root.at("/results/0");
    for (String field :
        new String[] {
          "benchmark",
          "variant",
          "threads",
          "wallMsMedian",
          "cpuMsMedian",
          "ops",
          "cpuUtil",
          "ratioToFjp",
          "cpuRatioToFjp",
          "counters",
          "energy",
          "throughputOpsPerSec"
        }) {
      assertThat(first.has(field)).as(field).isTrue();
    }
    assertThat(first.get("threads").asInt()).isEqualTo(2);
    assertThat(Files.readString(dir.resolve("idle.svg")))
        .startsWith("<svg")
        .contains("forkscope/PARK");
  }

  @Test
  void nonPositiveThreadsAreTheUsersMistake() {
    CliRun run = CliRun.of("bench", "runtime", "--threads", "0");
    assertThat(run.exitCode()).isEqualTo(Forkscope.USAGE);
    assertThat(run.err().strip().lines()).hasSize(1);
  }

  @Test
  void unknownAppIsTheUsersMistakeAndNothingIsBuilt() {
    CliRun run = CliRun.of("bench", "apps", "--app", "nosuch");
    assertThat(run.exitCode()).isEqualTo(Forkscope.USAGE);
    assertThat(run.err().strip())
        .isEqualTo("forkscope: unknown app 'nosuch'; known apps: pmd, lucene, h2, pekko, spark");
  }

  @Test
  void appIsForSuiteAppsOnly() {
    CliRun run = CliRun.of("bench", "lint", "--app", "pmd");
    assertThat(run.exitCode()).isEqualTo(Forkscope.USAGE);
    assertThat(run.err().strip()).isEqualTo("forkscope: --app is for suite apps only");
  }

  @Test
  void steadyIsForSuiteProfileOnly() {
    CliRun run = CliRun.of("bench", "runtime", "--steady");
    assertThat(run.exitCode()).isEqualTo(Forkscope.USAGE);
    assertThat(run.err().strip()).isEqualTo("forkscope: --steady is for suite profile only");
  }
}
