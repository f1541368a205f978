package dev.forkscope.examples.intratasksync;

import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooProgram;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Intra-task synchronization, fixed: tasks write disjoint rows of the image, so no lock is needed;
 * the pool's join publishes the pixels to the caller.
 */
public final class IntraTaskSyncAfter implements ZooProgram {

  public static void main(String[] args) {
    Zoo.run(new IntraTaskSyncAfter(), args);
  }

  @Override
  public long compute(int size) {
    Mandelbrot mb = new Mandelbrot(size);
    ForkJoinPool.commonPool().invoke(new RenderTask(mb, 0, mb.height));
    return mb.renderImage.checksum();
  }

  @Override
  public int defaultSize() {
    return Mandelbrot.DEFAULT_SIZE;
  }

  static final class RenderTask extends RecursiveAction {
    private final Mandelbrot mb;
    private final int fromRow;
    private final int toRow;

    RenderTask(Mandelbrot mb, int fromRow, int toRow) {
      this.mb = mb;
      this.fromRow = fromRow;
      this.toRow = toRow;
    }

    @Override
    protected void compute() {
      if (toRow - fromRow > Mandelbrot.ROWS_PER_TASK) {
        int mid = (fromRow + toRow) >>> 1;
        invokeAll(new RenderTask(mb, fromRow, mid), new RenderTask(mb, mid, toRow));
        return;
      }
      for (int i = fromRow; i < toRow; i++) {
        for (int j = 0; j < mb.width; j++) {
          mb.renderImage.setRGB(j, i, mb.colorAt(j, i));
        }
      }
    }
  }
}
