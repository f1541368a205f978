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
 * <p>Implementation note: the three ranks are found by selection rather than by sorting (a class's
 * self times are millions of values): a quickselect, Hoare's partition around the median of three,
 * puts the value of rank r at index r - 1 with no larger value before it and no smaller one after,
 * so the next rank is selected from there on only. A range that has not shrunk to half in eight
 * rounds (median-of-three pivots shrink it to about 0.7 a round; inputs built to defeat them do
 * not) is sorted instead, which bounds the time by the sort's.
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
   * The distribution of {@code values}; the array is reordered in place. Empty input gives all
   * zeros.
   */
  public static Distribution of(long[] values) {
    int n = values.length;
    if (n == 0) {
      return new Distribution(0, 0, 0, 0, 0, 0, 0);
    }
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    long total = 0;
    for (long v : values) {
      min = Math.min(min, v);
      max = Math.max(max, v);
      total += v;
    }
    int median = rank(n, 50);
    int p90 = rank(n, 90);
    int p99 = rank(n, 99);
    select(values, 0, median);
    select(values, median, p90);
    select(values, p90, p99);
    return new Distribution(n, min, values[median], values[p90], values[p99], max, total);
  }

  /** The index, in sorted order, of the nearest-rank {@code percent}th percentile of n values. */
  private static int rank(int n, int percent) {
    long r = ((long) percent * n + 99) / 100; // ceil without floating-point error
    return (int) Math.max(r, 1) - 1;
  }

  /**
   * Reorders {@code a[from ..]} so that {@code a[k]} holds the value sorted order puts there, no
   * larger value before it and no smaller one after.
   */
  static void select(long[] a, int from, int k) {
    int lo = from;
    int hi = a.length - 1;
    int rounds = 0;
    int checkpoint = hi - lo + 1;
    while (hi - lo > 16) {
      if (++rounds % 8 == 0) {
        if (hi - lo + 1 > checkpoint / 2) {
          Arrays.sort(a, lo, hi + 1);
          return;
        }
        checkpoint = hi - lo + 1;
      }
      int mid = (lo + hi) >>> 1;
      long pivot = medianOfThree(a[lo], a[mid], a[hi]);
      int i = lo;
      int j = hi;
      while (i <= j) { // Hoare: both sides stop at the pivot's value, so ties split evenly
        while (a[i] < pivot) {
          i++;
        }
        while (a[j] > pivot) {
          j--;
        }
        if (i <= j) {
          long t = a[i];
          a[i++] = a[j];
          a[j--] = t;
        }
      }
      // now a[lo .. j] <= pivot, a[j + 1 .. i - 1] == pivot, a[i .. hi] >= pivot
      if (k <= j) {
        hi = j;
      } else if (k >= i) {
        lo = i;
      } else {
        return;
      }
    }
    Arrays.sort(a, lo, hi + 1);
  }

  private static long medianOfThree(long x, long y, long z) {
    return Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
  }
}
