package dev.forkscope.examples.scattereddata;

import java.util.concurrent.RecursiveTask;

/**
 * The data and the per-segment work shared by both variants: a digest of each segment of a large
 * array.
 */
final class Segments {
  /** Segments per run. */
  static final int DEFAULT_SIZE = 8_192;

  /** Elements per segment. */
  static final int SEGMENT_LENGTH = 2_048;

  private Segments() {}

  static int[] generate(int segments) {
    int[] data = new int[segments * SEGMENT_LENGTH];
    for (int i = 0; i < data.length; i++) {
      data[i] = i * 0x9E3779B1;
    }
    return data;
  }

  static long merge(long result, long next) {
    return result * 1_000_003 + next;
  }

  /** Digests segment {@code index} of {@code data}. */
  static final class SegmentTask extends RecursiveTask<Long> {
    private final int[] data;
    private final int index;

    SegmentTask(int[] data, int index) {
      this.data = data;
      this.index = index;
    }

    @Override
    protected Long compute() {
      long h = 0;
      for (int i = index * SEGMENT_LENGTH, end = i + SEGMENT_LENGTH; i < end; i++) {
        h = (h ^ data[i]) * 0x100000001B3L;
        h ^= h >>> 29;
      }
      return h;
    }
  }
}
