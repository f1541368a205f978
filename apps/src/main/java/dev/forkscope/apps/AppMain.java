package dev.forkscope.apps;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The child-JVM entry point of {@code forkscope bench apps}: {@code AppMain APP OUT WORK
 * [KEY=VALUE]...} sets up application APP in directory WORK, runs untimed warm-up iterations, then
 * timed ones, and writes to OUT:
 *
 * <pre>
 * time WALL_NS CPU_NS
 * iterations WARMUPS TIMED
 * check NAME TASK_CLASS EXECUTIONS
 * </pre>
 *
 * The time is one timed iteration's wall time and process CPU time (all threads: the application's,
 * the JIT's, the GC's and a profiler's), the mean of the timed iterations; setting up the input and
 * the warm-ups are left out. The checks count every iteration, warm-ups included, because a profile
 * sees them all. Settings: {@code threads}, {@code variant=original|optimized}, {@code warmups}
 * (default 1), {@code iterations} (the fewest timed ones, default 1) and {@code measureMs} (timed
 * iterations go on until they add up to this much wall time, default 0); each application reads its
 * own sizes. Bad arguments exit with status 2 and one line.
 */
public final class AppMain {

  private static final Map<String, Supplier<Workload>> APPS = new LinkedHashMap<>();

  static {
    APPS.put("pmd", PmdWorkload::new);
    APPS.put("lucene", LuceneWorkload::new);
    APPS.put("h2", H2Workload::new);
    APPS.put("pekko", PekkoWorkload::new);
    APPS.put("spark", SparkWorkload::new);
  }

  private AppMain() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 3 || !APPS.containsKey(args[0])) {
      System.err.println(
          "usage: AppMain " + String.join("|", APPS.keySet()) + " OUT WORK [K=V]...");
      System.exit(2);
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 3; i < args.length; i++) {
      int eq = args[i].indexOf('=');
      if (eq <= 0) {
        System.err.println("AppMain: expected KEY=VALUE, got '" + args[i] + "'");
        System.exit(2);
      }
      values.put(args[i].substring(0, eq), args[i].substring(eq + 1));
    }
    Workload.Settings settings = new Workload.Settings(values);
    int warmups;
    int iterations;
    long measureNs;
    try {
      warmups = settings.intValue("warmups", 1);
      iterations = settings.intValue("iterations", 1);
      measureNs = settings.intValue("measureMs", 0) * 1_000_000L;
    } catch (IllegalArgumentException e) {
      System.err.println("AppMain: " + e.getMessage());
      System.exit(2);
      return;
    }
    List<String> lines = new ArrayList<>();
    try (Workload workload = APPS.get(args[0]).get()) {
      workload.setUp(Path.of(args[2]), settings);
      for (int i = 0; i < warmups; i++) {
        workload.run();
      }
      long cpu0 = processCpuNs();
      long t0 = System.nanoTime();
      int timed = 0;
      while (timed < iterations || System.nanoTime() - t0 < measureNs) {
        workload.run();
        timed++;
      }
      long wall = System.nanoTime() - t0;
      lines.add("time " + wall / timed + " " + (processCpuNs() - cpu0) / timed);
      lines.add("iterations " + warmups + " " + timed);
      for (Workload.ExactCheck c : workload.checks()) {
        lines.add(
            "check " + c.name().replace(' ', '_') + " " + c.taskClass() + " " + c.executions());
      }
    }
    write(Path.of(args[1]), lines);
    // applications leave pools running that never shut down (as DaCapo's harness, exit anyway)
    System.exit(0);
  }

  private static long processCpuNs() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
  }

  private static void write(Path out, List<String> lines) throws IOException {
    Files.write(out, lines, StandardCharsets.UTF_8);
  }
}
