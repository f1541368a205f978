package sample;

import java.util.concurrent.RecursiveAction;

/** Increments a range, and after each leaf sleeps in a helper declared in another file. */
public final class Worker extends RecursiveAction {
  private final int[] data;
  private final int from;
  private final int to;

  public Worker(int[] data, int from, int to) {
    this.data = data;
    this.from = from;
    this.to = to;
  }

  @Override
  protected void compute() {
    if (to - from <= 1_000) {
      for (int i = from; i < to; i++) {
        data[i]++;
      }
      Pause.settle();
      return;
    }
    int mid = (from + to) >>> 1;
    invokeAll(new Worker(data, from, mid), new Worker(data, mid, to));
  }
}
