package dev.forkscope.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A growable Chase–Lev work-stealing deque: the owner pushes and takes at the bottom (LIFO), any
 * thread steals at the top (FIFO).
 *
 * <p>Implementation note. The algorithm and its orderings follow Lê, Pop, Cohen and Zappa Nardelli,
 * "Correct and Efficient Work-Stealing for Weak Memory Models" (PPoPP 2013), mapped to VarHandles:
 *
 * <ul>
 *   <li>{@code bottom} is written only by the owner. {@link #push} publishes the element with a
 *       release store of {@code bottom}; thieves read {@code bottom} with acquire, so an element
 *       and the fields of the task it refers to are visible to any thief that sees the new bottom.
 *   <li>{@code top} only grows, by CAS (thieves, and the owner when it takes the last element).
 *   <li>{@link #take} stores {@code bottom - 1} and then needs a full fence before it reads {@code
 *       top} (the StoreLoad of the Dekker-like handshake with thieves); {@link #steal} needs a full
 *       fence between its read of {@code top} and its read of {@code bottom}. Release/acquire alone
 *       would let both sides take the last element.
 *   <li>A thief reads the slot <em>before</em> its CAS on {@code top}: once {@code top} has moved,
 *       the owner may reuse the slot. It reads the array after {@code bottom}, so it never sees an
 *       array older than the one holding the element it is about to claim.
 *   <li>Growth copies the live range into a new array of twice the size and publishes it with a
 *       release store. Old arrays are never written again, so a thief holding a stale array still
 *       reads the right element for any index it can successfully claim.
 * </ul>
 *
 * Indices are {@code long} and never wrap. The owner clears slots it takes. A slot whose element
 * was stolen keeps its reference until the owner pushes into that slot again, so at most {@code
 * capacity} completed elements stay reachable per deque (thieves must not clear slots, because the
 * owner may already be reusing them).
 *
 * <p>{@code top} and {@code bottom} sit on different cache lines (class-hierarchy padding) so that
 * thieves hammering {@code top} do not slow the owner's pushes.
 *
 * @param <E> element type
 */
final class WorkDeque<E> extends WorkDequeFields {
  static final int DEFAULT_CAPACITY = 64;

  private static final VarHandle TOP;
  private static final VarHandle BOTTOM;
  private static final VarHandle ARRAY;
  private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      TOP = lookup.findVarHandle(WorkDequeTop.class, "top", long.class);
      BOTTOM = lookup.findVarHandle(WorkDequeBottom.class, "bottom", long.class);
      ARRAY = lookup.findVarHandle(WorkDequeFields.class, "array", Object[].class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  WorkDeque() {
    this(DEFAULT_CAPACITY);
  }

  /**
   * @param initialCapacity a power of two, at least 2
   */
  WorkDeque(int initialCapacity) {
    if (initialCapacity < 2 || Integer.bitCount(initialCapacity) != 1) {
      throw new IllegalArgumentException(
          "capacity must be a power of two >= 2: " + initialCapacity);
    }
    array = new Object[initialCapacity];
  }

  /**
   * Owner only.
   *
   * @return true if the deque already held an element (as far as the owner could tell)
   */
  boolean push(E element) {
    long b = bottom;
    long t = (long) TOP.getAcquire(this);
    Object[] a = array;
    if (b - t > a.length - 1) {
      a = grow(a, t, b);
    }
    SLOT.setOpaque(a, (int) b & (a.length - 1), element);
    BOTTOM.setRelease(this, b + 1);
    return b > t;
  }

  /** Owner only: removes and returns the most recently pushed element, or null if empty. */
  @SuppressWarnings("unchecked")
  E take() {
    long b = bottom - 1;
    Object[] a = array;
    BOTTOM.setOpaque(this, b);
    VarHandle.fullFence();
    long t = (long) TOP.getOpaque(this);
    if (t > b) {
      BOTTOM.setOpaque(this, b + 1);
      return null;
    }
    int i = (int) b & (a.length - 1);
    Object x = SLOT.getOpaque(a, i);
    if (t == b) {
      if (!TOP.compareAndSet(this, t, t + 1)) {
        x = null;
      }
      BOTTOM.setOpaque(this, b + 1);
    }
    if (x != null) {
      SLOT.setOpaque(a, i, null);
    }
    return (E) x;
  }

  /**
   * Owner only: takes the most recently pushed element if it is {@code expected}. Returns false if
   * another element is on top, the deque is empty, or a thief got {@code expected} first.
   */
  boolean tryTake(E expected) {
    long b = bottom;
    Object[] a = array;
    if (b - (long) TOP.getAcquire(this) <= 0
        || SLOT.getOpaque(a, (int) (b - 1) & (a.length - 1)) != expected) {
      return false;
    }
    return take() != null;
  }

  /**
   * Any thread: removes and returns the oldest element, or null if the deque looked empty or
   * another thread won the race for that element (the caller should move to another victim).
   */
  @SuppressWarnings("unchecked")
  E steal() {
    long t = (long) TOP.getAcquire(this);
    VarHandle.fullFence();
    long b = (long) BOTTOM.getAcquire(this);
    if (t >= b) {
      return null;
    }
    Object[] a = (Object[]) ARRAY.getAcquire(this);
    Object x = SLOT.getOpaque(a, (int) t & (a.length - 1));
    if (x == null || !TOP.compareAndSet(this, t, t + 1)) {
      return null;
    }
    return (E) x;
  }

  /**
   * Any thread: the oldest element (the one {@link #steal} would take), or null if the deque looks
   * empty; a racy hint that never removes anything.
   */
  Object peekOldest() {
    long t = (long) TOP.getAcquire(this);
    if ((long) BOTTOM.getAcquire(this) - t <= 0) {
      return null;
    }
    Object[] a = (Object[]) ARRAY.getAcquire(this);
    return SLOT.getOpaque(a, (int) t & (a.length - 1));
  }

  /** Any thread: a racy estimate, exact when the deque is quiescent. */
  boolean isEmpty() {
    return (long) BOTTOM.getAcquire(this) - (long) TOP.getAcquire(this) <= 0;
  }

  /** Any thread: a racy estimate of the number of elements, never negative. */
  int size() {
    long n = (long) BOTTOM.getAcquire(this) - (long) TOP.getAcquire(this);
    return n <= 0 ? 0 : (int) Math.min(n, Integer.MAX_VALUE);
  }

  /** Current array length; for tests. */
  int capacity() {
    return ((Object[]) ARRAY.getAcquire(this)).length;
  }

  private Object[] grow(Object[] old, long t, long b) {
    int oldMask = old.length - 1;
    Object[] grown = new Object[old.length << 1];
    int mask = grown.length - 1;
    for (long i = t; i < b; i++) {
      grown[(int) i & mask] = SLOT.getOpaque(old, (int) i & oldMask);
    }
    ARRAY.setRelease(this, grown);
    return grown;
  }
}

/** Padding before {@code top}. */
abstract class WorkDequePad0 {
  long p00, p01, p02, p03, p04, p05, p06, p07;
  long p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
}

/** The thieves' index. */
abstract class WorkDequeTop extends WorkDequePad0 {
  volatile long top;
}

/** Padding between {@code top} and {@code bottom}. */
abstract class WorkDequePad1 extends WorkDequeTop {
  long p10, p11, p12, p13, p14, p15, p16, p17;
  long p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;
}

/** The owner's index. */
abstract class WorkDequeBottom extends WorkDequePad1 {
  long bottom;
}

/**
 * The element array, next to {@code bottom} (both are mostly touched by the owner), then padding.
 */
abstract class WorkDequeFields extends WorkDequeBottom {
  Object[] array;
  long p20, p21, p22, p23, p24, p25, p26, p27;
  long p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;
}
