package dev.forkscope.bench.suites;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import dev.forkscope.bench.CpuClock;
import dev.forkscope.bench.Harness;
import dev.forkscope.bench.Result;
import dev.forkscope.bench.Stats;
import dev.forkscope.bench.Suite;
import dev.forkscope.bench.SvgChart;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.ActorSystem;

/**
 * Suite {@code actors}: the seven actor benchmarks of Pinto et al. (Table IV) on Apache Pekko, with
 * Pekko's default dispatcher untuned ({@value #DEFAULT}), the same executor at parallelism =
 * threads ({@value #FORK_JOIN}: the default's thread count is most of what it gains where outside
 * threads produce), Pekko's affinity pool ({@value #AFFINITY}, parallelism = threads, its bounded
 * queues raised from 512 to 65536 entries so that 2,000 runnable mailboxes fit) and forkscope's
 * executor in each dispatch mode ({@value #FORKSCOPE}{@code /<mode>}, parallelism = threads). Each
 * run starts its own actor system, warms it up with a tenth of the messages, times one run, then
 * measures the CPU the idle system burns for a short window, and terminates it. Variants are
 * rotated between repetitions. Ratios are against {@value #DEFAULT} in the same run; the targets
 * are those of docs/actors.md: {@value #BEST} at least 1.5× faster in geometric mean, no benchmark
 * slower than 0.95×, no more CPU.
 */
final class ActorsSuite implements Suite {
  static final String NAME = "actors";
  static final String DEFAULT = "pekko-default";
  static final String FORK_JOIN = "pekko-fork-join";
  static final String AFFINITY = "pekko-affinity";
  static final String FORKSCOPE = "pekko-forkscope";
  static final String BEST = FORKSCOPE + "/fork-first";
  static final List<String> MODES = List.of("fork-first", "shared-queue", "adaptive");

  /** Full sizes are divided by this under {@code --quick}. */
  static final int QUICK_SCALE = 50;

  private final List<ActorBenchmark> benchmarks;

  ActorsSuite() {
    this(List.of(ActorBenchmark.values()));
  }

  /** A suite of some of the benchmarks (tests). */
  ActorsSuite(List<ActorBenchmark> benchmarks) {
    this.benchmarks = List.copyOf(benchmarks);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "Pinto et al.'s seven actor benchmarks on Pekko: default dispatcher (untuned and at p"
        + " threads), affinity pool,"
        + " forkscope fork-first / shared-queue / adaptive";
  }

  @Override
  public List<Integer> defaultThreads() {
    return List.of(2);
  }

  /** The variants measured, baseline first. */
  static List<String> variants() {
    List<String> variants = new ArrayList<>(List.of(DEFAULT, FORK_JOIN, AFFINITY));
    MODES.forEach(m -> variants.add(FORKSCOPE + "/" + m));
    return variants;
  }

  @Override
  public Outcome run(Context context) throws Exception {
    int scale = context.quick() ? QUICK_SCALE : 1;
    Duration idleWindow = Duration.ofMillis(context.quick() ? 50 : 300);
    List<Result> rows = new ArrayList<>();
    for (int threads : context.threads()) {
      for (ActorBenchmark benchmark : benchmarks) {
        ActorBenchmark.Sized sized = benchmark.sized(scale);
        Map<String, List<Harness.Sample>> samples =
            Harness.rotating(
                variants(),
                context.repeat(),
                variant ->
                    () -> {
                      context.progress().accept(benchmark.key() + " " + variant + " p=" + threads);
                      return trial(sized, config(variant, threads), idleWindow);
                    });
        double baseWall = Harness.medianWallMs(samples.get(DEFAULT));
        double baseCpu = Harness.medianCpuMs(samples.get(DEFAULT));
        for (Map.Entry<String, List<Harness.Sample>> e : samples.entrySet()) {
          double wall = Harness.medianWallMs(e.getValue());
          double cpu = Harness.medianCpuMs(e.getValue());
          Map<String, Object> extra = new LinkedHashMap<>();
          extra.put("messagesPerSecond", sized.ops() / (wall / 1e3));
          extra.put("idleCpuPct", Harness.median(e.getValue(), "idleCpuPct"));
          extra.put("speedupOverDefault", baseWall / wall);
          extra.put("cpuRatioToDefault", cpu / baseCpu);
          rows.add(new Result(benchmark.key(), e.getKey(), threads, wall, cpu, sized.ops(), extra));
        }
      }
    }
    return outcome(rows, context.quick());
  }

