package dev.forkscope.bench.suites;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.forkscope.bench.Measurement;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class PoolReportTest {

  private static Measurement row(
      String benchmark, String variant, int threads, double wall, double cpu) {
    return Measurement.measured(
        benchmark, variant, threads, wall, cpu, 1000, Map.of("steals", 3L), null, Map.of());
  }

  private static PoolReport report(List<Measurement> rows) {
    return new PoolReport("runtime", true, false, rows, r -> RuntimeSuite.targets(r, 2));
  }

  private static List<Measurement> sample() {
    Map<String, Object> idle = new HashMap<>();
    idle.put("allParkedMs", null);
    idle.put("idleCpuPctOfCore", 0.2);
    return List.of(
        row("fib(30,t=2)", "forkjoinpool", 1, 100, 100),
        row("fib(30,t=2)", "forkjoinpool", 2, 50, 110),
        row("fib(30,t=2)", "forkscope/PARK", 1, 120, 120),
        row("fib(30,t=2)", "forkscope/PARK", 2, 60, 99),
        row("lu(64)", "forkjoinpool", 2, 10, 20),
        row("lu(64)", "forkscope/PARK", 2, 10.4, 21),
        Measurement.measured("idle", "forkscope/PARK", 2, 1000, 2, 0, Map.of(), null, idle));
  }

  @Test
  void speedupIsAgainstOneThreadOfTheSameVariantAndRatiosAgainstForkJoinPool() {
    PoolReport report = report(sample());
    Measurement park2 = report.results().get(3);
    assertThat(park2.speedup()).isCloseTo(2.0, within(1e-12));
    assertThat(park2.ratioToFjp()).isCloseTo(1.2, within(1e-12));
    assertThat(park2.cpuRatioToFjp()).isCloseTo(0.9, within(1e-12));
    assertThat(park2.cpuUtil()).isCloseTo(99.0 / 120, within(1e-12));
    Measurement fjp2 = report.results().get(1);
    assertThat(fjp2.ratioToFjp()).isNull();
    assertThat(report.results().get(5).speedup()).isNull();
  }

  @Test
  void everyParkKernelHasAWallAndACpuTargetAtEveryThreadCount() {
    Map<String, Target> byId = new HashMap<>();
    report(sample()).targets().forEach(t -> byId.put(t.id(), t));
    assertThat(byId.get("fib(30,t=2) p=1 wall").passed()).isFalse(); // 1.2x > 1.10x
    assertThat(byId.get("fib(30,t=2) p=2 cpu").passed()).isTrue(); // 0.9x
    assertThat(byId.get("lu(64) p=2 wall").passed()).isTrue(); // 1.04x <= 1.05x
    assertThat(byId.get("lu(64) p=2 cpu").passed()).isTrue(); // 1.05x is the limit
    assertThat(byId.get("idle-parked").passed()).isFalse(); // never parked
    assertThat(byId.get("idle-cpu").passed()).isTrue();
    assertThat(byId.get("starvation").passed()).isNull();
    assertThat(report(sample()).failedTargets())
        .extracting(Target::id)
        .containsExactly(
            "fib(30,t=2) p=1 wall", "fib(30,t=2) p=1 cpu", "fib(30,t=2) p=2 wall", "idle-parked");
  }

  @Test
  void aSpareThreadInAForkscopePoolMissesTheNoSparesTarget() {
    List<Measurement> rows =
        List.of(
            Measurement.measured(
                "lu(64)",
                "forkjoinpool",
                2,
                10,
                20,
                1,
                Map.of("threadsCreated", 3L),
                null,
                Map.of()),
            Measurement.measured(
                "lu(64)",
                "forkscope/PARK",
                2,
                10,
                20,
                1,
                Map.of("threadsCreated", 2L),
                null,
                Map.of()));
    Target ok =
        report(rows).targets().stream()
            .filter(t -> t.id().equals("no-spares"))
            .findFirst()
            .orElseThrow();
    assertThat(ok.passed()).isTrue();
    assertThat(ok.measured()).isEqualTo("max +0 threads (ForkJoinPool: +1)");
    List<Measurement> spare =
        List.of(
            Measurement.measured(
                "lu(64)",
                "forkscope/PARK",
                2,
                10,
                20,
                1,
                Map.of("threadsCreated", 3L),
                null,
                Map.of()));
    assertThat(report(spare).failedTargets()).extracting(Target::id).contains("no-spares");
  }

  @Test
  void jsonHasTheContractedShapeAndNoNonFiniteNumbers() throws Exception {
    JsonNode root = new ObjectMapper().readTree(report(sample()).outcome().json());
    assertThat(root.get("suite").asText()).isEqualTo("runtime");
    assertThat(root.get("jdk").asText()).contains(String.valueOf(Runtime.version().feature()));
    assertThat(root.get("cpus").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
    JsonNode first = root.get("results").get(0);
    for (String field :
        List.of(
            "benchmark",
            "variant",
            "threads",
            "wallMsMedian",
            "cpuMsMedian",
            "ops",
            "speedup",
            "cpuUtil",
            "ratioToFjp",
            "cpuRatioToFjp",
            "counters",
            "energy")) {
      assertThat(first.has(field)).as(field).isTrue();
    }
    assertThat(first.get("energy").asText()).isEqualTo("n/a");
    assertThat(first.get("counters").get("steals").asLong()).isEqualTo(3);
    JsonNode idle = root.get("results").get(6);
    assertThat(idle.get("allParkedMs").isNull()).isTrue();
    assertThat(idle.get("idleCpuPctOfCore").asDouble()).isEqualTo(0.2);
    assertThat(root.get("targets").get(0).get("verdict").asText()).isIn("pass", "FAIL", "n/a");
  }

  @Test
  void chartIsWellFormedSvgWithOneBarPerPlottedValue() throws Exception {
    String svg = report(sample()).svg();
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    Document doc =
        factory
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
    assertThat(svg)
        .doesNotContain("href", "<script", "@import")
        .contains("fib(30,t=2)", "forkscope/PARK");
    // speedup: 2 fib bars (lu has no 1-thread row); cpu vs FJP: 2 fib + 2 lu; plus the background
    // and one legend square per variant
    int rects = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "rect").getLength();
    assertThat(rects).isEqualTo(1 + 2 + 4 + 2);
  }

  @Test
  void tableShowsRatiosAndVerdicts() {
    String table = report(sample()).table();
    assertThat(table).contains("fib(30,t=2)", "1.20", "0.90", "[FAIL] idle-parked", "energy: n/a");
  }
}
