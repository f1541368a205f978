// Modelled on jAcer, a ray tracer (Table II: copy on fork): the rows still to render are split
// by copying each half into a new array with System.arraycopy.
package corpus.jacer;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

final class Scene {
  final int width;
  final int height;

  Scene(int width, int height) {
    this.width = width;
    this.height = height;
  }

  int trace(int x, int y) {
    return (x * 31 + y * 17) & 0xffffff;
  }
}

final class RenderRows extends RecursiveAction {
  private final Scene scene;
  private final int[] rows;
  private final int[] pixels;

  RenderRows(Scene scene, int[] rows, int[] pixels) {
    this.scene = scene;
    this.rows = rows;
    this.pixels = pixels;
  }

  @Override
  protected void compute() {
    if (rows.length <= 4) {
      for (int y : rows) {
        for (int x = 0; x < scene.width; x++) {
          pixels[y * scene.width + x] = scene.trace(x, y);
        }
      }
      return;
    }
    int mid = rows.length / 2;
    int[] top = new int[mid];
    int[] bottom = new int[rows.length - mid];
    // expect: copy-on-fork
    System.arraycopy(rows, 0, top, 0, mid);
    // expect: copy-on-fork
    System.arraycopy(rows, mid, bottom, 0, bottom.length);
    invokeAll(new RenderRows(scene, top, pixels), new RenderRows(scene, bottom, pixels));
  }

  static int[] render(Scene scene, ForkJoinPool pool) {
    int[] rows = new int[scene.height];
    for (int y = 0; y < rows.length; y++) {
      rows[y] = y;
    }
    int[] pixels = new int[scene.width * scene.height];
    pool.invoke(new RenderRows(scene, rows, pixels));
    return pixels;
  }
}
