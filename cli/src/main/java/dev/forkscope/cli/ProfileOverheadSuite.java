package dev.forkscope.cli;

import dev.forkscope.examples.Exhibit;
import dev.forkscope.examples.Zoo;
import dev.forkscope.profile.overhead.OverheadBenchmark;
import dev.forkscope.profile.overhead.TinyTasks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The {@code profile} suite: the profiler's own cost. Every zoo program and a fine-grained workload
 * of 262,144 tiny tasks run as child JVMs with the agent off and on, alternating; see {@link
 * OverheadBenchmark}. A check fails when a target of the issue is missed (geomean wall &lt;= 1.05x,
 * fine-grained &lt;= 1.30x, CPU &lt;= 1.03x); on a shared machine, read the figures as noisy.
 */
final class ProfileOverheadSuite implements BenchSuite {

  @Override
  public String name() {
    return "profile";
  }

  @Override
  public String description() {
    return "the profiler's overhead: zoo programs and 262,144 tiny tasks, agent off vs on";
  }

  @Override
  public Outcome run(Context context) throws Exception {
    Path scratch = Files.createTempDirectory("forkscope-overhead");
    OverheadBenchmark.Settings settings =
        new OverheadBenchmark.Settings(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            System.getProperty("java.class.path"),
            AgentJar.locate(),
            "cpu=off,contexts=false",
            context.repeat(),
            scratch);
    OverheadBenchmark.Result result;
    try {
      result =
          OverheadBenchmark.run(
              programs(), settings, line -> context.terminal().status(line, true));
    } finally {
      deleteTree(scratch);
    }
    context.terminal().clear();

    int cpus = Runtime.getRuntime().availableProcessors();
    List<Result> rows = new ArrayList<>();
    for (OverheadBenchmark.Measurement m : result.measurements()) {
      String name = m.program().name();
      rows.add(
          new Result(
              name,
              "agent-off",
              cpus,
              m.wallOffNs() / 1e6,
              m.cpuOffNs() / 1e6,
              1,
              Map.of("processWallMsMedian", m.processOffNs() / 1e6)));
      Map<String, Object> ratios = new LinkedHashMap<>();
      ratios.put("wallRatio", m.wallRatio());
      ratios.put("cpuRatio", m.cpuRatio());
      ratios.put("processWallMsMedian", m.processOnNs() / 1e6);
      ratios.put("fineGrained", m.fineGrained());
      rows.add(
          new Result(name, "agent-on", cpus, m.wallOnNs() / 1e6, m.cpuOnNs() / 1e6, 1, ratios));
    }
    List<String> failed = new ArrayList<>();
    check(failed, "wall geomean", result.wallGeomean(), OverheadBenchmark.TARGET_GEOMEAN);
    check(failed, "fine-grained wall", result.fineRatio(), OverheadBenchmark.TARGET_FINE);
    check(failed, "CPU geomean", result.cpuGeomean(), OverheadBenchmark.TARGET_CPU);
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("wallGeomean", result.wallGeomean());
    summary.put("fineGrainedGeomean", result.fineRatio());
    summary.put("cpuGeomean", result.cpuGeomean());
    summary.put(
        "targets",
        Map.of(
            "wallGeomean",
            OverheadBenchmark.TARGET_GEOMEAN,
            "fineGrainedGeomean",
            OverheadBenchmark.TARGET_FINE,
            "cpuGeomean",
            OverheadBenchmark.TARGET_CPU));
    return new Outcome(rows, failed, summary, OverheadBenchmark.render(result, settings));
  }

  /** The zoo's programs, each once, and the tiny-task workload. */
  static List<OverheadBenchmark.Program> programs() {
    Set<Class<?>> classes = new LinkedHashSet<>();
    for (Exhibit e : Zoo.exhibits()) {
      classes.add(e.before());
      classes.add(e.after());
    }
    List<OverheadBenchmark.Program> programs = new ArrayList<>();
    for (Class<?> c : classes) {
      programs.add(new OverheadBenchmark.Program(c.getSimpleName(), c.getName(), List.of()));
    }
    programs.add(new OverheadBenchmark.Program("TinyTasks", TinyTasks.class.getName(), List.of()));
    return programs;
  }

  private static void check(List<String> failed, String what, double ratio, double target) {
    if (!(ratio <= target)) {
      failed.add(String.format(Locale.ROOT, "%s %.3fx > target %.2fx", what, ratio, target));
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
