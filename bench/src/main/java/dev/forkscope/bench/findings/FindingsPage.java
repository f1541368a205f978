package dev.forkscope.bench.findings;

import static dev.forkscope.bench.findings.Seeds.GAIN;
import static dev.forkscope.bench.findings.Seeds.x;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The markdown of {@code docs/findings.md}, from the suites' JSON per JDK ({@link Seeds}). The
 * seeds' figures are quoted from the papers (section, figure or table named beside each); ours are
 * read from the JSON and nothing else. Verdicts follow the rule the page states at its top.
 */
final class FindingsPage {
  private final Map<Integer, Map<String, JsonNode>> results;
  private final Set<String> charts;
  private final String link;
  private final StringBuilder md = new StringBuilder();

  /**
   * @param results the suites' JSON by JDK feature number and suite name
   * @param charts the charts that exist, as {@code jdkN/<suite>.svg}
   * @param link the data directory as seen from the page
   */
  FindingsPage(Map<Integer, Map<String, JsonNode>> results, Set<String> charts, String link) {
    this.results = results;
    this.charts = charts;
    this.link = link;
  }

  String render() {
    md.append("# The seeds on today's JDKs\n\n")
        .append(
            "What of the four seed documents still holds on JDK 17 and JDK 25, measured by"
                + " forkscope's benchmarks. Every measured figure below is read from the JSON in"
                + " [`")
        .append(link)
        .append("`](")
        .append(link)
        .append(
            ") (one directory per JDK), which `forkscope bench seeds` writes when run on that JDK;"
                + " the same command rewrites this page from whatever JSON is there. The suite"
                + " behind each table is named in its heading, with its chart.\n\n");
    for (int jdk : Seeds.JDKS) {
      JsonNode any = results.getOrDefault(jdk, Map.of()).values().stream().findFirst().orElse(null);
      md.append("- JDK ")
          .append(jdk)
          .append(": ")
          .append(
              any == null
                  ? "not measured yet (run `forkscope bench seeds` on it)"
                  : "JDK "
                      + any.path("jdk").asText()
                      + ", "
                      + any.path("cpus").asInt()
                      + " CPUs"
                      + (any.path("quick").asBoolean(false) ? ", quick sizes" : "")
                      + load(jdk))
          .append('\n');
    }
    md.append(
        String.format(
            Locale.ROOT,
            "%nA verdict compares the direction of the published effect with ours: **holds** (the"
                + " same direction, at least %d %% either way), **no effect here** (ours within"
                + " %d %%), **reversed** (the other direction), **mixed** (the JDKs or thread"
                + " counts disagree). The seeds ran on 8 to 32 cores; these machines have 2, so an"
                + " effect that needs many workers cannot show, and the verdicts say what two"
                + " CPUs show. Shared virtual machines are noisy: the JSON of each suite has its"
                + " medians, the suites' own pages their spread.%n%n",
            Math.round((GAIN - 1) * 100),
            Math.round((GAIN - 1) * 100)));
    bottlenecks();
    actors();
    runtime();
    profiler();
    spinning();
    return md.toString();
  }

  /** The machine's load average as the suites of one JDK ended, where they recorded it. */
  private String load(int jdk) {
    double low = Double.MAX_VALUE;
    double high = -1;
    for (JsonNode doc : results.getOrDefault(jdk, Map.of()).values()) {
      if (doc.path("loadAverage").isNumber()) {
        low = Math.min(low, doc.path("loadAverage").asDouble());
        high = Math.max(high, doc.path("loadAverage").asDouble());
      }
    }
    return high < 0
        ? ""
        : String.format(Locale.ROOT, ", load average %.1f–%.1f as the suites ended", low, high);
  }

  // --- Pinto et al. 2017: the six bottlenecks -------------------------------------------------

