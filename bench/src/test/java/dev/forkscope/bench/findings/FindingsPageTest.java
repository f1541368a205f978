package dev.forkscope.bench.findings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The findings page from results of known shape: the right figure in the right cell, verdicts. */
class FindingsPageTest {
  @TempDir Path data;

  private void write(int jdk, String suite, String results, String summary) throws Exception {
    Path dir = Seeds.jdkDir(data, jdk);
    Files.createDirectories(dir);
    Files.writeString(
        dir.resolve(suite + ".json"),
        "{\"suite\":\""
            + suite
            + "\",\"jdk\":\""
            + jdk
            + ".0.1\",\"cpus\":2,\"loadAverage\":1.5,\"results\":["
            + results
            + "]"
            + summary
            + "}");
    Files.writeString(dir.resolve(suite + ".svg"), "<svg/>");
  }

  private static String row(String benchmark, String variant, int threads, String more) {
    return "{\"benchmark\":\""
        + benchmark
        + "\",\"variant\":\""
        + variant
        + "\",\"threads\":"
        + threads
        + ","
        + more
        + "}";
  }

  /** The table row that starts with {@code first}, as its cells. */
  private static List<String> line(String page, String first) {
    return Arrays.stream(page.split("\n"))
        .filter(l -> l.startsWith("| " + first + " |"))
        .findFirst()
        .map(l -> Arrays.stream(l.substring(2, l.length() - 2).split(" \\| ")).toList())
        .orElseThrow(() -> new AssertionError("no row " + first + " in\n" + page));
  }

  @Test
  void zooSpeedupsLandInTheirJdkColumnsWithVerdicts() throws Exception {
    String zoo =
        String.join(
            ",",
            row(
                "copy-on-fork",
                "before",
                2,
                "\"allocatedBytes\":80000000,\"gcCount\":5,\"gcMs\":132"),
            row("copy-on-fork", "after", 1, "\"speedup\":1.2"),
            row(
                "copy-on-fork",
                "after",
                2,
                "\"speedup\":1.5,\"allocatedBytes\":40000000,\"gcCount\":2,\"gcMs\":66"),
            row("intra-task-sync", "after", 1, "\"speedup\":1.01"),
            row("intra-task-sync", "after", 2, "\"speedup\":0.99"),
            row("sleepy-worker", "after", 2, "\"speedup\":0.5"));
    write(17, "zoo", zoo, "");
    write(25, "zoo", row("copy-on-fork", "after", 2, "\"speedup\":1.3"), "");

    String page = Seeds.page(data, "findings");

    List<String> copy = line(page, "2 Copy on fork");
    assertThat(copy.subList(2, 7)).containsExactly("1.20x", "1.50x", "–", "1.30x", "holds");
    assertThat(copy.get(7)).startsWith("allocated 80 → 40 MB, GC 5 → 2 (132 → 66 ms)");
    assertThat(line(page, "5 Intra-task synchronization").get(6)).isEqualTo("no effect here");
    assertThat(line(page, "6 Sleepy workers").get(6)).isEqualTo("reversed");
    assertThat(line(page, "3 Copy on join").get(6)).isEqualTo("not measured");
    assertThat(page)
        .contains(
            "- JDK 17: JDK 17.0.1, 2 CPUs, load average 1.5–1.5 as the suites ended",
            "[JDK 25](findings/jdk25/zoo.svg)");
  }

  @Test
  void actorsCompareForkFirstWithTheSharedQueueInThePapersDirection() throws Exception {
    String actors =
        String.join(
            ",",
            row(
                "mediator",
                "pekko-forkscope/fork-first",
                2,
                "\"wallMsMedian\":100,\"speedupOverDefault\":1.4"),
            row("mediator", "pekko-forkscope/shared-queue", 2, "\"wallMsMedian\":500"),
            row("single-producer", "pekko-forkscope/fork-first", 2, "\"wallMsMedian\":100"),
            row("single-producer", "pekko-forkscope/shared-queue", 2, "\"wallMsMedian\":200"));
    write(17, "actors", actors, "");

    String page = Seeds.page(data, "findings");

    assertThat(line(page, "mediator"))
        .containsExactly("mediator", "6.63x", "5.00x", "1.40x", "–", "–", "holds");
    // the paper's fork-first was slower here (0.78x); ours is faster: the other direction
    assertThat(line(page, "single-producer").get(6)).isEqualTo("reversed");
  }

