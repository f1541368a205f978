package dev.forkscope.bench.suites;

import dev.forkscope.bench.Harness;
import dev.forkscope.bench.Measurement;
import dev.forkscope.bench.Rapl;
import dev.forkscope.bench.Suite;
import dev.forkscope.bench.kernels.Dialect;
import dev.forkscope.bench.kernels.FibKernel;
import dev.forkscope.bench.kernels.ForkJoinPoolDialect;
import dev.forkscope.bench.kernels.IntegrateKernel;
import dev.forkscope.bench.kernels.JacobiKernel;
import dev.forkscope.bench.kernels.Kernel;
import dev.forkscope.bench.kernels.LuKernel;
import dev.forkscope.bench.kernels.MatrixMultiplyKernel;
import dev.forkscope.bench.kernels.SortKernel;
import dev.forkscope.bench.kernels.SpawnJoinKernel;
import dev.forkscope.bench.kernels.SumsKernel;
import dev.forkscope.bench.kernels.Variants;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Suite {@code runtime}: Lea's programs (Lea (2000), §4) and the runtime's micro-benchmarks (M1 to
 * M4, see docs/bench.md) on every variant, and issue 11's targets checked against ForkJoinPool in
 * the same run.
 *
 * <p>Every measurement gets a fresh pool, and the variants take turns kernel by kernel, so a drift
 * in the machine's load hits all of them alike.
 */
final class RuntimeSuite implements Suite {
  static final String NAME = "runtime";

  private static final String PARK = "forkscope/PARK";

  /** Fib's wall and CPU time at most this times ForkJoinPool's, per thread count (issue 11). */
  static final double FIB_LIMIT = 1.10;

  /** Every other kernel's and latency probe's, likewise. */
  static final double KERNEL_LIMIT = 1.05;

