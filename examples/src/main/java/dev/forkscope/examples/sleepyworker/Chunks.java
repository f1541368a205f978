package dev.forkscope.examples.sleepyworker;

/**
 * The per-chunk work shared by both variants: a synchronous digest of one chunk of generated data.
 */
final class Chunks {
  /** Chunks per run. */
  static final int DEFAULT_SIZE = 96;

  /** A task digests at most this many chunks itself. */
  static final int CHUNKS_PER_TASK = 4;

  /** How long the original program sleeps per chunk, "to let the digest settle". */
  static final long SETTLE_MILLIS = 10;

  private static final int CHUNK_LENGTH = 50_000;

  private Chunks() {}

  /** Digests chunk {@code index}; returns when the digest is complete. */
  static long digest(int index) {
    long h = 0xCBF29CE484222325L ^ index;
    for (int i = 0; i < CHUNK_LENGTH; i++) {
      h = (h ^ (index * (long) CHUNK_LENGTH + i)) * 0x100000001B3L;
    }
    return h;
  }
}