  @Test
  void theProfilerIsHeldToTgpsFigures() throws Exception {
    write(
        17,
        "profile",
        row("WellTuned", "agent+layers", 2, "\"wallRatio\":1.2"),
        ",\"wallGeomean\":1.04,\"fineGrainedGeomean\":3.0,\"cpuGeomean\":1.5");

    String page = Seeds.page(data, "findings");

    assertThat(line(page, "wall, geometric mean (programs not fine-grained)").subList(2, 5))
        .containsExactly("1.04x", "–", "holds");
    assertThat(line(page, "wall, worst program").subList(2, 5))
        .containsExactly("1.20x", "–", "holds");
    assertThat(line(page, "perturbation: CPU, geometric mean").get(4)).isEqualTo("worse here");
  }

  @Test
  void spinningIsJudgedOnCpuAndWallAgainstPark() throws Exception {
    String idle =
        String.join(
            ",",
            row("sort(32KB)", "forkscope/PARK", 2, "\"wallMsMedian\":100,\"cpuMsMedian\":100"),
            row(
                "sort(32KB)",
                "forkscope/SPIN_THEN_PARK",
                2,
                "\"wallMsMedian\":99,\"cpuMsMedian\":300"),
            row("sort(32KB)", "forkjoinpool", 2, "\"wallMsMedian\":100,\"cpuMsMedian\":150"),
            row("jacobi(128x100)", "forkscope/PARK", 2, "\"wallMsMedian\":100,\"cpuMsMedian\":100"),
            row(
                "jacobi(128x100)",
                "forkscope/SPIN_THEN_PARK",
                2,
                "\"wallMsMedian\":50,\"cpuMsMedian\":120"));
    write(17, "idle", idle, "");

    String page = Seeds.page(data, "findings");

    assertThat(line(page, "sort(32KB)").subList(2, 6))
        .containsExactly("3.00x", "0.99x", "1.50x", "–");
    assertThat(line(page, "sort(32KB)").get(8)).isEqualTo("holds");
    String spinning = page.substring(page.indexOf("## JDK-8080623"));
    assertThat(line(spinning, "jacobi").get(8)).isEqualTo("spinning pays");
  }

  @Test
  void leasKernelsHoldWhenNearLinearAndASpeedupAboveTheWorkerCountIsNoise() throws Exception {
    String runtime =
        String.join(
            ",",
            row(
                "fib(26,t=2)",
                "forkscope/PARK",
                2,
                "\"speedup\":1.8,\"counters\":{\"tasks\":1000,\"steals\":20}"),
            row("fib(26,t=2)", "forkjoinpool", 2, "\"speedup\":1.5"),
            row("lu(256)", "forkscope/PARK", 2, "\"speedup\":3.0"));
    write(17, "runtime", runtime, "");
    write(25, "runtime", row("fib(26,t=2)", "forkscope/PARK", 2, "\"speedup\":1.7"), "");

    String page = Seeds.page(data, "findings");

    assertThat(line(page, "fib"))
        .containsExactly(
            "fib",
            "speedup plotted (Fig. 4); 2.8 M tasks/s at 30 threads (§4.1)",
            "1.80 (0.90)",
            "1.50 (0.75)",
            "2.0 %",
            "1.70 (0.85)",
            "–",
            "–",
            "holds");
    assertThat(line(page, "lu").get(8)).isEqualTo("noise: a speedup above p");
  }

  @Test
  void withNoResultsEveryTableSaysNotMeasured() throws Exception {
    String page = Seeds.page(data, "findings");

    assertThat(page)
        .contains("- JDK 17: not measured yet", "- JDK 25: not measured yet", "charts: none.");
    assertThat(line(page, "fib").get(8)).isEqualTo("not measured");
  }
}
