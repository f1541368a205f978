package dev.forkscope.agent.boot;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bounded set of chunks every recording thread writes into, with a lock-free free list.
 *
 * <p>Implementation note: the free list is a Treiber stack of chunk indexes whose head carries a
 * 32-bit stamp ({@code stamp << 32 | index + 1}, 0 meaning empty) so that a pop racing with a
 * pop-push of the same chunk fails its CAS instead of corrupting the list (ABA). Any thread may
 * pop; only the writer pushes. {@code next} entries are written before the CAS that publishes them.
 */
final class ChunkPool {
  final Chunk[] chunks;
  private final int[] next;
  private final AtomicLong head = new AtomicLong();

  ChunkPool(int chunkCount, int chunkWords) {
    chunks = new Chunk[chunkCount];
    next = new int[chunkCount];
    for (int i = 0; i < chunkCount; i++) {
      chunks[i] = new Chunk(i, chunkWords);
    }
    for (int i = chunkCount - 1; i >= 0; i--) {
      push(chunks[i]);
    }
  }

  /** Takes a free chunk, or returns null when all are in use (the caller drops its record). */
  Chunk pop() {
    while (true) {
      long h = head.get();
      int top = (int) h;
      if (top == 0) {
        return null;
      }
      long stamp = (h >>> 32) + 1;
      if (head.compareAndSet(h, (stamp << 32) | next[top - 1])) {
        return chunks[top - 1];
      }
    }
  }

  /** Returns a drained chunk; called by the writer only. */
  void push(Chunk c) {
    c.state = Chunk.FREE;
    while (true) {
      long h = head.get();
      next[c.index] = (int) h;
      long stamp = (h >>> 32) + 1;
      if (head.compareAndSet(h, (stamp << 32) | (c.index + 1))) {
        return;
      }
    }
  }
}
