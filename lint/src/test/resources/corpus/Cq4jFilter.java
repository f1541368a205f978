// Modelled on cq4j (Table II: copy on fork, copy on join; Pinto et al. 2017, Fig. 6): a
// collection query filters a list recursively on subList views and concatenates the results.
package corpus.cq4j;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.function.Predicate;

class RecursiveFilteringTask<T> extends RecursiveTask<List<T>> {
  private static final int FORK_SIZE = 1000;
  private final Predicate<T> filter;
  private final List<T> dataSource;

  RecursiveFilteringTask(Predicate<T> filter, List<T> dataSource) {
    this.filter = filter;
    this.dataSource = dataSource;
  }

  @Override
  protected List<T> compute() {
    int size = dataSource.size();
    if (size < FORK_SIZE) {
      return computeDirectly();
    } else {
      List<T> result = new ArrayList<T>();
      int mid = size / 2;
      RecursiveFilteringTask<T> first =
          // expect: copy-on-fork
          new RecursiveFilteringTask<T>(filter, dataSource.subList(0, mid));
      first.fork();
      RecursiveFilteringTask<T> second =
          // expect: copy-on-fork
          new RecursiveFilteringTask<T>(filter, dataSource.subList(mid, size));
      second.fork();
      // expect: copy-on-join
      result.addAll(first.join());
      // expect: copy-on-join
      result.addAll(second.join());
      return result;
    }
  }

  private List<T> computeDirectly() {
    List<T> result = new ArrayList<T>();
    for (T t : dataSource) {
      if (filter.test(t)) {
        result.add(t);
      }
    }
    return result;
  }
}

class Query<T> {
  private final List<T> source;

  Query(List<T> source) {
    this.source = source;
  }

  List<T> where(Predicate<T> filter) {
    return ForkJoinPool.commonPool().invoke(new RecursiveFilteringTask<T>(filter, source));
  }
}
