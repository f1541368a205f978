package dev.forkscope.bench.kernels;

import java.util.Arrays;
import java.util.Random;

/**
 * Lea's Sort (Cilk's cilksort): merge sort of random longs. Halves are sorted in parallel,
 * ping-ponging between the array and a buffer, and merged by a parallel merge that splits the
 * larger run at its middle and the other by binary search. Below {@code leaf} elements it uses
 * {@link Arrays#sort}.
 *
 * <p>{@code repeat > 1} makes one run sort {@code repeat} fresh copies, each submitted separately
 * from outside the pool: the {@code Arrays.parallelSort} benchmark of the JDK-8080623 analysis,
 * where the pool goes idle between small sorts.
 */
public final class SortKernel implements Kernel {
  private final int length;
  private final int leaf;
  private final int repeat;
  private final long[] input;
  private final long[] a;
  private final long[] buffer;
  private long[] expected;

  public SortKernel(int length, int leaf, int repeat) {
    this.length = length;
    this.leaf = leaf;
    this.repeat = repeat;
    this.input = new Random(11).longs(length).toArray();
    this.a = new long[length];
    this.buffer = new long[length];
  }

  @Override
  public String name() {
    long bytes = 8L * length;
    return "sort(" + (bytes >= 1 << 20 ? bytes / (1 << 20) + "MB" : bytes / 1024 + "KB") + ")";
  }

  /** Operations: elements sorted. */
  @Override
  public long ops() {
    return (long) length * repeat;
  }

  /** The unsorted input every run starts from. */
  long[] input() {
    return input.clone();
  }

  int repeat() {
    return repeat;
  }

  @Override
  public void run(Dialect d) {
    for (int r = 0; r < repeat; r++) {
      System.arraycopy(input, 0, a, 0, length);
      d.invoke(
          () -> {
            sort(d, 0, length, false);
            return null;
          });
    }
  }

  /** Sorts a[lo, hi) into {@code a}, or into {@code buffer} when {@code intoBuffer}. */
  private void sort(Dialect d, int lo, int hi, boolean intoBuffer) {
    if (hi - lo <= leaf) {
      Arrays.sort(a, lo, hi);
      if (intoBuffer) {
        System.arraycopy(a, lo, buffer, lo, hi - lo);
      }
      return;
    }
    int mid = (lo + hi) >>> 1;
    Dialect.Forked<Void> right =
        d.fork(
            () -> {
              sort(d, mid, hi, !intoBuffer);
              return null;
            });
    sort(d, lo, mid, !intoBuffer);
    right.join();
    long[] src = intoBuffer ? a : buffer;
    long[] dst = intoBuffer ? buffer : a;
    merge(d, src, lo, mid, mid, hi, dst, lo);
  }

  /** Merges the sorted runs src[lo1, hi1) and src[lo2, hi2) into dst from {@code out}. */
  private void merge(
      Dialect d, long[] src, int lo1, int hi1, int lo2, int hi2, long[] dst, int out) {
    int n1 = hi1 - lo1;
    int n2 = hi2 - lo2;
    if (n1 + n2 <= leaf) {
      mergeSequential(src, lo1, hi1, lo2, hi2, dst, out);
      return;
    }
    if (n1 < n2) {
      merge(d, src, lo2, hi2, lo1, hi1, dst, out);
      return;
    }
    int split1 = (lo1 + hi1) >>> 1;
    int split2 = lowerBound(src, lo2, hi2, src[split1]);
    int outSplit = out + (split1 - lo1) + (split2 - lo2);
    Dialect.Forked<Void> right =
        d.fork(
            () -> {
              merge(d, src, split1, hi1, split2, hi2, dst, outSplit);
              return null;
            });
    merge(d, src, lo1, split1, lo2, split2, dst, out);
    right.join();
  }

  private static void mergeSequential(
      long[] src, int i, int hi1, int j, int hi2, long[] dst, int out) {
    while (i < hi1 && j < hi2) {
      dst[out++] = src[i] <= src[j] ? src[i++] : src[j++];
    }
    System.arraycopy(src, i, dst, out, hi1 - i);
    System.arraycopy(src, j, dst, out + hi1 - i, hi2 - j);
  }

  private static int lowerBound(long[] x, int lo, int hi, long key) {
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (x[mid] < key) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  @Override
  public void verify() {
    if (expected == null) {
      expected = input.clone();
      Arrays.sort(expected);
    }
    if (!Arrays.equals(expected, a)) {
      throw new IllegalStateException(name() + ": array is not sorted like Arrays.sort");
    }
  }
}
