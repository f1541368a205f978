package dev.forkscope.bench.kernels;

import java.util.Random;

/**
 * Lea's LU: in-place LU decomposition without pivoting of a diagonally dominant n×n matrix, blocked
 * right-looking. For each block column k: factor the diagonal block, solve the row and column
 * panels in parallel, then update the trailing blocks in parallel. Every step ends in a join of all
 * its tasks, so the DAG narrows as k grows (Lea's worst-scaling program).
 */
public final class LuKernel implements Kernel {
  private final int n;
  private final int block;
  private final double[] input;
  private final double[] m;
  private double[] expected;

  /** {@code n} must be a multiple of {@code block}. */
  public LuKernel(int n, int block) {
    this.n = n;
    this.block = block;
    Random random = new Random(7);
    this.input = random.doubles((long) n * n).toArray();
    for (int i = 0; i < n; i++) {
      input[i * n + i] += n;
    }
    this.m = new double[n * n];
  }

  @Override
  public String name() {
    return "lu(" + n + ")";
  }

  /** Operations: about 2n³/3 floating-point operations. */
  @Override
  public long ops() {
    return 2L * n * n * n / 3;
  }

  @Override
  public void prepare() {
    System.arraycopy(input, 0, m, 0, input.length);
  }

  @Override
  public void run(Dialect d) {
    int blocks = n / block;
    d.invoke(
        () -> {
          for (int k = 0; k < blocks; k++) {
            int kk = k;
            int rest = blocks - k - 1;
            factorDiagonal(kk * block);
            Parallel.forEach(
                d,
                0,
                2 * rest,
                p -> {
                  int other = kk + 1 + p % rest;
                  if (p < rest) {
                    solveRowPanel(kk * block, other * block);
                  } else {
                    solveColumnPanel(kk * block, other * block);
                  }
                });
            Parallel.forEach(
                d,
                0,
                rest * rest,
                p ->
                    updateTrailing(
                        kk * block, (kk + 1 + p / rest) * block, (kk + 1 + p % rest) * block));
          }
          return null;
        });
  }

  /** Unblocked LU of the diagonal block at (k, k). */
  private void factorDiagonal(int k) {
    for (int p = k; p < k + block; p++) {
      double pivot = m[p * n + p];
      for (int i = p + 1; i < k + block; i++) {
        double l = m[i * n + p] / pivot;
        m[i * n + p] = l;
        for (int j = p + 1; j < k + block; j++) {
          m[i * n + j] -= l * m[p * n + j];
        }
      }
    }
  }

  /** U block (k, j) = L(k, k)⁻¹ · A(k, j), with L unit lower triangular. */
  private void solveRowPanel(int k, int j0) {
    for (int p = k; p < k + block; p++) {
      for (int i = p + 1; i < k + block; i++) {
        double l = m[i * n + p];
        for (int j = j0; j < j0 + block; j++) {
          m[i * n + j] -= l * m[p * n + j];
        }
      }
    }
  }

  /** L block (i, k) = A(i, k) · U(k, k)⁻¹. */
  private void solveColumnPanel(int k, int i0) {
    for (int i = i0; i < i0 + block; i++) {
      for (int p = k; p < k + block; p++) {
        double l = m[i * n + p] / m[p * n + p];
        m[i * n + p] = l;
        for (int j = p + 1; j < k + block; j++) {
          m[i * n + j] -= l * m[p * n + j];
        }
      }
    }
  }

  /** A(i, j) -= L(i, k) · U(k, j). */
  private void updateTrailing(int k, int i0, int j0) {
    for (int i = i0; i < i0 + block; i++) {
      for (int p = k; p < k + block; p++) {
        double l = m[i * n + p];
        for (int j = j0; j < j0 + block; j++) {
          m[i * n + j] -= l * m[p * n + j];
        }
      }
    }
  }

  @Override
  public void verify() {
    if (expected == null) {
      expected = input.clone();
      for (int p = 0; p < n; p++) {
        for (int i = p + 1; i < n; i++) {
          double l = expected[i * n + p] / expected[p * n + p];
          expected[i * n + p] = l;
          for (int j = p + 1; j < n; j++) {
            expected[i * n + j] -= l * expected[p * n + j];
          }
        }
      }
    }
    Checks.close(name(), expected, m, 1e-9);
  }
}
