// Modelled on LockedBasedGrid (Table II: intra-task synchronization): a heat-diffusion step over
// a grid whose cells are written through a synchronized setter.
package corpus.lockedgrid;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

final class Grid {
  private final double[][] cells;

  Grid(int rows, int cols) {
    cells = new double[rows][cols];
  }

  int rows() {
    return cells.length;
  }

  int cols() {
    return cells[0].length;
  }

  double get(int r, int c) {
    return cells[r][c];
  }

  // expect: intra-task-sync
  public synchronized void set(int r, int c, double v) {
    cells[r][c] = v;
  }
}

final class DiffuseRows extends RecursiveAction {
  private final Grid from;
  private final Grid to;
  private final int lo;
  private final int hi;

  DiffuseRows(Grid from, Grid to, int lo, int hi) {
    this.from = from;
    this.to = to;
    this.lo = lo;
    this.hi = hi;
  }

  @Override
  protected void compute() {
    if (hi - lo <= 16) {
      for (int r = Math.max(1, lo); r < Math.min(hi, from.rows() - 1); r++) {
        for (int c = 1; c < from.cols() - 1; c++) {
          double v =
              (from.get(r - 1, c) + from.get(r + 1, c) + from.get(r, c - 1) + from.get(r, c + 1))
                  / 4;
          to.set(r, c, v);
        }
      }
    } else {
      int mid = (lo + hi) >>> 1;
      invokeAll(new DiffuseRows(from, to, lo, mid), new DiffuseRows(from, to, mid, hi));
    }
  }

  static Grid step(Grid grid) {
    Grid next = new Grid(grid.rows(), grid.cols());
    ForkJoinPool.commonPool().invoke(new DiffuseRows(grid, next, 0, grid.rows()));
    return next;
  }
}
