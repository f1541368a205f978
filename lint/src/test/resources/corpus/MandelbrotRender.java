// Modelled on SimpleMandelbrotDemo (Table II: intra-task synchronization; Pinto et al. 2017,
// Fig. 9): every pixel is written to the shared image under a shared lock.
package corpus.mandelbrot;

import java.awt.image.BufferedImage;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

final class Mandelbrot {
  final Object lock = new Object();
  final BufferedImage renderImage;
  final int maxIterations = 500;
  boolean isLiveRendering = true;

  Mandelbrot(int width, int height) {
    renderImage = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
  }

  void repaint() {}

  void render(ForkJoinPool pool) {
    pool.invoke(new MandelbrotTask(this, 0, renderImage.getHeight()));
  }
}

final class MandelbrotTask extends RecursiveAction {
  private static final boolean isBenchmarking = false;
  private final Mandelbrot mb;
  private final int rowStart;
  private final int rowEnd;

  MandelbrotTask(Mandelbrot mb, int rowStart, int rowEnd) {
    this.mb = mb;
    this.rowStart = rowStart;
    this.rowEnd = rowEnd;
  }

  @Override
  protected void compute() {
    if (rowEnd - rowStart <= 5) {
      int width = mb.renderImage.getWidth();
      int height = mb.renderImage.getHeight();
      for (int i = rowStart; i < rowEnd; i++) {
        for (int j = 0; j < width; j++) {
          int color = iterate(-2.0 + 3.0 * j / width, -1.5 + 3.0 * i / height);
          if (!isBenchmarking && mb.isLiveRendering) {
            // expect: intra-task-sync
            synchronized (mb.lock) {
              mb.renderImage.setRGB(j, i, color);
            }
            mb.repaint();
          }
        }
      }
      return;
    }
    int mid = (rowStart + rowEnd) / 2;
    invokeAll(new MandelbrotTask(mb, rowStart, mid), new MandelbrotTask(mb, mid, rowEnd));
  }

  private int iterate(double cr, double ci) {
    double zr = 0;
    double zi = 0;
    int k = 0;
    while (k < mb.maxIterations && zr * zr + zi * zi < 4) {
      double t = zr * zr - zi * zi + cr;
      zi = 2 * zr * zi + ci;
      zr = t;
      k++;
    }
    return k == mb.maxIterations ? 0 : Math.min(255, k * 8) << 8;
  }
}
