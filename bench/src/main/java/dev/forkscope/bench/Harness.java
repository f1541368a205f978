package dev.forkscope.bench;

import dev.forkscope.bench.kernels.Dialect;
import dev.forkscope.bench.kernels.Kernel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The one benchmark harness. A suite describes one run as a {@link Trial}; the harness repeats it,
 * rotates the order of variants so that a drift in the machine's load hits every variant alike, and
 * takes medians. In-process kernels go through {@link #measure}: untimed warm-ups (the first one's
 * result checked), then timed runs, with the pool's counters and, where RAPL is readable, energy.
 * Suites that measure child JVMs ({@code lint}, {@code profile}) time them from outside and report
 * the child's own figures in its {@link Sample}.
 */
public final class Harness {

  /**
   * One timed run.
   *
   * @param wallNs wall time
   * @param cpuNs CPU time of the measured process, all threads
   * @param figures the run's own figures (a child's heap peak, its lint time), by name
   */
  public record Sample(long wallNs, long cpuNs, Map<String, Double> figures) {
    public Sample(long wallNs, long cpuNs) {
      this(wallNs, cpuNs, Map.of());
    }

    public Sample {
      figures = Map.copyOf(figures);
    }
  }

  /** One run of a benchmark. */
  @FunctionalInterface
  public interface Trial<X extends Exception> {
    Sample run() throws X;
  }

  /**
   * The figure {@link #measure} adds to a kernel's row: max minus min wall time over the median, %.
   */
  public static final String SPREAD = "wallSpreadPct";

  private final int warmups;
  private final int runs;
  private final Optional<Rapl> rapl;

  /** A harness for in-process kernels: {@code warmups} untimed runs, then {@code runs} timed. */
  public Harness(int warmups, int runs, Optional<Rapl> rapl) {
    if (warmups < 1 || runs < 1) {
      throw new IllegalArgumentException("need at least one warm-up and one run");
    }
    this.warmups = warmups;
    this.runs = runs;
    this.rapl = rapl;
  }

  /** Runs {@code trial} {@code runs} times in a row. */
  public static <X extends Exception> List<Sample> repeat(int runs, Trial<X> trial) throws X {
    List<Sample> samples = new ArrayList<>(runs);
    for (int i = 0; i < runs; i++) {
      samples.add(trial.run());
    }
    return samples;
  }

  /**
   * Runs every variant {@code runs} times, repetition {@code i} starting with variant {@code i}
   * (mod their number): the samples of one repetition are taken close together, so their ratios can
   * be paired.
   */
  public static <V, X extends Exception> Map<V, List<Sample>> rotating(
      List<V> variants, int runs, Function<V, Trial<X>> trial) throws X {
    Map<V, List<Sample>> samples = new LinkedHashMap<>();
    variants.forEach(v -> samples.put(v, new ArrayList<>(runs)));
    for (int i = 0; i < runs; i++) {
      for (V variant : rotated(variants, i)) {
        samples.get(variant).add(trial.apply(variant).run());
      }
    }
    return samples;
  }

  /** The items starting at position {@code turn} (mod their number). */
  public static <T> List<T> rotated(List<T> items, int turn) {
    List<T> out = new ArrayList<>(items);
    Collections.rotate(out, -(turn % items.size()));
    return out;
  }

  public static double medianWallMs(List<Sample> samples) {
    return Stats.median(samples.stream().mapToLong(Sample::wallNs).toArray()) / 1e6;
  }

  public static double medianCpuMs(List<Sample> samples) {
    return Stats.median(samples.stream().mapToLong(Sample::cpuNs).toArray()) / 1e6;
  }

  /** The median of one of the samples' own figures. */
  public static double median(List<Sample> samples, String figure) {
    return Stats.median(samples.stream().mapToDouble(s -> s.figures().get(figure)).toArray());
  }

  /**
   * Measures a kernel on one runtime: the warm-ups, then the timed runs; reports the median wall
   * and process CPU time, the pool's counter deltas per run, the energy per run and the spread of
   * the wall times ({@code wallSpreadPct}: max minus min over the median).
   */
  public Measurement measure(Kernel kernel, Dialect dialect) {
    Trial<RuntimeException> run =
        () -> {
          kernel.prepare();
          long cpu0 = CpuClock.process();
          long t0 = System.nanoTime();
          kernel.run(dialect);
          long wall = System.nanoTime() - t0;
          return new Sample(wall, CpuClock.process() - cpu0);
        };
    run.run();
    kernel.verify();
    repeat(warmups - 1, run);
    Map<String, Long> before = dialect.counters();
    long[] energyBefore = rapl.map(Rapl::read).orElse(null);
    List<Sample> timed = repeat(runs, run);
    Double joules = rapl.map(r -> r.joulesBetween(energyBefore, r.read()) / runs).orElse(null);
    kernel.verify();
    return Measurement.measured(
        kernel.name(),
        dialect.variant(),
        dialect.parallelism(),
        medianWallMs(timed),
        medianCpuMs(timed),
        kernel.ops(),
        perRun(before, dialect.counters(), runs),
        joules,
        Map.of(SPREAD, spreadPct(timed)));
  }

  /** The range of the timed runs' wall times, in percent of their median. */
  public static double spreadPct(List<Sample> samples) {
    long[] walls = samples.stream().mapToLong(Sample::wallNs).sorted().toArray();
    double median = Stats.median(walls);
    return median > 0 ? 100.0 * (walls[walls.length - 1] - walls[0]) / median : 0;
  }

  /** Counter deltas divided by the number of runs; {@code threadsCreated} stays a total. */
  public static Map<String, Long> perRun(
      Map<String, Long> before, Map<String, Long> after, int runs) {
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
