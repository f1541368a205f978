// Modelled on ecco (Table II: copy on join): the matching offsets found by the two halves of a
// search are concatenated into a new array at every level.
package corpus.ecco;

import java.util.Arrays;
import java.util.concurrent.RecursiveTask;

final class FindOccurrences extends RecursiveTask<int[]> {
  private final byte[] haystack;
  private final byte needle;
  private final int lo;
  private final int hi;

  FindOccurrences(byte[] haystack, byte needle, int lo, int hi) {
    this.haystack = haystack;
    this.needle = needle;
    this.lo = lo;
    this.hi = hi;
  }

  @Override
  protected int[] compute() {
    if (hi - lo <= 4096) {
      int[] found = new int[hi - lo];
      int n = 0;
      for (int i = lo; i < hi; i++) {
        if (haystack[i] == needle) {
          found[n++] = i;
        }
      }
      return Arrays.copyOf(found, n);
    }
    int mid = (lo + hi) >>> 1;
    FindOccurrences left = new FindOccurrences(haystack, needle, lo, mid);
    left.fork();
    int[] b = new FindOccurrences(haystack, needle, mid, hi).compute();
    int[] a = left.join();
    // expect: copy-on-join
    int[] all = Arrays.copyOf(a, a.length + b.length);
    // expect: copy-on-join
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
