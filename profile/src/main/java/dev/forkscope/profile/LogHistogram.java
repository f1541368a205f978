package dev.forkscope.profile;

import java.util.Arrays;

/**
 * Counts of durations in logarithmic buckets, {@value #PER_DECADE} per decade from 1 ns: bucket
 * {@code i} holds the values in [10^(i/4), 10^((i+1)/4)) ns, the last one everything above. The
 * shape of a granularity distribution over nine orders of magnitude, in 48 numbers.
 */
public final class LogHistogram {
  /** Buckets per power of ten. */
  public static final int PER_DECADE = 4;

  /** Buckets in all: 1 ns to 1000 s. */
  public static final int BUCKETS = 12 * PER_DECADE;

  private final long[] counts = new long[BUCKETS];

  /** Counts {@code n} executions of one duration; values below 1 ns count in the first bucket. */
  void add(long ns, long n) {
    int bucket = ns <= 1 ? 0 : (int) Math.floor(Math.log10(ns) * PER_DECADE + 1e-9);
    counts[Math.min(bucket, BUCKETS - 1)] += n;
  }

  /** The counts, bucket by bucket. */
  public long[] counts() {
    return counts.clone();
  }

  /** The lower bound of bucket {@code i} in nanoseconds. */
  public static double lowerBoundNs(int i) {
    return Math.pow(10, (double) i / PER_DECADE);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LogHistogram h && Arrays.equals(counts, h.counts);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(counts);
  }

  @Override
  public String toString() {
    return "LogHistogram" + Arrays.toString(counts);
  }
}
