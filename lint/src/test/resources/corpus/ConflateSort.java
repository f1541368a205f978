// Modelled on conflate (Table II: copy on join): an out-of-place merge sort whose tasks return
// new sorted arrays that the parent merges into yet another new array.
package corpus.conflate;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

final class SortedCopy extends RecursiveTask<long[]> {
  private final long[] src;
  private final int lo;
  private final int hi;

  SortedCopy(long[] src, int lo, int hi) {
    this.src = src;
    this.lo = lo;
    this.hi = hi;
  }

  @Override
  protected long[] compute() {
    if (hi - lo <= 1024) {
      long[] out = java.util.Arrays.copyOfRange(src, lo, hi);
      java.util.Arrays.sort(out);
      return out;
    }
    int mid = (lo + hi) >>> 1;
    SortedCopy left = new SortedCopy(src, lo, mid);
    SortedCopy right = new SortedCopy(src, mid, hi);
    left.fork();
    long[] r = right.compute();
    // expect: copy-on-join
    return merge(left.join(), r);
  }

  private static long[] merge(long[] a, long[] b) {
    long[] out = new long[a.length + b.length];
    int i = 0;
    int j = 0;
    int k = 0;
    while (i < a.length && j < b.length) {
      out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
    }
    while (i < a.length) {
      out[k++] = a[i++];
    }
    while (j < b.length) {
      out[k++] = b[j++];
    }
    return out;
  }

  static long[] sorted(long[] values) {
    return ForkJoinPool.commonPool().invoke(new SortedCopy(values, 0, values.length));
  }
}
