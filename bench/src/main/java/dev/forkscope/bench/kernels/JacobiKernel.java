package dev.forkscope.bench.kernels;

import java.util.Arrays;

/**
 * Lea's Jacobi (jsr166 {@code FJJacobi}): {@code steps} sweeps of nearest-neighbour averaging on an
 * n×n grid with fixed borders. Each sweep splits the rows into bands and joins them all before the
 * next one: a barrier per step, so workers go idle and wake up {@code steps} times per run (Lea
 * §4.4; FJJacobi in the JDK-8080623 analysis).
 */
public final class JacobiKernel implements Kernel {
  private static final int BAND_ROWS = 16;

  private final int n;
  private final int steps;
  private final double[] grid;
  private final double[] next;
  private double[] result;
  private double[] expected;

  public JacobiKernel(int n, int steps) {
    this.n = n;
    this.steps = steps;
    this.grid = new double[n * n];
    this.next = new double[n * n];
  }

  @Override
  public String name() {
    return "jacobi(" + n + "x" + steps + ")";
  }

  /** Operations: cell updates. */
  @Override
  public long ops() {
    return (long) (n - 2) * (n - 2) * steps;
  }

  @Override
  public void prepare() {
    initialise(grid);
    initialise(next);
  }

  /** Zero inside, a hot top edge of 1.0, so values spread downwards step by step. */
  private void initialise(double[] g) {
    Arrays.fill(g, 0.0);
    Arrays.fill(g, 0, n, 1.0);
  }

  @Override
  public void run(Dialect d) {
    int bands = (n - 2 + BAND_ROWS - 1) / BAND_ROWS;
    result =
        d.invoke(
            () -> {
              double[] from = grid;
              double[] to = next;
              for (int s = 0; s < steps; s++) {
                double[] src = from;
                double[] dst = to;
                Parallel.forEach(
                    d,
                    0,
                    bands,
                    band -> {
                      int first = 1 + band * BAND_ROWS;
                      sweep(src, dst, first, Math.min(n - 1, first + BAND_ROWS));
                    });
                from = dst;
                to = src;
              }
              return from;
            });
  }

  private void sweep(double[] src, double[] dst, int firstRow, int endRow) {
    for (int i = firstRow; i < endRow; i++) {
      int row = i * n;
      for (int j = 1; j < n - 1; j++) {
        dst[row + j] =
            0.25 * (src[row + j - 1] + src[row + j + 1] + src[row - n + j] + src[row + n + j]);
      }
    }
  }

  @Override
  public void verify() {
    if (expected == null) {
      double[] from = new double[n * n];
      double[] to = new double[n * n];
      initialise(from);
      initialise(to);
      for (int s = 0; s < steps; s++) {
        sweep(from, to, 1, n - 1);
        double[] t = from;
        from = to;
        to = t;
      }
      expected = from;
    }
    if (!Arrays.equals(expected, result)) {
      throw new IllegalStateException(name() + ": grid differs from the sequential sweep");
    }
  }
}
