package dev.forkscope.agent.boot;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * A fixed block of record words, owned by one recording thread at a time and drained by the writer.
 *
 * <p>Implementation note (single producer, single consumer): only the owner writes {@link #words}
 * and {@link #count}; it publishes a record by writing its words and then storing the new count
 * with release semantics. The writer reads the count with acquire semantics and only touches words
 * below it. The owner hands the chunk back by setting {@link #state} to {@link #HANDED_BACK} after
 * its last count store, so a writer that reads that state first sees the final count. {@link
 * #drained} is touched by the writer only.
 */
final class Chunk {
  static final int FREE = 0;
  static final int IN_USE = 1;
  static final int HANDED_BACK = 2;

  /**
   * Release stores through a field updater rather than a {@link java.lang.invoke.VarHandle}: both
   * compile to a plain store, but the updater's code is a fraction of the size that the JIT must
   * inline into every task that publishes a record (see {@link ThreadState}).
   */
  private static final AtomicIntegerFieldUpdater<Chunk> COUNT =
      AtomicIntegerFieldUpdater.newUpdater(Chunk.class, "count");

  final int index;
  private final int capacity;

  /**
   * Allocated by the first thread that takes the chunk ({@link #allocate}), so that a program with
   * few tasks never pays for the whole pool; visible to the writer through the volatile {@link
   * #state}.
   */
  long[] words;

  private volatile int count;
  volatile int state = FREE;

  /** The owner's recorder id and thread, set before the state becomes IN_USE. */
  long ownerId;

  Thread ownerThread;

  /** Words already encoded by the writer. */
  int drained;

  Chunk(int index, int capacity) {
    this.index = index;
    this.capacity = capacity;
  }

  /** Owner side, before the chunk is first used. */
  void allocate() {
    if (words == null) {
      words = new long[capacity];
    }
  }

  /** Owner side: the count as last written by this thread. */
  int countPlain() {
    return count;
  }

  /** Owner side: publishes all words below {@code n}. */
  void publish(int n) {
    COUNT.lazySet(this, n);
  }

  /** Writer side. */
  int countAcquire() {
    return count;
  }
}
