package dev.forkscope.bench.suites;

import dev.forkscope.bench.Harness;
import dev.forkscope.bench.Result;
import dev.forkscope.bench.Stats;
import dev.forkscope.bench.Suite;
import dev.forkscope.bench.SvgChart;
import dev.forkscope.bench.Timed;
import dev.forkscope.examples.Exhibit;
import dev.forkscope.examples.Zoo;
import dev.forkscope.io.FileTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code zoo}: each of the six bottlenecks of Pinto et al. (2017) before and after its fix,
 * the zoo's programs at their default sizes, at each thread count. Every run is a fresh child JVM
 * told it has that many processors ({@code -XX:ActiveProcessorCount}, which sizes the common pool
 * and every pool the programs size from {@code availableProcessors}); {@link Timed} reports its
 * wall and CPU time from {@code main} to exit, the bytes its threads allocated, and its
 * collections. Before and after alternate which goes first each repetition, and the speedup of a
 * fix is the median of the paired per-repetition ratios before/after.
 */
final class ZooSuite implements Suite {
  static final String NAME = "zoo";

  /** The two variants, in the JSON's words. */
  static final List<String> VARIANTS = List.of("before", "after");

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "each of the six bottlenecks before and after its fix (child JVMs): wall, CPU,"
        + " allocation, GC";
  }

  @Override
  public List<Integer> defaultThreads() {
    return PoolReport.defaultThreads();
  }

  @Override
  public Outcome run(Context context) throws Exception {
    Path scratch = Files.createTempDirectory("forkscope-bench-zoo");
    try {
      List<Result> rows = new ArrayList<>();
      Map<Integer, List<Double>> speedups = new LinkedHashMap<>();
      for (Exhibit exhibit : Zoo.exhibits()) {
        if (exhibit.bottleneck() == null) {
          continue;
        }
        for (int p : context.threads()) {
          context.progress().accept(exhibit.ruleId() + " p=" + p);
          Map<String, List<Harness.Sample>> samples =
              Harness.rotating(
                  VARIANTS,
                  context.repeat(),
                  v ->
                      () ->
                          runOnce(
                              (v.equals("before") ? exhibit.before() : exhibit.after()).getName(),
                              p,
                              scratch));
          double speedup = pairedRatio(samples.get("before"), samples.get("after"));
          speedups.computeIfAbsent(p, k -> new ArrayList<>()).add(speedup);
          for (String variant : VARIANTS) {
            rows.add(row(exhibit, variant, p, samples.get(variant), speedup));
          }
        }
      }
      Map<String, Object> summary = new LinkedHashMap<>();
      Map<String, Double> geomeans = new LinkedHashMap<>();
      speedups.forEach((p, s) -> geomeans.put("p" + p, Stats.geometricMean(s)));
      summary.put("speedupGeomean", geomeans);
      return new Outcome(NAME, rows, List.of(), summary, null, chart(rows));
    } finally {
      FileTrees.delete(scratch);
    }
  }

  private static Result row(
      Exhibit exhibit, String variant, int p, List<Harness.Sample> samples, double speedup) {
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("bottleneck", exhibit.bottleneck());
    extra.put("allocatedBytes", Math.round(Harness.median(samples, "allocatedBytes")));
    extra.put("gcCount", Math.round(Harness.median(samples, "gcCount")));
    extra.put("gcMs", Harness.median(samples, "gcMs"));
    extra.put("speedup", variant.equals("after") ? speedup : null);
    return new Result(
        exhibit.ruleId(),
        variant,
        p,
        Harness.medianWallMs(samples),
        Harness.medianCpuMs(samples),
        1,
        extra);
  }

  /** The median over repetitions of before's wall time over after's, paired by repetition. */
  static double pairedRatio(List<Harness.Sample> before, List<Harness.Sample> after) {
    double[] ratios = new double[before.size()];
    for (int i = 0; i < ratios.length; i++) {
      ratios[i] = (double) before.get(i).wallNs() / after.get(i).wallNs();
    }
    return Stats.median(ratios);
  }

  private static String chart(List<Result> rows) {
    List<SvgChart.Bar> speedup = new ArrayList<>();
    List<SvgChart.Bar> allocation = new ArrayList<>();
    for (int i = 0; i + 1 < rows.size(); i += 2) {
      Result before = rows.get(i);
      Result after = rows.get(i + 1);
      String series = "p=" + after.threads();
      speedup.add(
          new SvgChart.Bar(after.benchmark(), series, (Double) after.extra().get("speedup")));
      long afterBytes = (Long) after.extra().get("allocatedBytes");
      long beforeBytes = (Long) before.extra().get("allocatedBytes");
      allocation.add(
          new SvgChart.Bar(
              after.benchmark(),
              series,
              afterBytes > 0 && beforeBytes > 0 ? (double) beforeBytes / afterBytes : null));
    }
    return SvgChart.render(
        "forkscope bench zoo ("
            + Runtime.version()
            + ", "
            + Runtime.getRuntime().availableProcessors()
            + " cpus)",
        List.of(
            new SvgChart.Panel("speedup of the fix (wall before / after)", 1.0, "no runs", speedup),
            new SvgChart.Panel(
                "allocation before / after", 1.0, "allocation not measurable", allocation)));
  }

  /** One run in a child JVM with {@code p} processors; the sample carries {@link Timed}'s line. */
  private static Harness.Sample runOnce(String mainClass, int p, Path scratch)
      throws IOException, InterruptedException {
    Path timing = Files.createTempFile(scratch, "timing", ".txt");
    List<String> argv =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-XX:ActiveProcessorCount=" + p,
            "-cp",
            System.getProperty("java.class.path"),
            Timed.class.getName(),
            timing.toString(),
            mainClass);
    Process child =
        new ProcessBuilder(argv)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    int exit = child.waitFor();
    String[] line = Files.readString(timing).trim().split(" ");
    Files.delete(timing);
    if (exit != 0 || line.length < 5) {
      throw new IOException(mainClass + " failed at p=" + p + " (exit " + exit + ")");
    }
    return new Harness.Sample(
        Long.parseLong(line[0]),
        Long.parseLong(line[1]),
        Map.of(
            "allocatedBytes", Double.parseDouble(line[2]),
            "gcCount", Double.parseDouble(line[3]),
            "gcMs", Double.parseDouble(line[4])));
  }
}
