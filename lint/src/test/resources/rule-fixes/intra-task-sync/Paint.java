import java.util.concurrent.RecursiveAction;

class Paint extends RecursiveAction {
  private final Canvas c;
  private final int lo, hi;

  Paint(Canvas c, int lo, int hi) {
    this.c = c;
    this.lo = lo;
    this.hi = hi;
  }

  @Override
  protected void compute() {
    if (hi - lo > 1) {
      int mid = (lo + hi) >>> 1;
      invokeAll(new Paint(c, lo, mid), new Paint(c, mid, hi));
      return;
    }
    for (int j = 0; j < c.width; j++) {
      int color = j * lo;
      synchronized (c.lock) {
        c.raster.set(j, lo, color);
      }
    }
  }
}

final class Canvas {
  final int width;
  final Object lock = new Object();
  final Raster raster;

  Canvas(int w, int h) {
    width = w;
    raster = new Raster(w, h);
  }

  static final class Raster {
    private final int width;
    private final int[] argb;

    Raster(int w, int h) {
      width = w;
      argb = new int[w * h];
    }

    void set(int x, int y, int rgb) {
      argb[y * width + x] = rgb;
    }
  }
}