  private static final String[][] BOTTLENECKS = {
    {
      "centralized-pooling",
      "1 Centralized pooling",
      "Akka actors, fork-first dispatch: 0.78x to 6.63x per benchmark at 32 workers (Table III),"
          + " 3.1x on average over 4 to 32 workers (§I)"
    },
    {
      "copy-on-fork",
      "2 Copy on fork",
      "15 programs: 12.63 % less energy on average, time \"proportionally\"; GC 20–40 % faster"
          + " (§V-B, Table V, Fig. 5)"
    },
    {"copy-on-join", "3 Copy on join", "5 programs: 3–13 % less energy (§V-C, Fig. 7)"},
    {
      "scattered-data",
      "4 Scattered data",
      "CSSTProto: 9.82 % less energy, cache misses 34.24 % → 31.98 % (§V-D)"
    },
    {
      "intra-task-sync",
      "5 Intra-task synchronization",
      "Mandelbrot, 1–32 threads: 38 % faster, 42 % less energy without the lock (§V-E, Fig. 9)"
    },
    {
      "sleepy-worker",
      "6 Sleepy workers",
      "CTask, 1 s sleeps: 1,917x faster without them (§V-F, Fig. 10)"
    },
  };

  private void bottlenecks() {
    heading(
        "Pinto et al. 2017: the six bottlenecks and their fixes",
        "zoo",
        "the zoo's program of each bottleneck before and after its fix, in fresh JVMs at p = 1 and"
            + " p = CPUs; the figure is the speedup of the fix (wall before / after, median of"
            + " paired runs). The paper measured JDK 8 on 2 × 8 cores (32 threads).");
    List<String> header = new ArrayList<>(List.of("bottleneck", "the paper"));
    for (int jdk : Seeds.JDKS) {
      header.add("JDK " + jdk + " p = 1");
      header.add("JDK " + jdk + " p = CPUs");
    }
    header.add("verdict");
    header.add("measured beside the time (JDK 17, p = CPUs)");
    List<List<String>> rows = new ArrayList<>();
    for (String[] b : BOTTLENECKS) {
      List<String> row = new ArrayList<>(List.of(b[1], b[2]));
      List<Double> top = new ArrayList<>();
      for (int jdk : Seeds.JDKS) {
        JsonNode zoo = doc(jdk, "zoo");
        int cpus = zoo == null ? 1 : zoo.path("cpus").asInt(1);
        Double low = number(find(zoo, b[0], "after", 1), "speedup");
        Double high = cpus == 1 ? null : number(find(zoo, b[0], "after", cpus), "speedup");
        row.add(x(low));
        row.add(x(high));
        top.add(high != null ? high : low);
      }
      row.add(verdict(+1, top));
      row.add(sideEffects(b[0]));
      rows.add(row);
    }
    table(header, rows);
  }

  /** Allocation, GC and CPU before and after, from the first JDK measured. */
  private String sideEffects(String rule) {
    for (int jdk : Seeds.JDKS) {
      JsonNode zoo = doc(jdk, "zoo");
      if (zoo == null) {
        continue;
      }
      int cpus = zoo.path("cpus").asInt(1);
      JsonNode before = find(zoo, rule, "before", cpus);
      JsonNode after = find(zoo, rule, "after", cpus);
      if (before == null || after == null) {
        return "–";
      }
      return String.format(
          Locale.ROOT,
          "allocated %s → %s MB, GC %d → %d (%.0f → %.0f ms), CPU %.0f → %.0f ms",
          megabytes(before),
          megabytes(after),
          before.path("gcCount").asLong(),
          after.path("gcCount").asLong(),
          before.path("gcMs").asDouble(),
          after.path("gcMs").asDouble(),
          before.path("cpuMsMedian").asDouble(),
          after.path("cpuMsMedian").asDouble());
    }
    return "–";
  }

  private static String megabytes(JsonNode row) {
    long bytes = row.path("allocatedBytes").asLong(-1);
    return bytes < 0 ? "?" : String.format(Locale.ROOT, "%.0f", bytes / 1e6);
  }

  // --- Pinto et al. 2017: actors, Table III ---------------------------------------------------

  /** Table III: original and custom (fork-first) Akka, ms, 32 workers. */
  private static final Object[][] TABLE_III = {
    {"max-throughput", 2057.6, 1978.5},
    {"single-ping", 11716.6, 8694.45},
    {"ping-throughput", 2507.4, 701.3},
    {"single-producer", 4078.7, 5257.45},
    {"multi-producer", 7236.95, 7907.25},
    {"middle-man", 3827.4, 1752.9},
    {"mediator", 4505.05, 679.7},
  };

  private static final String FORK_FIRST = "pekko-forkscope/fork-first";
  private static final String SHARED_QUEUE = "pekko-forkscope/shared-queue";

