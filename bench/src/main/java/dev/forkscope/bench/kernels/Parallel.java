package dev.forkscope.bench.kernels;

import java.util.function.IntConsumer;

/** The one parallel loop the array kernels share: recursive halving of an index range. */
final class Parallel {
  private Parallel() {}

  /**
   * Calls {@code body} for every index in [lo, hi) in parallel, one task per index at the leaves.
   */
  static void forEach(Dialect d, int lo, int hi, IntConsumer body) {
    if (hi - lo == 1) {
      body.accept(lo);
    } else if (hi - lo > 1) {
      int mid = (lo + hi) >>> 1;
      Dialect.Forked<Void> right =
          d.fork(
              () -> {
                forEach(d, mid, hi, body);
                return null;
              });
      forEach(d, lo, mid, body);
      right.join();
    }
  }
}
