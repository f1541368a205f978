package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bench module's suites through the command line: options, JSON summary, default chart path.
 */
class PoolBenchSuiteTest {
  @TempDir Path dir;

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
}
