// Correct, idiomatic divide and conquer: subtasks share the list or array and get index bounds;
// the only copies are made in the sequential leaf or once by the driver.
package corpus.ranges;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

final class SumRange extends RecursiveTask<Long> {
  private final List<Long> values;
  private final int lo;
  private final int hi;

  SumRange(List<Long> values, int lo, int hi) {
    this.values = values;
    this.lo = lo;
    this.hi = hi;
  }

  @Override
  protected Long compute() {
    if (hi - lo <= 4096) {
      long s = 0;
      for (Long v : values.subList(lo, hi)) {
        s += v;
      }
      return s;
    }
    int mid = (lo + hi) >>> 1;
    SumRange left = new SumRange(values, lo, mid);
    left.fork();
    long right = new SumRange(values, mid, hi).compute();
    return right + left.join();
  }
}

final class SortRange extends RecursiveAction {
  private final long[] a;
  private final long[] workspace;
  private final int lo;
  private final int hi;

  SortRange(long[] a, long[] workspace, int lo, int hi) {
    this.a = a;
    this.workspace = workspace;
    this.lo = lo;
    this.hi = hi;
  }

  @Override
  protected void compute() {
    if (hi - lo <= 8192) {
      long[] chunk = Arrays.copyOfRange(a, lo, hi);
      Arrays.sort(chunk);
      System.arraycopy(chunk, 0, a, lo, chunk.length);
      return;
    }
    int mid = (lo + hi) >>> 1;
    invokeAll(new SortRange(a, workspace, lo, mid), new SortRange(a, workspace, mid, hi));
    int i = lo;
    int j = mid;
    int k = lo;
    while (i < mid && j < hi) {
      workspace[k++] = a[i] <= a[j] ? a[i++] : a[j++];
    }
    while (i < mid) {
      workspace[k++] = a[i++];
    }
    while (j < hi) {
      workspace[k++] = a[j++];
    }
    System.arraycopy(workspace, lo, a, lo, hi - lo);
  }
}

final class SortSublists extends RecursiveAction {
  private final List<String> words;
  private final int lo;
  private final int hi;

  SortSublists(List<String> words, int lo, int hi) {
    this.words = words;
    this.lo = lo;
    this.hi = hi;
  }

  @Override
  protected void compute() {
    if (hi - lo <= 1000) {
      Collections.sort(words.subList(lo, hi));
      return;
    }
    int mid = (lo + hi) >>> 1;
    invokeAll(new SortSublists(words, lo, mid), new SortSublists(words, mid, hi));
  }
}

final class Driver {
  static long sum(List<Long> values) {
    List<Long> snapshot = new ArrayList<>(values);
    return ForkJoinPool.commonPool().invoke(new SumRange(snapshot, 0, snapshot.size()));
  }

  static long[] sorted(long[] input) {
    long[] copy = Arrays.copyOf(input, input.length);
    ForkJoinPool.commonPool().invoke(new SortRange(copy, new long[copy.length], 0, copy.length));
    return copy;
  }
}
