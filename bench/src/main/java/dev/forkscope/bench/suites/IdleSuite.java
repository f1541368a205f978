package dev.forkscope.bench.suites;

import dev.forkscope.bench.Harness;
import dev.forkscope.bench.Measurement;
import dev.forkscope.bench.Rapl;
import dev.forkscope.bench.Suite;
import dev.forkscope.bench.kernels.Dialect;
import dev.forkscope.bench.kernels.ForkJoinPoolDialect;
import dev.forkscope.bench.kernels.JacobiKernel;
import dev.forkscope.bench.kernels.JdkParallelSortKernel;
import dev.forkscope.bench.kernels.Kernel;
import dev.forkscope.bench.kernels.SortKernel;
import dev.forkscope.bench.kernels.SumsKernel;
import dev.forkscope.bench.kernels.Variants;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ForkJoinPool;

/**
 * Suite {@code idle}: the JDK-8080623 study of spinning in {@code awaitWork}, redone for every idle
 * policy and ForkJoinPool on the running JDK, at the highest thread count: trivial tasks from a
 * growing number of sleepy submitters; sorts of 9 KB, 16 KB, 32 KB and 10 MB (8-byte elements, 8 KB
 * sequential cut-off, so 9 KB is just above it as in the seed); Jacobi; and FJSums. What differs
 * between policies is mostly CPU per operation, so read {@code cpuRatioToFjp} first.
 */
final class IdleSuite implements Suite {
  static final String NAME = "idle";
  static final String JDK_SORT = "forkjoinpool/Arrays.parallelSort";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "the idle-policy study of JDK-8080623 on each idle policy and ForkJoinPool";
  }

  @Override
  public List<Integer> defaultThreads() {
    return PoolReport.defaultThreads();
  }

  @Override
  public Outcome run(Context options) {
    boolean quick = options.quick();
    Optional<Rapl> rapl = Rapl.open(Rapl.POWERCAP);
    Harness harness = new Harness(quick ? 1 : 2, options.repeat(), rapl);
    int p = options.maxThreads();
    List<Measurement> results = new ArrayList<>();
    List<String> variants = Variants.all();
    int[] submitters = quick ? new int[] {1, 4} : new int[] {1, 2, 4, 8, 16};
    Duration window = Duration.ofMillis(quick ? 300 : 1000);
    for (int s : submitters) {
      for (String variant : Harness.rotated(variants, s)) {
        options.progress().accept("sleepy submitters s=" + s + " " + variant);
        try (Dialect d = Variants.open(variant, p)) {
          results.add(Probes.sleepySubmitters(d, s, window));
        }
      }
    }
    int scale = quick ? 4 : 1;
    int[][] sorts = {{9 * 1024, 2000}, {16 * 1024, 1000}, {32 * 1024, 500}, {10 << 20, 1}};
    List<Kernel> kernels = new ArrayList<>();
    for (int[] sort : sorts) {
      kernels.add(new SortKernel(sort[0] / 8, 1024, Math.max(1, sort[1] / scale)));
    }
    kernels.add(quick ? new JacobiKernel(128, 100) : new JacobiKernel(512, 200));
    kernels.add(new SumsKernel(quick ? 1 << 20 : 1 << 23, 1 << 13));
    int turn = 0;
    for (Kernel kernel : kernels) {
      for (String variant : Harness.rotated(variants, turn++)) {
        options.progress().accept(kernel.name() + " " + variant);
        try (Dialect d = Variants.open(variant, p)) {
          results.add(harness.measure(kernel, d));
        }
      }
      if (kernel instanceof SortKernel) {
        options.progress().accept(kernel.name() + " " + JDK_SORT);
        try (ForkJoinPoolDialect d = new ForkJoinPoolDialect(p)) {
          Measurement r = harness.measure(new JdkParallelSortKernel((SortKernel) kernel), d);
          results.add(
              Measurement.measured(
                  r.benchmark(),
                  JDK_SORT,
                  r.threads(),
                  r.wallMsMedian(),
                  r.cpuMsMedian(),
                  r.ops(),
                  r.counters(),
                  r.energyJoules(),
                  Map.of("commonPoolParallelism", ForkJoinPool.getCommonPoolParallelism())));
        }
      }
    }
    return new PoolReport(NAME, quick, rapl.isPresent(), results, rows -> List.of()).outcome();
  }
}