  private void actors() {
    heading(
        "Pinto et al. 2017: fork-first dispatch for actors (Table III)",
        "actors",
        "the seven actor benchmarks of Table IV on Pekko at p = 2. The paper's \"original\" Akka"
            + " handed every message to the pool's shared queue, as JDK 8 did for a worker's"
            + " `execute()`; our `shared-queue` mode does the same on purpose, so fork-first over"
            + " shared-queue is the paper's comparison, and fork-first over Pekko's default"
            + " dispatcher is what a user gains today.");
    List<String> header = new ArrayList<>(List.of("benchmark", "the paper: original / fork-first"));
    for (int jdk : Seeds.JDKS) {
      header.add("JDK " + jdk + ": shared-queue / fork-first");
      header.add("JDK " + jdk + ": default / fork-first");
    }
    header.add("verdict");
    List<List<String>> rows = new ArrayList<>();
    for (Object[] t : TABLE_III) {
      String name = (String) t[0];
      double paper = (Double) t[1] / (Double) t[2];
      List<String> row = new ArrayList<>(List.of(name, x(paper)));
      List<Double> ours = new ArrayList<>();
      for (int jdk : Seeds.JDKS) {
        JsonNode actors = doc(jdk, "actors");
        JsonNode forkFirst = find(actors, name, FORK_FIRST, -1);
        Double vsShared = ratio(find(actors, name, SHARED_QUEUE, -1), forkFirst, Wall.MS);
        row.add(x(vsShared));
        row.add(x(number(forkFirst, "speedupOverDefault")));
        ours.add(vsShared);
      }
      row.add(verdict(direction(paper), ours));
      rows.add(row);
    }
    table(header, rows);
    for (int jdk : Seeds.JDKS) {
      JsonNode actors = doc(jdk, "actors");
      JsonNode geomean = actors == null ? null : actors.path("geomeanOverDefault").get(FORK_FIRST);
      if (geomean != null) {
        md.append(
            String.format(
                Locale.ROOT,
                "JDK %d: fork-first over Pekko's default dispatcher, geometric mean %s, CPU %s.%n",
                jdk,
                x(geomean.path("speedup").asDouble()),
                x(geomean.path("cpuRatio").asDouble())));
      }
    }
    md.append(
        "\nThe paper's slow-downs (single-producer 0.78x, multi-producer 0.92x) count as effects"
            + " in their own direction.\n\n");
  }

  // --- Lea 2000: the runtime --------------------------------------------------------------------

  private static final String[][] KERNELS = {
    {"fib", "speedup plotted (Fig. 4); 2.8 M tasks/s at 30 threads (§4.1)"},
    {"integrate", "the best: 28.2 at 30 threads (§4.1)"},
    {"jacobi", "plotted (Fig. 4)"},
    {"lu", "the worst: 15.35 at 30 threads (§4.1)"},
    {"matmul", "plotted (Fig. 4)"},
    {"sort", "plotted; wider elements scale worse (§4.3)"},
  };

  private static final String OURS = "forkscope/PARK";
  private static final String FJP = "forkjoinpool";

