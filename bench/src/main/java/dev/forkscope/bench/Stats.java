package dev.forkscope.bench;

import java.util.Arrays;
import java.util.Collection;

/** The few statistics the harness reports. */
public final class Stats {
  private Stats() {}

  /** The median; for an even count, the mean of the two middle values. */
  public static double median(long[] values) {
    return median(Arrays.stream(values).asDoubleStream().toArray());
  }

  /** The median; for an even count, the mean of the two middle values. */
  public static double median(double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("median of nothing");
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
  }

  /** The nearest-rank percentile, {@code p} in (0, 100]. */
  public static long percentile(long[] values, double p) {
    if (values.length == 0) {
      throw new IllegalArgumentException("percentile of nothing");
    }
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  /** The geometric mean of positive ratios. */
  public static double geometricMean(Collection<Double> ratios) {
    if (ratios.isEmpty()) {
      throw new IllegalArgumentException("geometric mean of nothing");
    }
    double logSum = 0;
    for (double r : ratios) {
      logSum += Math.log(r);
    }
    return Math.exp(logSum / ratios.size());
  }

  /**
   * Two-sided 97.5 % quantiles of Student's t distribution for 1 to 30 degrees of freedom; beyond,
   * the normal distribution's 1.96 is within 2 %.
   */
  private static final double[] T_975 = {
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
    2.052, 2.048, 2.045, 2.042
  };

  /**
   * The 95 % confidence interval of the geometric mean of paired ratios: Student's t interval of
   * the mean of their logarithms, exponentiated (ratios of run times are roughly log-normal, and a
   * ratio and its inverse then get mirrored intervals). Null for fewer than two ratios.
   *
   * @return {@code {low, high}}, or null
   */
  public static double[] ci95OfGeometricMean(double[] ratios) {
    int n = ratios.length;
    if (n < 2) {
      return null;
    }
    double mean = 0;
    for (double r : ratios) {
      mean += Math.log(r);
    }
    mean /= n;
    double squares = 0;
    for (double r : ratios) {
      double d = Math.log(r) - mean;
      squares += d * d;
    }
    double halfWidth = tQuantile975(n - 1) * Math.sqrt(squares / (n - 1) / n);
    return new double[] {Math.exp(mean - halfWidth), Math.exp(mean + halfWidth)};
  }

  static double tQuantile975(int degreesOfFreedom) {
    return degreesOfFreedom <= T_975.length ? T_975[degreesOfFreedom - 1] : 1.96;
  }
}
