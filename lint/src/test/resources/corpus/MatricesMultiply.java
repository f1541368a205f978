// Modelled on Matrices (Table II: intra-task synchronization): a blocked matrix product where
// every block adds its partial products into the shared result under one ReentrantLock.
package corpus.matrices;

import java.util.concurrent.RecursiveAction;
import java.util.concurrent.locks.ReentrantLock;

final class Matrix {
  final double[][] cells;

  Matrix(int n) {
    cells = new double[n][n];
  }

  int size() {
    return cells.length;
  }
}

final class MultiplyBlock extends RecursiveAction {
  private static final int BLOCK = 64;
  private final Matrix a;
  private final Matrix b;
  private final Matrix c;
  private final ReentrantLock resultLock;
  private final int row;
  private final int col;
  private final int k0;
  private final int size;

  MultiplyBlock(
      Matrix a, Matrix b, Matrix c, ReentrantLock resultLock, int row, int col, int k0, int size) {
    this.a = a;
    this.b = b;
    this.c = c;
    this.resultLock = resultLock;
    this.row = row;
    this.col = col;
    this.k0 = k0;
    this.size = size;
  }

  @Override
  protected void compute() {
    if (size <= BLOCK) {
      double[][] partial = new double[size][size];
      for (int i = 0; i < size; i++) {
        for (int k = 0; k < size; k++) {
          double aik = a.cells[row + i][k0 + k];
          for (int j = 0; j < size; j++) {
            partial[i][j] += aik * b.cells[k0 + k][col + j];
          }
        }
      }
      // expect: intra-task-sync
      resultLock.lock();
      try {
        for (int i = 0; i < size; i++) {
          for (int j = 0; j < size; j++) {
            c.cells[row + i][col + j] += partial[i][j];
          }
        }
      } finally {
        resultLock.unlock();
      }
      return;
    }
    int h = size / 2;
    invokeAll(
        new MultiplyBlock(a, b, c, resultLock, row, col, k0, h),
        new MultiplyBlock(a, b, c, resultLock, row, col, k0 + h, h),
        new MultiplyBlock(a, b, c, resultLock, row + h, col + h, k0, h),
        new MultiplyBlock(a, b, c, resultLock, row + h, col + h, k0 + h, h));
    invokeAll(
        new MultiplyBlock(a, b, c, resultLock, row, col + h, k0, h),
        new MultiplyBlock(a, b, c, resultLock, row, col + h, k0 + h, h),
        new MultiplyBlock(a, b, c, resultLock, row + h, col, k0, h),
        new MultiplyBlock(a, b, c, resultLock, row + h, col, k0 + h, h));
  }
}
