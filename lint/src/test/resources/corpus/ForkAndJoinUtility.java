// Modelled on ForkAndJoinUtility (Table II: copy on fork): a small generic helper that applies a
// function to every element of a list; it splits the list with Guava's Lists.partition.
package corpus.fjutility;

import com.google.common.collect.Lists;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.function.Function;

public final class ForkAndJoinUtility {
  private static final ForkJoinPool POOL = new ForkJoinPool();

  private ForkAndJoinUtility() {}

  public static <T, R> List<R> map(List<T> items, Function<T, R> fn, int threshold) {
    return POOL.invoke(new MapTask<>(items, fn, threshold));
  }

  static final class MapTask<T, R> extends RecursiveTask<List<R>> {
    private final List<T> items;
    private final Function<T, R> fn;
    private final int threshold;

    MapTask(List<T> items, Function<T, R> fn, int threshold) {
      this.items = items;
      this.fn = fn;
      this.threshold = threshold;
    }

    @Override
    protected List<R> compute() {
      if (items.size() <= threshold) {
        List<R> out = new ArrayList<>(items.size());
        for (T item : items) {
          out.add(fn.apply(item));
        }
        return out;
      }
      List<MapTask<T, R>> subtasks = new ArrayList<>();
      // expect: copy-on-fork
      for (List<T> part : Lists.partition(items, (items.size() + 1) / 2)) {
        subtasks.add(new MapTask<>(part, fn, threshold));
      }
      invokeAll(subtasks);
      List<R> out = new ArrayList<>(items.size());
      for (MapTask<T, R> t : subtasks) {
        // expect: copy-on-join
        out.addAll(t.join());
      }
      return out;
    }
  }
}