  /** Rows that are not timed kernels: they have targets of their own. */
  private static final Set<String> PROBES = Set.of("idle", "starvation");

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "Lea's fork/join programs and runtime probes on forkscope's pool (each idle policy) and ForkJoinPool";
  }

  @Override
  public List<Integer> defaultThreads() {
    return PoolReport.defaultThreads();
  }

  static List<Kernel> kernels(boolean quick) {
    return quick
        ? List.of(
            new FibKernel(26, 2),
            new IntegrateKernel(128, 16),
            new MatrixMultiplyKernel(128, 16),
            new LuKernel(256, 32),
            new JacobiKernel(256, 40),
            new SortKernel(1 << 17, 2048, 1),
            new SumsKernel(1 << 20, 1 << 13),
            new SpawnJoinKernel(200_000))
        : List.of(
            new FibKernel(32, 2),
            new IntegrateKernel(512, 24),
            new MatrixMultiplyKernel(512, 32),
            new LuKernel(1024, 64),
            new JacobiKernel(1024, 100),
            new SortKernel(1 << 21, 2048, 1),
            new SumsKernel(1 << 24, 1 << 14),
            new SpawnJoinKernel(2_000_000));
  }

  @Override
  public Outcome run(Context options) {
    boolean quick = options.quick();
    Optional<Rapl> rapl = Rapl.open(Rapl.POWERCAP);
    Harness harness = new Harness(quick ? 1 : 3, options.repeat(), rapl);
    List<Measurement> results = new ArrayList<>();
    List<String> variants = Variants.all();
    List<Kernel> kernels = kernels(quick);
    warmUp(kernels, variants, options);
    int turn = 0;
    for (Kernel kernel : kernels) {
      for (int threads : options.threads()) {
        for (String variant : Harness.rotated(variants, turn++)) {
          options.progress().accept(kernel.name() + " " + variant + " p=" + threads);
          try (Dialect d = Variants.open(variant, threads)) {
            results.add(harness.measure(kernel, d));
          }
        }
      }
    }
    int p = options.maxThreads();
    Map<String, List<Measurement>> latencies = latencies(variants, p, options);
    for (String variant : variants) {
      results.addAll(latencies.get(variant));
      try (Dialect d = Variants.open(variant, p)) {
        options.progress().accept("idle " + variant);
        results.add(Probes.idle(d, Duration.ofMillis(quick ? 300 : 1000)));
      }
      try (Dialect d = Variants.open(variant, p)) {
        options.progress().accept("starvation " + variant);
        results.add(Probes.starvation(d, quick ? 200 : 1000, Duration.ofSeconds(1)));
      }
    }
    return new PoolReport(NAME, quick, rapl.isPresent(), results, rows -> targets(rows, p))
        .outcome();
  }

  /**
   * The latency probes at each gap, {@link Context#repeat} runs per variant, the variants' turns
   * rotating from one run to the next; per variant one row per gap, the median of its runs.
   */
  private static Map<String, List<Measurement>> latencies(
      List<String> variants, int p, Context options) {
    Map<String, List<Measurement>> rows = new LinkedHashMap<>();
    variants.forEach(v -> rows.put(v, new ArrayList<>()));
    int turn = 0;
    for (long gap : new long[] {0, 20_000, 200_000, 2_000_000}) {
      int requests =
          gap >= 2_000_000 ? (options.quick() ? 100 : 500) : (options.quick() ? 300 : 2000);
      Map<String, List<Measurement>> runs = new LinkedHashMap<>();
      for (int r = 0; r < options.repeat(); r++) {
        for (String variant : Harness.rotated(variants, turn++)) {
          options.progress().accept("latency gap=" + gap / 1000 + "us " + variant);
          try (Dialect d = Variants.open(variant, p)) {
            runs.computeIfAbsent(variant, v -> new ArrayList<>())
                .add(Probes.latency(d, gap, requests));
          }
        }
      }
      runs.forEach((variant, measured) -> rows.get(variant).add(Probes.latencyMedian(measured)));
    }
    return rows;
  }

  /**
   * One untimed run of every kernel on every variant, so that the JIT has seen all of them before
   * the first measurement, and no variant pays for compiling the kernels alone.
   */
  private static void warmUp(List<Kernel> kernels, List<String> variants, Context options) {
    for (String variant : variants) {
      options.progress().accept("warm-up " + variant);
      try (Dialect d = Variants.open(variant, options.maxThreads())) {
        for (Kernel kernel : kernels) {
          kernel.prepare();
          kernel.run(d);
        }
      }
    }
  }

  /**
   * The per-kernel targets of issue 11 for forkscope/PARK at every thread count measured: wall and
   * CPU time each within {@value #FIB_LIMIT}x of ForkJoinPool's for Fib and {@value #KERNEL_LIMIT}x
   * for every other kernel and latency probe; then the idle targets (idle-parked, idle-cpu) at the
   * highest thread count, and no-spares and starvation for every forkscope policy.
   */
  static List<Target> targets(List<Measurement> rows, int threads) {
    List<Target> targets = new ArrayList<>();
    for (Measurement r : rows) {
      if (r.variant().equals(PARK) && r.ratioToFjp() != null && !PROBES.contains(r.benchmark())) {
        double limit = r.benchmark().startsWith("fib") ? FIB_LIMIT : KERNEL_LIMIT;
        String id = r.benchmark() + " p=" + r.threads();
        targets.add(ratioTarget(id + " wall", "PARK wall time", r.ratioToFjp(), limit));
        targets.add(ratioTarget(id + " cpu", "PARK CPU time", r.cpuRatioToFjp(), limit));
      }
    }
    Optional<Measurement> idle = find(rows, "idle", PARK, threads);
    Object parkedMs = idle.map(r -> r.extra().get("allParkedMs")).orElse(null);
    targets.add(
        new Target(
            "idle-parked",
            "PARK: all workers parked within 1 ms of quiescence",
            idle.isEmpty()
                ? "not run"
                : parkedMs == null ? "never" : fmt((Double) parkedMs) + " ms",
            idle.isEmpty() ? null : parkedMs != null && (Double) parkedMs <= 1.0));
    Double idleCpu = idle.map(r -> (Double) r.extra().get("idleCpuPctOfCore")).orElse(null);
    targets.add(
        new Target(
            "idle-cpu",
            "PARK: idle workers' CPU < 0.5 % of a core",
            idleCpu == null ? "not run" : fmt(idleCpu) + " %",
            idleCpu == null ? null : idleCpu < 0.5));
    long spares =
        rows.stream()
            .filter(r -> r.variant().startsWith("forkscope/"))
            .mapToLong(r -> r.counters().getOrDefault("threadsCreated", 0L) - r.threads())
            .max()
            .orElse(-1);
    long fjpMax =
        rows.stream()
            .filter(r -> r.variant().equals(ForkJoinPoolDialect.VARIANT))
            .mapToLong(r -> r.counters().getOrDefault("threadsCreated", 0L) - r.threads())
            .max()
            .orElse(0);
    targets.add(
        new Target(
            "no-spares",
            "forkscope pools never start more threads than parallelism",
            spares < 0 ? "not run" : "max +" + spares + " threads (ForkJoinPool: +" + fjpMax + ")",
            spares < 0 ? null : spares == 0));
    List<Measurement> starvation =
        rows.stream()
            .filter(r -> r.benchmark().equals("starvation") && r.variant().startsWith("forkscope/"))
            .toList();
    long passed =
        starvation.stream().filter(r -> Boolean.TRUE.equals(r.extra().get("passed"))).count();
    targets.add(
        new Target(
            "starvation",
            "every forkscope policy serves all pings within 100 ms",
            passed + "/" + starvation.size() + " policies",
            starvation.isEmpty() ? null : passed == starvation.size()));
    return targets;
  }

  private static Target ratioTarget(String id, String what, Double ratio, double limit) {
    String description = what + " <= " + fmt(limit) + "x FJP";
    return ratio == null || !(ratio > 0)
        ? new Target(id, description, "not run", null)
        : new Target(id, description, fmt(ratio) + "x", ratio <= limit);
  }

  private static Optional<Measurement> find(
      List<Measurement> rows, String benchmark, String variant, int threads) {
    return rows.stream()
        .filter(
            r ->
                r.benchmark().equals(benchmark)
                    && r.variant().equals(variant)
                    && r.threads() == threads)
        .findFirst();
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, "%.3g", v);
  }
}