  private void runtime() {
    heading(
        "Lea 2000: a work-stealing fork/join framework scales",
        "runtime",
        "Lea's kernels on forkscope's pool (idle policy PARK) and on the JDK's ForkJoinPool; the"
            + " figure is the speedup at p = CPUs over p = 1, with the parallel efficiency"
            + " (speedup / p) in brackets, and the share of tasks stolen. Lea measured 1 to 30"
            + " CPUs on a Sun Enterprise 10000 with JDK 1.2.");
    List<String> header = new ArrayList<>(List.of("kernel", "Lea (speedup at 30 CPUs)"));
    for (int jdk : Seeds.JDKS) {
      header.add("JDK " + jdk + " forkscope");
      header.add("JDK " + jdk + " ForkJoinPool");
      header.add("JDK " + jdk + " stolen");
    }
    header.add("verdict");
    List<List<String>> rows = new ArrayList<>();
    for (String[] k : KERNELS) {
      List<String> row = new ArrayList<>(List.of(k[0], k[1]));
      List<Double> efficiencies = new ArrayList<>();
      for (int jdk : Seeds.JDKS) {
        JsonNode runtime = doc(jdk, "runtime");
        int cpus = runtime == null ? 1 : runtime.path("cpus").asInt(1);
        JsonNode ours = find(runtime, k[0], OURS, cpus);
        Double speedup = number(ours, "speedup");
        row.add(scaling(speedup, cpus));
        row.add(scaling(number(find(runtime, k[0], FJP, cpus), "speedup"), cpus));
        row.add(stolen(ours));
        efficiencies.add(speedup == null ? null : speedup / cpus);
      }
      row.add(scales(efficiencies));
      rows.add(row);
    }
    table(header, rows);
    for (int jdk : Seeds.JDKS) {
      JsonNode runtime = doc(jdk, "runtime");
      if (runtime == null) {
        continue;
      }
      int cpus = runtime.path("cpus").asInt(1);
      JsonNode fib = find(runtime, "fib", OURS, cpus);
      if (fib != null && fib.path("wallMsMedian").asDouble() > 0) {
        double perThread =
            fib.path("ops").asDouble() / fib.path("wallMsMedian").asDouble() * 1e3 / cpus;
        md.append(
            String.format(
                Locale.ROOT,
                "JDK %d: Fib runs %.1f M tasks per second per worker at p = %d (Lea: 2.8 M/s over"
                    + " 30 threads, 0.09 M per thread).%n",
                jdk,
                perThread / 1e6,
                cpus));
      }
    }
    md.append(
        "\nA kernel **holds** when its efficiency is at least 0.8 on every JDK measured: Lea's"
            + " claim is near-linear speedup for these programs. A speedup above p cannot be"
            + " parallelism: the run at p = 1 was slowed by other load on the machine, and the row"
            + " says so. Stolen: Lea found \"at most a few percent\" of tasks stolen (§4.5).\n\n");
  }

  private static String scaling(Double speedup, int cpus) {
    return speedup == null
        ? "–"
        : String.format(Locale.ROOT, "%.2f (%.2f)", speedup, speedup / cpus);
  }

  private static String stolen(JsonNode row) {
    if (row == null) {
      return "–";
    }
    double tasks = row.path("counters").path("tasks").asDouble(0);
    double steals = row.path("counters").path("steals").asDouble(0);
    return tasks <= 0 ? "–" : String.format(Locale.ROOT, "%.1f %%", 100 * steals / tasks);
  }

  private static String scales(List<Double> efficiencies) {
    List<Double> measured = efficiencies.stream().filter(e -> e != null).toList();
    if (measured.isEmpty()) {
      return "not measured";
    }
    if (measured.stream().anyMatch(e -> e > 1.1)) {
      return "noise: a speedup above p"; // the one-worker run was slowed by something else
    }
    return measured.stream().allMatch(e -> e >= 0.8)
        ? "holds"
        : measured.stream().noneMatch(e -> e >= 0.8) ? "does not scale here" : "mixed";
  }

  // --- Rosà et al. 2019: the profiler's overhead --------------------------------------------

  private void profiler() {
    heading(
        "Rosà et al. 2019: a task-granularity profiler costs 1.05x on average",
        "profile",
        "forkscope's profiler with its JVM and OS layers against no profiler, on the zoo's"
            + " programs and 262,144 tiny tasks, each a fresh JVM; tgp ran DaCapo, ScalaBench and"
            + " Spark Perf in steady state (20 runs in one JVM, 8 cores, JDK 8).");
    List<String> header = new ArrayList<>(List.of("figure", "tgp (§8, Fig. 7 and 8)"));
    for (int jdk : Seeds.JDKS) {
      header.add("JDK " + jdk);
    }
    header.add("verdict");
    List<List<String>> rows = new ArrayList<>();
    rows.add(
        profileRow(
            "wall, geometric mean (programs not fine-grained)",
            "1.05x overall (1.02x DaCapo, 1.11x ScalaBench, 1.04x Spark)",
            1.05,
            p -> p.path("wallGeomean").asDouble(Double.NaN)));
    rows.add(
        profileRow(
            "wall, worst program",
            "1.41x (scalatest)",
            1.41,
            p -> worst(p, "agent+layers", "wallRatio")));
    rows.add(
        profileRow(
            "wall, fine-grained programs (geometric mean)",
            "actors 1.34x (5.2 M fine-grained tasks)",
            1.34,
            p -> p.path("fineGrainedGeomean").asDouble(Double.NaN)));
    rows.add(
        profileRow(
            "perturbation: CPU, geometric mean",
            "1.02x overall (reference cycles)",
            1.02,
            p -> p.path("cpuGeomean").asDouble(Double.NaN)));
    table(header, rows);
    md.append(
        "A figure **holds** when ours is at most tgp's on every JDK measured, **worse here**"
            + " otherwise. Our runs are single cold JVMs of 30 ms to 2 s, where tgp's were"
            + " steady-state iterations: the start-up cost of instrumentation weighs more.\n\n");
  }

