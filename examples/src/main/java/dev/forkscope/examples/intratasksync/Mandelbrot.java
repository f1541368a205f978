package dev.forkscope.examples.intratasksync;

/** The image and the per-pixel work shared by both variants of the Mandelbrot renderer. */
final class Mandelbrot {
  /** Image height (and width) in pixels. */
  static final int DEFAULT_SIZE = 1_000;

  /** Below this many rows a task renders them sequentially. */
  static final int ROWS_PER_TASK = 8;

  private static final int MAX_ITERATIONS = 256;

  final int width;
  final int height;
  final Image renderImage;
  final Object lock = new Object();

  Mandelbrot(int size) {
    this.width = size;
    this.height = size;
    this.renderImage = new Image(size, size);
  }

  /** Colour of pixel (j, i): the escape time of the point, mapped to a grey level. */
  int colorAt(int j, int i) {
    double cr = -2.0 + 3.0 * j / width;
    double ci = -1.5 + 3.0 * i / height;
    double zr = 0;
    double zi = 0;
    int n = 0;
    while (n < MAX_ITERATIONS && zr * zr + zi * zi <= 4.0) {
      double t = zr * zr - zi * zi + cr;
      zi = 2 * zr * zi + ci;
      zr = t;
      n++;
    }
    int grey = n == MAX_ITERATIONS ? 0 : 255 - n;
    return 0xFF000000 | grey << 16 | grey << 8 | grey;
  }

  /** A packed-ARGB raster, like the BufferedImage of the original program, without AWT. */
  static final class Image {
    private final int width;
    private final int[] argb;

    Image(int width, int height) {
      this.width = width;
      this.argb = new int[width * height];
    }

    void setRGB(int x, int y, int rgb) {
      argb[y * width + x] = rgb;
    }

    long checksum() {
      long sum = 0;
      for (int pixel : argb) {
        sum = sum * 31 + pixel;
      }
      return sum;
    }
  }
}
