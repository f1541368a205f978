package dev.forkscope.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Suite {@code runtime}: Lea's programs (seed 001 §4) and the micro-benchmarks of runtime.md §6 on
 * every variant, and the targets of runtime.md §8 checked against ForkJoinPool in the same run.
 *
 * <p>Every measurement gets a fresh pool, and the variants take turns kernel by kernel, so a drift
 * in the machine's load hits all of them alike.
 */
final class RuntimeSuite implements Suite {
  static final String NAME = "runtime";

  /** The kernels whose grain is coarse: target 1 compares their wall time to ForkJoinPool's. */
  private static final Predicate<String> COARSE =
      b ->
          b.startsWith("integrate")
              || b.startsWith("matmul")
              || b.startsWith("lu")
              || b.startsWith("jacobi")
              || b.startsWith("sort")
              || b.startsWith("sums");

  private static final Predicate<String> FINE_FIB = b -> b.startsWith("fib") && b.endsWith("t=2)");
  private static final String PARK = "forkscope/PARK";

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
    long[] gaps = {0, 20_000, 200_000, 2_000_000};
    for (String variant : variants) {
      try (Dialect d = Variants.open(variant, p)) {
        for (long gap : gaps) {
          options.progress().accept("latency gap=" + gap / 1000 + "us " + variant);
          int requests = gap >= 2_000_000 ? (quick ? 100 : 500) : (quick ? 300 : 2000);
          results.add(Probes.latency(d, gap, requests));
        }
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
   * runtime.md §8 goals 1, 2, 3 and 5 for forkscope/PARK at the highest thread count; goals 7 and 8
   * for every forkscope policy.
   */
  static List<Target> targets(List<Measurement> rows, int threads) {
    List<Target> targets = new ArrayList<>();
    targets.add(
        ratioTarget(
            "coarse-wall",
            "coarse kernels: geomean wall time <= 1.05x FJP",
            rows,
            threads,
            COARSE,
            false,
            1.05));
    targets.add(
        ratioTarget(
            "fine-fib-wall",
            "Fib, threshold 2: wall time <= 1.2x FJP",
            rows,
            threads,
            FINE_FIB,
            false,
            1.2));
    targets.add(
        ratioTarget(
            "cpu-park",
            "PARK: geomean CPU time over kernels <= 1.05x FJP",
            rows,
            threads,
            COARSE.or(FINE_FIB),
            true,
            1.05));
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

  private static Target ratioTarget(
      String id,
      String description,
      List<Measurement> rows,
      int threads,
      Predicate<String> benchmarks,
      boolean cpu,
      double limit) {
    List<Double> ratios =
        rows.stream()
            .filter(
                r ->
                    r.variant().equals(PARK)
                        && r.threads() == threads
                        && benchmarks.test(r.benchmark()))
            .map(cpu ? Measurement::cpuRatioToFjp : Measurement::ratioToFjp)
            .filter(v -> v != null && v > 0)
            .toList();
    if (ratios.isEmpty()) {
      return new Target(id, description, "not run", null);
    }
    double g = Stats.geometricMean(ratios);
    return new Target(id, description, fmt(g) + "x over " + ratios.size(), g <= limit);
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
