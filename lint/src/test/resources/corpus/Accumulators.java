// Shared results without locks inside the tasks: LongAdder, atomics, concurrent maps and
// ThreadLocalRandom. The only synchronized code runs in the driver, after the computation.
package corpus.accumulate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

final class Histogram extends RecursiveAction {
  private final int[] samples;
  private final int lo;
  private final int hi;
  private final Map<Integer, LongAdder> buckets;
  private final AtomicLong max;

  Histogram(int[] samples, int lo, int hi, Map<Integer, LongAdder> buckets, AtomicLong max) {
    this.samples = samples;
    this.lo = lo;
    this.hi = hi;
    this.buckets = buckets;
    this.max = max;
  }

  @Override
  protected void compute() {
    if (hi - lo <= 2048) {
      long localMax = Long.MIN_VALUE;
      for (int i = lo; i < hi; i++) {
        buckets.computeIfAbsent(samples[i] / 10, b -> new LongAdder()).increment();
        localMax = Math.max(localMax, samples[i]);
      }
      long seen = localMax;
      max.accumulateAndGet(seen, Math::max);
      return;
    }
    int mid = (lo + hi) >>> 1;
    invokeAll(
        new Histogram(samples, lo, mid, buckets, max),
        new Histogram(samples, mid, hi, buckets, max));
  }
}

final class MonteCarlo extends RecursiveAction {
  private final int trials;
  private final LongAdder hits;

  MonteCarlo(int trials, LongAdder hits) {
    this.trials = trials;
    this.hits = hits;
  }

  @Override
  protected void compute() {
    if (trials <= 100_000) {
      ThreadLocalRandom rnd = ThreadLocalRandom.current();
      long inside = 0;
      for (int i = 0; i < trials; i++) {
        double x = rnd.nextDouble();
        double y = rnd.nextDouble();
        if (x * x + y * y <= 1) {
          inside++;
        }
      }
      hits.add(inside);
      return;
    }
    invokeAll(new MonteCarlo(trials / 2, hits), new MonteCarlo(trials - trials / 2, hits));
  }
}

final class Report {
  private final List<String> lines = new ArrayList<>();

  synchronized void add(String line) {
    lines.add(line);
  }

  double pi(int trials) {
    LongAdder hits = new LongAdder();
    ForkJoinPool.commonPool().invoke(new MonteCarlo(trials, hits));
    double pi = 4.0 * hits.sum() / trials;
    add("pi ~ " + pi);
    return pi;
  }

  Map<Integer, LongAdder> histogram(int[] samples) {
    Map<Integer, LongAdder> buckets = new ConcurrentHashMap<>();
    AtomicLong max = new AtomicLong(Long.MIN_VALUE);
    ForkJoinPool.commonPool().invoke(new Histogram(samples, 0, samples.length, buckets, max));
    synchronized (this) {
      lines.add("max " + max.get());
    }
    return buckets;
  }
}
