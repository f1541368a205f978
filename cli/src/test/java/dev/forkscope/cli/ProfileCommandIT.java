package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end: the packaged forkscope.jar profiles the zoo's granularity programs in a child JVM,
 * with the agent it carries, and must reach the verdict each program was written to show.
 */
class ProfileCommandIT {

  private static final Path CLI_JAR = Path.of(System.getProperty("forkscope.cliJar"));
  private static final String GRANULARITY = "dev.forkscope.examples.granularity.";

  @TempDir Path tmp;

  private record Run(int exit, String output, JsonNode summary, List<String> csv) {}

  private Run profile(String program, String size, String... options) throws Exception {
    Path out = tmp.resolve(program);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> argv =
        new ArrayList<>(
            List.of(java, "-jar", CLI_JAR.toString(), "profile", "--out", out.toString()));
    argv.addAll(List.of(options));
    argv.addAll(List.of("--", java, "-cp", CLI_JAR.toString(), GRANULARITY + program, size));
    Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int exit = p.waitFor();
    JsonNode summary =
        Files.exists(out.resolve("summary.json"))
            ? new ObjectMapper().readTree(out.resolve("summary.json").toFile())
            : null;
    List<String> csv =
        Files.exists(out.resolve("tasks.csv"))
            ? Files.readAllLines(out.resolve("tasks.csv"))
            : List.of();
    return new Run(exit, output, summary, csv);
  }

  private static JsonNode taskClass(JsonNode summary, String name) {
    for (JsonNode c : summary.get("taskClasses")) {
      if (c.get("class").asText().equals(name)) {
        return c;
      }
    }
    throw new AssertionError("no task class " + name + " in " + summary);
  }

  @Test
  void tooFineIsFine() throws Exception {
    // Large enough that most tasks run compiled: at 16,384 they all run while the JIT warms up, at
    // about
    // 1.4 µs each, which is no longer fine next to the recorder's cost measured (compiled) at exit.
    Run run = profile("TooFine", "262144");

    assertThat(run.exit()).as(run.output()).isZero();
    assertThat(run.output()).contains("TooFine size=262144").contains("fine");
    JsonNode sum = taskClass(run.summary(), GRANULARITY + "TooFine$SumTask");
    assertThat(sum.get("verdict").asText()).as(sum.toString()).isEqualTo("fine");
    assertThat(sum.get("executions").asLong()).isEqualTo(262_144);
    // sampled: a row per recorded execution, the count exact all the same
    assertThat(sum.get("sampled").asBoolean()).as(sum.toString()).isTrue();
    assertThat(sum.get("executionsExact").asBoolean()).isTrue();
    assertThat(run.csv().get(0)).startsWith("ID,Class,Outer Task ID,Execution N.");
    assertThat(run.csv().size() - 1)
        .isGreaterThanOrEqualTo(sum.get("sampleSize").asInt())
        .isLessThan(262_144 / 2);
    Path report = tmp.resolve("TooFine").resolve("report.html");
    assertThat(Files.size(report)).isLessThan(5_000_000);
    assertThat(Files.readString(report)).contains("TooFine$SumTask");
  }

  @Test
  void wellTunedIsOk() throws Exception {
    Run run = profile("WellTuned", "1048576");

    assertThat(run.exit()).as(run.output()).isZero();
    JsonNode sum = taskClass(run.summary(), GRANULARITY + "WellTuned$SumTask");
    assertThat(sum.get("verdict").asText()).as(sum.toString()).isEqualTo("ok");

    // the same trace as two JVMs' of a Maven build (perjvm=true): each reported, then merged
    Path jvms = tmp.resolve("jvms");
    for (String jvm : List.of("jvm-1", "jvm-2")) {
      Files.createDirectories(jvms.resolve(jvm));
      for (String file : List.of("trace.bin", "meta.json")) {
        Files.copy(tmp.resolve("WellTuned").resolve(file), jvms.resolve(jvm).resolve(file));
      }
    }
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                CLI_JAR.toString(),
                "report",
                jvms.toString())
            .redirectErrorStream(true)
            .start();
    String report = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(report).isZero();
    assertThat(report)
        .contains("JVM 1 of 2, " + jvms.resolve("jvm-1"), "JVM 2 of 2, " + jvms.resolve("jvm-2"))
        .contains("forkscope: 2 JVMs merged: ")
        .containsPattern("WellTuned\\$SumTask\\s+2\\s");
    assertThat(jvms.resolve("jvm-2/summary.json")).isRegularFile();
  }

  @Test
  void tooCoarseIsCoarseWithCpuTime() throws Exception {
    // Large enough that the 1/16 part, which runs first and interpreted until the JIT compiles the
    // summing loop, stays small next to the 15/16 part: at 1,048,576 on JDK 25 it takes 60 % as
    // long,
    // both CPUs are ~75 % busy and the run is not coarse at all.
    Run run = profile("TooCoarse", "8388608", "--cpu", "all");

    assertThat(run.exit()).as(run.output()).isZero();
    JsonNode part = taskClass(run.summary(), GRANULARITY + "TooCoarse$PartTask");
    assertThat(part.get("verdict").asText()).as(run.summary().toString()).isEqualTo("coarse");
  }

  @Test
  void programExitCodePassesThrough() throws Exception {
    Run run = profile("TooFine", "-3");

    assertThat(run.exit()).as(run.output()).isEqualTo(2);
    assertThat(run.output()).contains("size must be a positive integer");
  }
}
