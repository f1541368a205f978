package dev.forkscope.bench;

import java.util.Arrays;
import java.util.Collection;

/** The few statistics the harness reports. */
final class Stats {
  private Stats() {}

  /** The median; for an even count, the mean of the two middle values. */
  static double median(long[] values) {
    return median(Arrays.stream(values).asDoubleStream().toArray());
  }

  /** The median; for an even count, the mean of the two middle values. */
  static double median(double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("median of nothing");
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
  }

  /** The nearest-rank percentile, {@code p} in (0, 100]. */
  static long percentile(long[] values, double p) {
    if (values.length == 0) {
      throw new IllegalArgumentException("percentile of nothing");
    }
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  /** The geometric mean of positive ratios. */
  static double geometricMean(Collection<Double> ratios) {
    if (ratios.isEmpty()) {
      throw new IllegalArgumentException("geometric mean of nothing");
    }
    double logSum = 0;
    for (double r : ratios) {
      logSum += Math.log(r);
    }
    return Math.exp(logSum / ratios.size());
  }
}
