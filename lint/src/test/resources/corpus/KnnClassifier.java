// Modelled on knn (Table II: copy on fork): nearest-neighbour classification of a batch of
// query points; the batch is halved by copying the rows of the 2-D array.
package corpus.knn;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

final class Classify extends RecursiveAction {
  private static final int BATCH = 64;
  private final double[][] training;
  private final int[] labels;
  private final double[][] queries;
  private final int[] out;
  private final int offset;
  private final int k;

  Classify(double[][] training, int[] labels, double[][] queries, int[] out, int offset, int k) {
    this.training = training;
    this.labels = labels;
    this.queries = queries;
    this.out = out;
    this.offset = offset;
    this.k = k;
  }

  @Override
  protected void compute() {
    if (queries.length <= BATCH) {
      for (int q = 0; q < queries.length; q++) {
        out[offset + q] = vote(queries[q]);
      }
      return;
    }
    int half = queries.length / 2;
    // expect: copy-on-fork
    double[][] lower = Arrays.copyOfRange(queries, 0, half);
    // expect: copy-on-fork
    double[][] upper = Arrays.copyOfRange(queries, half, queries.length);
    invokeAll(
        new Classify(training, labels, lower, out, offset, k),
        new Classify(training, labels, upper, out, offset + half, k));
  }

  private int vote(double[] query) {
    int n = training.length;
    double[] dist = new double[n];
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      double d = 0;
      for (int j = 0; j < query.length; j++) {
        double diff = training[i][j] - query[j];
        d += diff * diff;
      }
      dist[i] = d;
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Double.compare(dist[x], dist[y]));
    int[] counts = new int[16];
    for (int i = 0; i < k && i < n; i++) {
      counts[labels[order[i]]]++;
    }
    int best = 0;
    for (int c = 1; c < counts.length; c++) {
      if (counts[c] > counts[best]) {
        best = c;
      }
    }
    return best;
  }

  static int[] classifyAll(double[][] training, int[] labels, double[][] queries, int k) {
    int[] out = new int[queries.length];
    ForkJoinPool.commonPool().invoke(new Classify(training, labels, queries, out, 0, k));
    return out;
  }
}