  /** The Pekko configuration of a variant. */
  static Config config(String variant, int threads) {
    String dispatcher =
        switch (variant) {
          case DEFAULT -> "";
          case FORK_JOIN ->
              "fork-join-executor { parallelism-min = %d, parallelism-max = %d }"
                  .formatted(threads, threads);
          case AFFINITY ->
              ("executor = affinity-pool-executor\n"
                      + "affinity-pool-executor { parallelism-min = %d, parallelism-max = %d,"
                      + " task-queue-size = 65536 }")
                  .formatted(threads, threads);
          default ->
              ("executor = \"dev.forkscope.pekko.ForkscopeExecutorConfigurator\"\n"
                      + "forkscope-executor { parallelism-min = %d, parallelism-max = %d,"
                      + " dispatch = %s }")
                  .formatted(threads, threads, variant.substring(FORKSCOPE.length() + 1));
        };
    return ConfigFactory.parseString(
            "pekko { loglevel = WARNING, stdout-loglevel = WARNING, log-dead-letters = off,\n"
                + " log-dead-letters-during-shutdown = off, jvm-shutdown-hooks = off,\n"
                + " coordinated-shutdown.run-by-jvm-shutdown-hook = off,\n"
                + " actor.default-dispatcher {\n"
                + dispatcher
                + "\n} }")
        .withFallback(ConfigFactory.load(ActorsSuite.class.getClassLoader()));
  }

