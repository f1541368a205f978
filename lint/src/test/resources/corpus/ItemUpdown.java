// Modelled on itemupdown (Table II: copy on fork): votes on items are tallied by a recursive
// action that hands each half of the array to a subtask as a fresh copy.
package corpus.itemupdown;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

final class Item {
  final String id;
  int ups;
  int downs;
  double score;

  Item(String id, int ups, int downs) {
    this.id = id;
    this.ups = ups;
    this.downs = downs;
  }
}

final class ScoreItems extends RecursiveAction {
  private static final int THRESHOLD = 500;
  private final Item[] items;

  ScoreItems(Item[] items) {
    this.items = items;
  }

  @Override
  protected void compute() {
    if (items.length <= THRESHOLD) {
      for (Item item : items) {
        item.score = wilson(item.ups, item.downs);
      }
      return;
    }
    int half = items.length / 2;
    // expect: copy-on-fork
    Item[] first = Arrays.copyOfRange(items, 0, half);
    // expect: copy-on-fork
    Item[] second = Arrays.copyOfRange(items, half, items.length);
    invokeAll(new ScoreItems(first), new ScoreItems(second));
  }

  static double wilson(int ups, int downs) {
    int n = ups + downs;
    if (n == 0) {
      return 0;
    }
    double z = 1.96;
    double p = (double) ups / n;
    return (p + z * z / (2 * n) - z * Math.sqrt((p * (1 - p) + z * z / (4 * n)) / n))
        / (1 + z * z / n);
  }
}

final class Ranking {
  static void rank(Item[] items) {
    ForkJoinPool.commonPool().invoke(new ScoreItems(items));
    Arrays.sort(items, (a, b) -> Double.compare(b.score, a.score));
  }
}