  private List<String> profileRow(
      String figure, String tgp, double bound, ToDoubleFunction<JsonNode> measure) {
    List<String> row = new ArrayList<>(List.of(figure, tgp));
    List<Double> ours = new ArrayList<>();
    for (int jdk : Seeds.JDKS) {
      JsonNode profile = doc(jdk, "profile");
      Double value = profile == null ? null : measure.applyAsDouble(profile);
      row.add(x(value));
      if (value != null && !value.isNaN()) {
        ours.add(value);
      }
    }
    row.add(
        ours.isEmpty()
            ? "not measured"
            : ours.stream().allMatch(v -> v <= bound) ? "holds" : "worse here");
    return row;
  }

  private static double worst(JsonNode doc, String variant, String field) {
    double worst = Double.NaN;
    for (JsonNode r : doc.path("results")) {
      if (r.path("variant").asText().equals(variant) && r.has(field)) {
        double v = r.path(field).asDouble();
        worst = Double.isNaN(worst) ? v : Math.max(worst, v);
      }
    }
    return worst;
  }

  // --- Seed 004: spinning in awaitWork ------------------------------------------------------

  private static final String[][] IDLE = {
    {
      "sleepy-submitters(s=1)", "trivial tasks, 10–256 submitters: same throughput, CPU much higher"
    },
    {"sleepy-submitters(s=4)", "(as above)"},
    {"sort(9KB)", "just above the cut-off: throughput flat, CPU up"},
    {"sort(32KB)", "throughput \"up with a few percent\", CPU triples"},
    {"sort(10MB)", "CPU similar"},
    {"jacobi", "FJJacobi: about 2 % longer with spinning"},
    {"sums", "FJSums: early iterations much better without spinning"},
  };

  private static final String SPIN = "forkscope/SPIN_THEN_PARK";

  private void spinning() {
    heading(
        "JDK-8080623: spinning in awaitWork costs CPU and buys little",
        "idle",
        "the seed's benchmarks on forkscope's pool with the idle policy SPIN_THEN_PARK against"
            + " PARK (CPU and wall of spin over park), and the CPU of the JDK's own ForkJoinPool"
            + " against PARK, which shows how the JDK's idle handling of the day compares with"
            + " parking at once. The seed measured JDK 8u45 on 2 × 8 cores.");
    List<String> header =
        new ArrayList<>(List.of("benchmark", "JDK-8080623 analysis (8u45 spinning)"));
    for (int jdk : Seeds.JDKS) {
      header.add("JDK " + jdk + " spin CPU");
      header.add("JDK " + jdk + " spin wall");
      header.add("JDK " + jdk + " ForkJoinPool CPU");
    }
    header.add("verdict");
    List<List<String>> rows = new ArrayList<>();
    for (String[] b : IDLE) {
      List<String> row = new ArrayList<>(List.of(b[0], b[1]));
      List<Double> cpu = new ArrayList<>();
      List<Double> wall = new ArrayList<>();
      for (int jdk : Seeds.JDKS) {
        JsonNode idle = doc(jdk, "idle");
        JsonNode park = find(idle, b[0], OURS, -1);
        Double spinCpu = ratio(find(idle, b[0], SPIN, -1), park, Wall.CPU);
        Double spinWall = ratio(find(idle, b[0], SPIN, -1), park, Wall.MS);
        row.add(x(spinCpu));
        row.add(x(spinWall));
        row.add(x(ratio(find(idle, b[0], FJP, -1), park, Wall.CPU)));
        cpu.add(spinCpu);
        wall.add(spinWall);
      }
      row.add(spinVerdict(cpu, wall));
      rows.add(row);
    }
    table(header, rows);
    md.append(
        "Spin over park: above 1 costs more. A row **holds** when spinning costs at least 5 %"
            + " more CPU on every JDK and saves less than 5 % of the wall time; **spinning pays**"
            + " when it saves more; **no extra CPU** when it costs less.\n\n");
  }

