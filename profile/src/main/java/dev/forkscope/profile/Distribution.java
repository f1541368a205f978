package dev.forkscope.profile;

import java.util.Arrays;

/**
 * Summary statistics of a set of durations in nanoseconds.
 *
 * <p>Percentiles use the nearest-rank definition: the p-th percentile of n sorted values is the
 * value at rank ceil(p/100 * n), so it is always one of the observed values and the median of an
 * even count is the lower middle value. (tgp's {@code diagnose.py} reads index 0.9·n for its "95th"
 * percentile; we do not reproduce that slip.)
 *
 * @param count number of values
 * @param min smallest value
 * @param median 50th percentile
 * @param p90 90th percentile
 * @param p99 99th percentile
 * @param max largest value
 * @param total sum of all values
 */
public record Distribution(
    long count, long min, long median, long p90, long p99, long max, long total) {

  /**
   * The distribution of {@code values}; the array is sorted in place. Empty input gives all zeros.
   */
  public static Distribution of(long[] values) {
    int n = values.length;
    if (n == 0) {
      return new Distribution(0, 0, 0, 0, 0, 0, 0);
    }
    Arrays.sort(values);
    long total = 0;
    for (long v : values) {
      total += v;
    }
    return new Distribution(
        n, values[0], rank(values, 50), rank(values, 90), rank(values, 99), values[n - 1], total);
  }

  private static long rank(long[] sorted, int percent) {
    long r = ((long) percent * sorted.length + 99) / 100; // ceil without floating-point error
    return sorted[(int) Math.max(r, 1) - 1];
  }
}
