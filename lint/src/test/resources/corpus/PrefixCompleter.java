// An idiomatic CountedCompleter (in the style of the JDK's ArrayPrefixHelpers and the
// CountedCompleter javadoc): subtasks share the array, forks are balanced with tryComplete,
// and nothing waits.
package corpus.completer;

import java.util.concurrent.CountedCompleter;
import java.util.function.IntUnaryOperator;

final class MapInPlace extends CountedCompleter<Void> {
  private final int[] array;
  private final IntUnaryOperator op;
  private final int lo;
  private final int hi;

  MapInPlace(CountedCompleter<?> parent, int[] array, IntUnaryOperator op, int lo, int hi) {
    super(parent);
    this.array = array;
    this.op = op;
    this.lo = lo;
    this.hi = hi;
  }

  @Override
  public void compute() {
    int l = lo;
    int h = hi;
    while (h - l >= 2048) {
      int mid = (l + h) >>> 1;
      addToPendingCount(1);
      new MapInPlace(this, array, op, mid, h).fork();
      h = mid;
    }
    for (int i = l; i < h; i++) {
      array[i] = op.applyAsInt(array[i]);
    }
    tryComplete();
  }

  static void apply(int[] array, IntUnaryOperator op) {
    new MapInPlace(null, array, op, 0, array.length).invoke();
  }
}