  /** The verdict over the JDKs measured, each with a spin/park CPU and wall ratio. */
  private static String spinVerdict(List<Double> cpu, List<Double> wall) {
    List<Integer> measured = new ArrayList<>();
    for (int i = 0; i < cpu.size(); i++) {
      if (cpu.get(i) != null && wall.get(i) != null) {
        measured.add(i);
      }
    }
    if (measured.isEmpty()) {
      return "not measured";
    }
    if (measured.stream().allMatch(i -> wall.get(i) <= 1 / GAIN)) {
      return "spinning pays";
    }
    if (measured.stream().allMatch(i -> cpu.get(i) >= GAIN)) {
      return "holds";
    }
    return measured.stream().noneMatch(i -> cpu.get(i) >= GAIN) ? "no extra CPU" : "mixed";
  }

  // --- helpers --------------------------------------------------------------------------------

  private void heading(String title, String suite, String what) {
    md.append("## ").append(title).append("\n\n");
    md.append("`forkscope bench seeds` → suite `")
        .append(suite)
        .append("` (alone: `forkscope bench ")
        .append(suite)
        .append("`); charts: ");
    List<String> links = new ArrayList<>();
    for (int jdk : Seeds.JDKS) {
      String svg = "jdk" + jdk + "/" + suite + ".svg";
      if (charts.contains(svg)) {
        links.add("[JDK " + jdk + "](" + link + "/" + svg + ")");
      }
    }
    md.append(links.isEmpty() ? "none" : String.join(", ", links)).append(". ");
    md.append("Measured: ").append(what).append("\n\n");
  }

  private void table(List<String> header, List<List<String>> rows) {
    md.append("| ").append(String.join(" | ", header)).append(" |\n");
    md.append("|").append(" --- |".repeat(header.size())).append('\n');
    for (List<String> row : rows) {
      md.append("| ").append(String.join(" | ", row)).append(" |\n");
    }
    md.append('\n');
  }

  private JsonNode doc(int jdk, String suite) {
    return results.getOrDefault(jdk, Map.of()).get(suite);
  }

  /** The row of a benchmark (its name, or its name before "(") and variant at p, or -1 for any. */
  static JsonNode find(JsonNode doc, String benchmark, String variant, int threads) {
    if (doc == null) {
      return null;
    }
    for (JsonNode r : doc.path("results")) {
      String name = r.path("benchmark").asText();
      boolean named = name.equals(benchmark) || name.startsWith(benchmark + "(");
      if (named
          && r.path("variant").asText().equals(variant)
          && (threads < 0 || r.path("threads").asInt() == threads)) {
        return r;
      }
    }
    return null;
  }

  private static Double number(JsonNode row, String field) {
    return row == null || !row.path(field).isNumber() ? null : row.path(field).asDouble();
  }

  /** Which median a ratio compares. */
  private enum Wall {
    MS("wallMsMedian"),
    CPU("cpuMsMedian");

    final String field;

    Wall(String field) {
      this.field = field;
    }
  }

  /** {@code a / b} of one median, or null. */
  private static Double ratio(JsonNode a, JsonNode b, Wall which) {
    Double top = number(a, which.field);
    Double bottom = number(b, which.field);
    return top == null || bottom == null || bottom <= 0 ? null : top / bottom;
  }

  private static int direction(double ratio) {
    return ratio >= GAIN ? 1 : ratio <= 1 / GAIN ? -1 : 0;
  }

  /** The verdict for measured ratios of an effect published in {@code expected} direction. */
  static String verdict(int expected, List<Double> measured) {
    List<Integer> seen =
        measured.stream().filter(m -> m != null).map(FindingsPage::direction).toList();
    if (seen.isEmpty()) {
      return "not measured";
    }
    if (seen.stream().distinct().count() > 1) {
      return "mixed";
    }
    int d = seen.get(0);
    if (d == expected) {
      return "holds";
    }
    return d == 0 ? "no effect here" : "reversed";
  }
}
