// Pools as request-handling service code creates them: one per request that is never shut down,
// one per loop iteration, and the correct variants (a shared pool, a pool shut down in finally,
// a pool created and closed in each iteration of a benchmark loop).
package corpus.requests;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

final class Score extends RecursiveTask<Double> {
  private final double[] values;
  private final int lo;
  private final int hi;

  Score(double[] values, int lo, int hi) {
    this.values = values;
    this.lo = lo;
    this.hi = hi;
  }

  @Override
  protected Double compute() {
    if (hi - lo <= 10_000) {
      double s = 0;
      for (int i = lo; i < hi; i++) {
        s += Math.log1p(values[i]);
      }
      return s;
    }
    int mid = (lo + hi) >>> 1;
    Score left = new Score(values, lo, mid);
    left.fork();
    return new Score(values, mid, hi).compute() + left.join();
  }
}

final class ScoringResource {
  private static final ForkJoinPool SHARED = new ForkJoinPool(8);

  double handleLeaky(double[] body) {
    // expect: pool-per-call
    ForkJoinPool pool = new ForkJoinPool(8);
    return pool.invoke(new Score(body, 0, body.length));
  }

  double handleInline(double[] body) {
    // expect: pool-per-call
    return new ForkJoinPool(new ForkJoinPool().getParallelism())
        .invoke(new Score(body, 0, body.length));
  }

  double handleShared(double[] body) {
    return SHARED.invoke(new Score(body, 0, body.length));
  }

  double handleIsolated(double[] body) {
    ForkJoinPool pool = new ForkJoinPool(2);
    try {
      return pool.invoke(new Score(body, 0, body.length));
    } finally {
      pool.shutdown();
    }
  }

  double handleBatch(List<double[]> bodies) {
    double total = 0;
    for (double[] body : bodies) {
      // expect: pool-per-call
      ForkJoinPool pool = new ForkJoinPool();
      total += pool.invoke(new Score(body, 0, body.length));
    }
    return total;
  }

  static void benchmark(double[] body) {
    for (int threads = 1; threads <= 8; threads *= 2) {
      ForkJoinPool pool = new ForkJoinPool(threads);
      long t0 = System.nanoTime();
      pool.invoke(new Score(body, 0, body.length));
      System.out.println(threads + " threads: " + (System.nanoTime() - t0) / 1_000 + " us");
      pool.shutdown();
    }
    for (int threads = 1; threads <= 8; threads *= 2) {
      try (ForkJoinPool pool = new ForkJoinPool(threads)) {
        pool.invoke(ForkJoinTask.adapt(() -> new Score(body, 0, body.length).invoke()));
      }
    }
  }
}
