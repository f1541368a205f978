package dev.forkscope.bench;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a kernel in this process: {@code warmups} untimed runs (the first one checked), then {@code
 * runs} timed ones; reports the median wall and process CPU time, the pool's counter deltas per run
 * and, when RAPL is readable, the energy per run.
 */
final class Harness {
  private final int warmups;
  private final int runs;
  private final Optional<Rapl> rapl;

  Harness(int warmups, int runs, Optional<Rapl> rapl) {
    if (warmups < 1 || runs < 1) {
      throw new IllegalArgumentException("need at least one warm-up and one run");
    }
    this.warmups = warmups;
    this.runs = runs;
    this.rapl = rapl;
  }

  Result measure(Kernel kernel, Dialect dialect) {
    for (int i = 0; i < warmups; i++) {
      kernel.prepare();
      kernel.run(dialect);
      if (i == 0) {
        kernel.verify();
      }
    }
    long[] wall = new long[runs];
    long[] cpu = new long[runs];
    Map<String, Long> before = dialect.counters();
    long[] energyBefore = rapl.map(Rapl::read).orElse(null);
    for (int i = 0; i < runs; i++) {
      kernel.prepare();
      long cpu0 = CpuClock.process();
      long t0 = System.nanoTime();
      kernel.run(dialect);
      wall[i] = System.nanoTime() - t0;
      cpu[i] = CpuClock.process() - cpu0;
    }
    Double joules = rapl.map(r -> r.joulesBetween(energyBefore, r.read()) / runs).orElse(null);
    kernel.verify();
    return Result.measured(
        kernel.name(),
        dialect.variant(),
        dialect.parallelism(),
        Stats.median(wall) / 1e6,
        Stats.median(cpu) / 1e6,
        kernel.ops(),
        perRun(before, dialect.counters(), runs),
        joules,
        Map.of());
  }

  /** Counter deltas divided by the number of runs; {@code threadsCreated} stays a total. */
  static Map<String, Long> perRun(Map<String, Long> before, Map<String, Long> after, int runs) {
    Map<String, Long> delta = new HashMap<>();
    after.forEach(
        (name, value) -> {
          if (name.equals("threadsCreated")) {
            delta.put(name, value);
          } else {
            delta.put(name, (value - before.getOrDefault(name, 0L)) / runs);
          }
        });
    return delta;
  }
}
