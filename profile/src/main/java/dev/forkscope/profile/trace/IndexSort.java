package dev.forkscope.profile.trace;

import java.util.Arrays;

/**
 * Sorts indices by a {@code long} key without boxing: the order in which the linker replays a
 * trace's records, and the orders the analyses walk millions of executions in.
 *
 * <p>Implementation note: the order is that of {@code (key[i], i)}, so equal keys keep index order
 * (the result is what a stable sort of the records would give) and no two elements compare equal.
 * When the keys' range and the indices fit 63 bits together, which they do for a trace's times, ids
 * and indices up to hundreds of millions of elements, each element is packed into one {@code long},
 * {@code (key[i] - min) << indexBits | i}, whose natural order is that order, and the packed values
 * are sorted by {@link Arrays#sort(long[])} (no indirection into {@code key} per comparison, and
 * sorted runs, as a trace's nearly time-ordered records have, are merged rather than sorted).
 * Otherwise a top-down merge sort on the indices compares {@code (key[i], i)}: a half already in
 * order after the other is not merged at all, and short ranges are sorted by insertion.
 *
 * <p>{@link #byKey} first counts: keys with at most {@value #FEW} distinct values (thread ids,
 * class indices), the most common keys an analysis groups by, are sorted by counting in two passes,
 * the distinct keys found through a small open-addressing table. A key array with more distinct
 * values gives up after the first {@value #FEW} + 1 of them, which for times and ids is after a few
 * hundred elements.
 */
public final class IndexSort {
  private static final int INSERTION = 32;
  private static final int FEW = 256;
  private static final int SLOT_BITS = 10;
  private static final int SLOTS = 1 << SLOT_BITS; // four times FEW: short probes

  private IndexSort() {}

  /** The indices {@code 0 .. key.length - 1} in the order of {@code (key[i], i)}. */
  public static int[] byKey(long[] key) {
    int[] counted = byCounting(key);
    if (counted != null) {
      return counted;
    }
    int[] a = new int[key.length];
    for (int i = 0; i < a.length; i++) {
      a[i] = i;
    }
    sort(a, 0, a.length, key);
    return a;
  }

  /**
   * {@link #byKey} by counting when {@code key} has at most {@value #FEW} distinct values, else
   * null.
   */
  private static int[] byCounting(long[] key) {
    long[] slotKey = new long[SLOTS];
    int[] slotValue = new int[SLOTS]; // 0: empty; else 1 + the key's order seen, later its rank
    long[] distinct = new long[FEW];
    int count = 0;
    for (long k : key) {
      int slot = slot(slotKey, slotValue, k);
      if (slotValue[slot] == 0) {
        if (count == FEW) {
          return null;
        }
        slotKey[slot] = k;
        slotValue[slot] = ++count;
        distinct[count - 1] = k;
      }
    }
    long[] sorted = Arrays.copyOf(distinct, count);
    Arrays.sort(sorted);
    int[] next = new int[count + 1]; // per rank, where its next index goes
    for (int slot = 0; slot < SLOTS; slot++) {
      if (slotValue[slot] != 0) {
        slotValue[slot] = 1 + Arrays.binarySearch(sorted, slotKey[slot]);
      }
    }
    for (long k : key) {
      next[slotValue[slot(slotKey, slotValue, k)]]++;
    }
    for (int r = 1; r <= count; r++) {
      next[r] += next[r - 1];
    }
    int[] a = new int[key.length];
    for (int i = 0; i < key.length; i++) {
      a[next[slotValue[slot(slotKey, slotValue, key[i])] - 1]++] = i;
    }
    return a;
  }

  /** The slot of {@code k} in the table, or the empty slot where it would go. */
  private static int slot(long[] slotKey, int[] slotValue, long k) {
    int slot = (int) ((k * 0x9E3779B97F4A7C15L) >>> (64 - SLOT_BITS));
    while (slotValue[slot] != 0 && slotKey[slot] != k) {
      slot = (slot + 1) & (SLOTS - 1);
    }
    return slot;
  }

