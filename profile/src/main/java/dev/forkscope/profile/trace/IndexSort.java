package dev.forkscope.profile.trace;

/**
 * Sorts record indices by a {@code long} key without boxing: the order in which the linker replays
 * a trace's records.
 *
 * <p>Implementation note: a top-down merge sort on the indices, comparing {@code (key[i], i)}, so
 * equal keys keep index order (the result is what a stable sort of the records would give) and no
 * two elements compare equal. A trace's records arrive nearly in time order (each thread's records
 * are in order but for executions, written at their end), so a half already in order after the
 * other is not merged at all, and short ranges are sorted by insertion.
 */
final class IndexSort {
  private static final int INSERTION = 32;

  private IndexSort() {}

  /** The indices {@code 0 .. key.length - 1} in the order of {@code (key[i], i)}. */
  static int[] byKey(long[] key) {
    int[] a = new int[key.length];
    for (int i = 0; i < a.length; i++) {
      a[i] = i;
    }
    sort(a, new int[a.length], key, 0, a.length);
    return a;
  }

  private static void sort(int[] a, int[] tmp, long[] key, int lo, int hi) {
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
    sort(a, tmp, key, lo, mid);
    sort(a, tmp, key, mid, hi);
    if (!less(key, a[mid], a[mid - 1])) {
      return;
    }
    System.arraycopy(a, lo, tmp, lo, mid - lo);
    int i = lo;
    int j = mid;
    int k = lo;
    while (i < mid && j < hi) {
      a[k++] = less(key, a[j], tmp[i]) ? a[j++] : tmp[i++];
    }
    while (i < mid) {
      a[k++] = tmp[i++];
    }
  }

  private static boolean less(long[] key, int x, int y) {
    return key[x] < key[y] || (key[x] == key[y] && x < y);
  }
}
