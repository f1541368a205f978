package dev.forkscope.examples.copyonjoin;

import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.function.Predicate;

/**
 * Copy on join, fixed: one shared output structure carries the results. Each leaf marks which
 * elements of its own disjoint slice pass the filter, and the list is assembled once, after the
 * parallel phase.
 */
public final class CopyOnJoinAfter implements ZooProgram {

  public static void main(String[] args) {
    Zoo.run(new CopyOnJoinAfter(), args);
  }

  @Override
  public long compute(int size) {
    List<Integer> numbers = Numbers.generate(size);
    boolean[] keep = new boolean[size];
    ForkJoinPool.commonPool()
        .invoke(new RecursiveFilteringTask<>(Numbers::isPrime, numbers, keep, 0, size));
    List<Integer> primes = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      if (keep[i]) {
        primes.add(numbers.get(i));
      }
    }
    return Numbers.checksum(primes);
  }

  @Override
  public int defaultSize() {
    return Numbers.DEFAULT_SIZE;
  }

  static final class RecursiveFilteringTask<T> extends RecursiveAction {
    private final Predicate<T> filter;
    private final List<T> dataSource;
    private final boolean[] keep;
    private final int lo;
    private final int hi;

    RecursiveFilteringTask(
        Predicate<T> filter, List<T> dataSource, boolean[] keep, int lo, int hi) {
      this.filter = filter;
      this.dataSource = dataSource;
      this.keep = keep;
      this.lo = lo;
      this.hi = hi;
    }

    @Override
    protected void compute() {
      if (hi - lo < Numbers.FORK_SIZE) {
        for (int i = lo; i < hi; i++) {
          keep[i] = filter.test(dataSource.get(i));
        }
        return;
      }
      int mid = (lo + hi) >>> 1;
      invokeAll(
          new RecursiveFilteringTask<>(filter, dataSource, keep, lo, mid),
          new RecursiveFilteringTask<>(filter, dataSource, keep, mid, hi));
    }
  }
}