  /**
   * Sorts {@code a[from .. to - 1]}, indices into {@code key}, in the order of {@code (key[i], i)}:
   * for indices in increasing order, what a stable sort by key gives.
   */
  public static void sort(int[] a, int from, int to, long[] key) {
    if (to - from < 2 || !sortPacked(a, from, to, key)) {
      sort(a, new int[Math.max(0, to - from)], from, key, from, to);
    }
  }

  /**
   * Sorts {@code a[from .. to - 1]} as packed {@code long} values, or returns false, sorting
   * nothing, when the keys' range and the indices do not fit 63 bits.
   */
  private static boolean sortPacked(int[] a, int from, int to, long[] key) {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int k = from; k < to; k++) {
      min = Math.min(min, key[a[k]]);
      max = Math.max(max, key[a[k]]);
    }
    int indexBits = 64 - Long.numberOfLeadingZeros(key.length - 1);
    long range = max - min;
    if (range < 0 || range >>> (63 - indexBits) != 0) { // range < 0: it overflowed
      return false;
    }
    long[] packed = new long[to - from];
    for (int k = from; k < to; k++) {
      packed[k - from] = (key[a[k]] - min) << indexBits | a[k];
    }
    Arrays.sort(packed);
    long mask = (1L << indexBits) - 1;
    for (int k = from; k < to; k++) {
      a[k] = (int) (packed[k - from] & mask);
    }
    return true;
  }

  /**
   * Sorts {@code a[from .. to - 1]} by {@code key}, then by {@code thenDescending} from largest to
   * smallest, then by index: executions by start, an enclosing one before those it encloses.
   */
  public static void sort(int[] a, int from, int to, long[] key, long[] thenDescending) {
    sort(a, from, to, key);
    for (int lo = from; lo < to; ) {
      int hi = lo + 1;
      while (hi < to && key[a[hi]] == key[a[lo]]) {
        hi++;
      }
      for (int i = lo + 1; i < hi; i++) { // insertion, stable: equal keys are few
        int x = a[i];
        int j = i - 1;
        for (; j >= lo && thenDescending[a[j]] < thenDescending[x]; j--) {
          a[j + 1] = a[j];
        }
        a[j + 1] = x;
      }
      lo = hi;
    }
  }

  /** The first index of {@code value} in the ascending {@code sorted}, or where it would go. */
  public static int first(long[] sorted, long value) {
    int lo = 0;
    int hi = sorted.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (sorted[mid] < value) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * The first position of {@code a[from .. to - 1]}, indices in ascending order of {@code key},
   * whose key is above {@code value}, or {@code to}.
   */
  public static int after(int[] a, int from, int to, long[] key, long value) {
    int lo = from;
    int hi = to;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (key[a[mid]] <= value) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** Sorts {@code a[lo .. hi - 1]}; {@code tmp[i - base]} is scratch space for {@code a[i]}. */
  private static void sort(int[] a, int[] tmp, int base, long[] key, int lo, int hi) {
    if (hi - lo <= INSERTION) {
      for (int i = lo + 1; i < hi; i++) {
        int x = a[i];
        int j = i - 1;
        for (; j >= lo && less(key, x, a[j]); j--) {
          a[j + 1] = a[j];
        }
        a[j + 1] = x;
      }
      return;
    }
    int mid = (lo + hi) >>> 1;
    sort(a, tmp, base, key, lo, mid);
    sort(a, tmp, base, key, mid, hi);
    if (!less(key, a[mid], a[mid - 1])) {
      return;
    }
    System.arraycopy(a, lo, tmp, lo - base, mid - lo);
    int i = lo;
    int j = mid;
    int k = lo;
    while (i < mid && j < hi) {
      a[k++] = less(key, a[j], tmp[i - base]) ? a[j++] : tmp[i++ - base];
    }
    while (i < mid) {
      a[k++] = tmp[i++ - base];
    }
  }

  private static boolean less(long[] key, int x, int y) {
    return key[x] < key[y] || (key[x] == key[y] && x < y);
  }
}
