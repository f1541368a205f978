package dev.forkscope.profile.trace;

import java.util.Arrays;

/**
 * A map from {@code long} keys to {@code int} values without boxing, for linking millions of
 * records.
 *
 * <p>Implementation note: open addressing with linear probing in two parallel arrays whose length
 * is a power of two, at most three quarters full (a linker map holds a key per task: half full, it
 * took 24 to 48 bytes per task); {@link #FREE} marks an empty slot, and that one key (a corrupt
 * trace can make any key) is kept apart, in {@link #freeKeyValue}. The home slot of a key is the
 * top bits of its Fibonacci hash (keys here are class ids above identity hash codes, not uniform in
 * their low bits alone). Removal shifts the following entries of the probe run back (Knuth's
 * Algorithm R), so there are no tombstones and every run stays unbroken: a lookup stops at the
 * first free slot.
 */
final class LongIntMap {
  private static final long FREE = Long.MIN_VALUE;

  private long[] keys;
  private int[] values;
  private int shift;
  private int size;

  /** Whether {@link #FREE} is a key, and its value. */
  private boolean hasFreeKey;

  private int freeKeyValue;

  LongIntMap() {
    allocate(16);
  }

  int size() {
    return size;
  }

  /** The value of {@code key}, or {@code absent}. */
  int get(long key, int absent) {
    if (key == FREE) {
      return hasFreeKey ? freeKeyValue : absent;
    }
    int mask = keys.length - 1;
    for (int i = home(key); ; i = (i + 1) & mask) {
      long k = keys[i];
      if (k == key) {
        return values[i];
      }
      if (k == FREE) {
        return absent;
      }
    }
  }

  void put(long key, int value) {
    if (key == FREE) {
      size += hasFreeKey ? 0 : 1;
      hasFreeKey = true;
      freeKeyValue = value;
      return;
    }
    int mask = keys.length - 1;
    int i = home(key);
    while (keys[i] != FREE && keys[i] != key) {
      i = (i + 1) & mask;
    }
    if (keys[i] == FREE) {
      if (4L * (occupied() + 1) > 3L * keys.length) {
        grow();
        put(key, value);
        return;
      }
      keys[i] = key;
      size++;
    }
    values[i] = value;
  }

  void remove(long key) {
    if (key == FREE) {
      size -= hasFreeKey ? 1 : 0;
      hasFreeKey = false;
      return;
    }
    int mask = keys.length - 1;
    int i = home(key);
    while (keys[i] != key) {
      if (keys[i] == FREE) {
        return;
      }
      i = (i + 1) & mask;
    }
    size--;
    for (int j = (i + 1) & mask; keys[j] != FREE; j = (j + 1) & mask) {
      int h = home(keys[j]);
      // move j's entry back into the hole at i unless its home lies cyclically in (i, j]
      boolean stays = i <= j ? i < h && h <= j : i < h || h <= j;
      if (!stays) {
        keys[i] = keys[j];
        values[i] = values[j];
        i = j;
      }
    }
    keys[i] = FREE;
  }

  /** The slots in use: every key but {@link #FREE}. */
  private int occupied() {
    return hasFreeKey ? size - 1 : size;
  }

  private int home(long key) {
    return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
  }

  private void grow() {
    long[] oldKeys = keys;
    int[] oldValues = values;
    allocate(oldKeys.length * 2);
    size = hasFreeKey ? 1 : 0;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != FREE) {
        put(oldKeys[i], oldValues[i]);
      }
    }
  }

  private void allocate(int capacity) {
    keys = new long[capacity];
    Arrays.fill(keys, FREE);
    values = new int[capacity];
    shift = 64 - Integer.numberOfTrailingZeros(capacity);
  }
}