  /**
   * One run in a fresh actor system: a warm-up with a tenth of the messages, the timed run (CPU of
   * all threads, outside producers included: they wait until it has been read), then the idle
   * window.
   */
  private static Harness.Sample trial(ActorBenchmark.Sized sized, Config config, Duration idle)
      throws Exception {
    ActorSystem system = ActorSystem.create(NAME, config);
    try {
      ActorBenchmark.Sized warmUp =
          new ActorBenchmark.Sized(
              sized.benchmark(), sized.groups(), Math.max(1, sized.messages() / 10));
      finish(warmUp.run(system, new CountDownLatch(0)));
      CountDownLatch release = new CountDownLatch(1);
      long cpu0 = CpuClock.process();
      long t0 = System.nanoTime();
      List<Thread> producers = sized.run(system, release);
      long wall = System.nanoTime() - t0;
      long cpu = CpuClock.process() - cpu0;
      release.countDown();
      finish(producers);
      Thread.sleep(20); // let the stopped actors go before the idle window
      Map<Long, Long> idle0 = CpuClock.byThread();
      long i0 = System.nanoTime();
      Thread.sleep(idle.toMillis());
      // per thread: a pool thread that ends in the window must not take its earlier CPU time away
      double idlePct = 100.0 * CpuClock.since(idle0) / (System.nanoTime() - i0);
      return new Harness.Sample(wall, cpu, Map.of("idleCpuPct", idlePct));
    } finally {
      system.terminate();
      system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
  }

  /** Waits for released producer threads to end, so that none ends inside the idle window. */
  private static void finish(List<Thread> producers) throws InterruptedException {
    for (Thread p : producers) {
      p.join();
    }
  }

  /**
   * Rows, the targets (not under {@code --quick}, whose sizes are too small to judge) and chart.
   */
  static Outcome outcome(List<Result> rows, boolean quick) {
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("quick", quick);
    List<String> failed = new ArrayList<>();
    Map<String, Object> geomeans = new LinkedHashMap<>();
    int maxThreads = rows.stream().mapToInt(Result::threads).max().orElse(1);
    for (String variant : variants()) {
      List<Double> speedups = figure(rows, variant, maxThreads, "speedupOverDefault");
      List<Double> cpu = figure(rows, variant, maxThreads, "cpuRatioToDefault");
      if (!speedups.isEmpty() && !variant.equals(DEFAULT)) {
        geomeans.put(
            variant,
            Map.of(
                "speedup", Stats.geometricMean(speedups),
                "minSpeedup", speedups.stream().mapToDouble(d -> d).min().orElseThrow(),
                "cpuRatio", Stats.geometricMean(cpu)));
      }
    }
    summary.put("geomeanOverDefault", geomeans);
    summary.put("forkFirstOverForkJoin", sameThreads(rows, maxThreads));
    if (!quick && geomeans.get(BEST) instanceof Map<?, ?> best) {
      double speedup = (double) best.get("speedup");
      double min = (double) best.get("minSpeedup");
      double cpu = (double) best.get("cpuRatio");
      check(failed, speedup >= 1.5, "geomean speedup of %s over %s %.2fx < 1.5x", speedup);
      check(failed, min >= 0.95, "slowest benchmark of %s against %s %.2fx < 0.95x", min);
      check(failed, cpu <= 1.0, "geomean CPU of %s relative to %s %.2f > 1.0", cpu);
    }
    List<SvgChart.Bar> speedupBars = new ArrayList<>();
    List<SvgChart.Bar> cpuBars = new ArrayList<>();
    for (Result r : rows) {
      if (r.threads() == maxThreads) {
        speedupBars.add(
            new SvgChart.Bar(
                r.benchmark(), r.variant(), (Double) r.extra().get("speedupOverDefault")));
        cpuBars.add(
            new SvgChart.Bar(
                r.benchmark(), r.variant(), (Double) r.extra().get("cpuRatioToDefault")));
      }
    }
    String svg =
        SvgChart.render(
            "forkscope bench actors (" + Runtime.version() + ", p = " + maxThreads + ")",
            List.of(
                new SvgChart.Panel(
                    "Speedup over " + DEFAULT + " at p = " + maxThreads + " (higher is better)",
                    1,
                    "no rows",
                    speedupBars),
                new SvgChart.Panel(
                    "CPU time relative to " + DEFAULT + " (lower is better)",
                    1,
                    "no rows",
                    cpuBars)));
    return new Outcome(NAME, rows, failed, summary, null, svg);
  }

  /**
   * {@value #BEST} against {@value #FORK_JOIN}, Pekko's executor at the same thread count: wall
   * speedup (geometric mean and slowest) and CPU ratio over the benchmarks run by both.
   */
  private static Map<String, Object> sameThreads(List<Result> rows, int threads) {
    List<Double> speedups = new ArrayList<>();
    List<Double> cpu = new ArrayList<>();
    for (Result best : rows) {
      if (best.variant().equals(BEST) && best.threads() == threads) {
        rows.stream()
            .filter(
                r ->
                    r.variant().equals(FORK_JOIN)
                        && r.threads() == threads
                        && r.benchmark().equals(best.benchmark()))
            .findFirst()
            .ifPresent(
                r -> {
                  speedups.add(r.wallMsMedian() / best.wallMsMedian());
                  cpu.add(best.cpuMsMedian() / r.cpuMsMedian());
                });
      }
    }
    if (speedups.isEmpty()) {
      return Map.of();
    }
    return Map.of(
        "speedup", Stats.geometricMean(speedups),
        "minSpeedup", speedups.stream().mapToDouble(d -> d).min().orElseThrow(),
        "cpuRatio", Stats.geometricMean(cpu));
  }

  private static List<Double> figure(
      List<Result> rows, String variant, int threads, String figure) {
    return rows.stream()
        .filter(r -> r.variant().equals(variant) && r.threads() == threads)
        .map(r -> (Double) r.extra().get(figure))
        .toList();
  }

  private static void check(List<String> failed, boolean ok, String format, double measured) {
    if (!ok) {
      failed.add(String.format(Locale.ROOT, format, BEST, DEFAULT, measured));
    }
  }
}
