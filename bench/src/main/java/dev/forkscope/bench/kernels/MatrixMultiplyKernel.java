package dev.forkscope.bench.kernels;

import java.util.Random;

/**
 * Lea's MM (jsr166 / Cilk {@code MatrixMultiply}): {@code C = A·B} on n×n doubles by quadrant
 * recursion. Each level runs two phases of four parallel quadrant products ({@code C11 += A11·B11}
 * then {@code C11 += A12·B21}, ...), so no two tasks ever write the same quadrant at once.
 */
public final class MatrixMultiplyKernel implements Kernel {
  private final int n;
  private final int granularity;
  private final double[] a;
  private final double[] b;
  private final double[] c;
  private double[] expected;

  /** {@code n} and {@code granularity} must be powers of two. */
  public MatrixMultiplyKernel(int n, int granularity) {
    this.n = n;
    this.granularity = granularity;
    Random random = new Random(42);
    this.a = random.doubles((long) n * n).toArray();
    this.b = random.doubles((long) n * n).toArray();
    this.c = new double[n * n];
  }

  @Override
  public String name() {
    return "matmul(" + n + ")";
  }

  /** Operations: multiply-adds. */
  @Override
  public long ops() {
    return (long) n * n * n;
  }

  @Override
  public void prepare() {
    java.util.Arrays.fill(c, 0.0);
  }

  @Override
  public void run(Dialect d) {
    d.invoke(
        () -> {
          multiply(d, 0, 0, 0, 0, 0, 0, n);
          return null;
        });
  }

  /** C[ci.., cj..] += A[ai.., aj..] · B[bi.., bj..] for blocks of the given size. */
  private void multiply(Dialect d, int ai, int aj, int bi, int bj, int ci, int cj, int size) {
    if (size <= granularity) {
      multiplyBlock(ai, aj, bi, bj, ci, cj, size);
      return;
    }
    int h = size / 2;
    for (int phase = 0; phase < 2; phase++) {
      int k = phase * h;
      Dialect.Forked<Void> q12 =
          d.fork(() -> product(d, ai, aj + k, bi + k, bj + h, ci, cj + h, h));
      Dialect.Forked<Void> q21 =
          d.fork(() -> product(d, ai + h, aj + k, bi + k, bj, ci + h, cj, h));
      Dialect.Forked<Void> q22 =
          d.fork(() -> product(d, ai + h, aj + k, bi + k, bj + h, ci + h, cj + h, h));
      multiply(d, ai, aj + k, bi + k, bj, ci, cj, h);
      q22.join();
      q21.join();
      q12.join();
    }
  }

  private Void product(Dialect d, int ai, int aj, int bi, int bj, int ci, int cj, int size) {
    multiply(d, ai, aj, bi, bj, ci, cj, size);
    return null;
  }

  private void multiplyBlock(int ai, int aj, int bi, int bj, int ci, int cj, int size) {
    for (int i = 0; i < size; i++) {
      int cRow = (ci + i) * n + cj;
      int aRow = (ai + i) * n + aj;
      for (int k = 0; k < size; k++) {
        double aik = a[aRow + k];
        int bRow = (bi + k) * n + bj;
        for (int j = 0; j < size; j++) {
          c[cRow + j] += aik * b[bRow + j];
        }
      }
    }
  }

  @Override
  public void verify() {
    if (expected == null) {
      expected = new double[n * n];
      for (int i = 0; i < n; i++) {
        for (int k = 0; k < n; k++) {
          double aik = a[i * n + k];
          for (int j = 0; j < n; j++) {
            expected[i * n + j] += aik * b[k * n + j];
          }
        }
      }
    }
    Checks.close(name(), expected, c, 1e-9);
  }
}
