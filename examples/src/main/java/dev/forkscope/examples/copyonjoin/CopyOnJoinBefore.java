package dev.forkscope.examples.copyonjoin;

import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.function.Predicate;

/**
 * Bottleneck 3, copy on join: each task copies its subtasks' results into a new list (Fig. 6 of
 * Pinto et al.).
 */
public final class CopyOnJoinBefore implements ZooProgram {

  public static void main(String[] args) {
    Zoo.run(new CopyOnJoinBefore(), args);
  }

  @Override
  public long compute(int size) {
    List<Integer> numbers = Numbers.generate(size);
    List<Integer> primes =
        ForkJoinPool.commonPool()
            .invoke(new RecursiveFilteringTask<>(Numbers::isPrime, numbers, 0, size));
    return Numbers.checksum(primes);
  }

  @Override
  public int defaultSize() {
    return Numbers.DEFAULT_SIZE;
  }

  static final class RecursiveFilteringTask<T> extends RecursiveTask<List<T>> {
    private final Predicate<T> filter;
    private final List<T> dataSource;
    private final int lo;
    private final int hi;

    RecursiveFilteringTask(Predicate<T> filter, List<T> dataSource, int lo, int hi) {
      this.filter = filter;
      this.dataSource = dataSource;
      this.lo = lo;
      this.hi = hi;
    }

    @Override
    protected List<T> compute() {
      if (hi - lo < Numbers.FORK_SIZE) {
        return computeDirectly();
      }
      List<T> result = new ArrayList<>();
      int mid = (lo + hi) >>> 1;
      RecursiveFilteringTask<T> first = new RecursiveFilteringTask<>(filter, dataSource, lo, mid);
      RecursiveFilteringTask<T> second = new RecursiveFilteringTask<>(filter, dataSource, mid, hi);
      invokeAll(first, second);
      result.addAll(first.join());
      result.addAll(second.join());
      return result;
    }

    private List<T> computeDirectly() {
      List<T> kept = new ArrayList<>();
      for (int i = lo; i < hi; i++) {
        T item = dataSource.get(i);
        if (filter.test(item)) {
          kept.add(item);
        }
      }
      return kept;
    }
  }
}
