import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.function.Predicate;

class Primes {
  long compute(int size) {
    List<Integer> numbers = new ArrayList<>();
    for (int n = 0; n < size; n++) numbers.add(n);
    List<Integer> primes =
        ForkJoinPool.commonPool().invoke(new FilteringTask<>(x -> x % 3 == 0, numbers, 0, size));
    return primes.size();
  }

  static final class FilteringTask<T> extends RecursiveTask<List<T>> {
    private final Predicate<T> filter;
    private final List<T> dataSource;
    private final int lo;
    private final int hi;

    FilteringTask(Predicate<T> filter, List<T> dataSource, int lo, int hi) {
      this.filter = filter;
      this.dataSource = dataSource;
      this.lo = lo;
      this.hi = hi;
    }

    @Override
    protected List<T> compute() {
      if (hi - lo < 100) {
        return computeDirectly();
      }
      List<T> result = new ArrayList<>();
      int mid = (lo + hi) >>> 1;
      FilteringTask<T> first = new FilteringTask<>(filter, dataSource, lo, mid);
      FilteringTask<T> second = new FilteringTask<>(filter, dataSource, mid, hi);
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
