package dev.forkscope.examples.granularity;

/**
 * The element work shared by the three granularity programs: about a hundred nanoseconds per
 * element.
 */
final class Work {
  /** Elements per run: with no cutoff, about twice as many tasks. */
  static final int DEFAULT_SIZE = 1 << 22;

  private Work() {}

  static long element(int i) {
    long x = i;
    for (int round = 0; round < 96; round++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
    }
    return x >>> 40;
  }

  /** The sequential sum of {@code element(i)} over [lo, hi). */
  static long sum(int lo, int hi) {
    long sum = 0;
    for (int i = lo; i < hi; i++) {
      sum += element(i);
    }
    return sum;
  }
}
