package dev.forkscope.profile.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Growable primitive arrays: a trace's records as columns rather than one object each. */
final class Columns {
  private Columns() {}

  /** A column of one type of record. */
  interface Column {
    int size();

    /** Gives back the room kept for growth. */
    void trim();
  }

  /** One type of record: columns of equal length, made by {@link #column}. */
  abstract static class Records {
    private final List<Packed> columns = new ArrayList<>();

    Packed column() {
      Packed c = new Packed(16);
      columns.add(c);
      return c;
    }

    int size() {
      return columns.get(0).size();
    }

    void trim() {
      columns.forEach(Packed::trim);
    }

    /** Drops every column (see {@link Packed#drop}). */
    void drop() {
      columns.forEach(Packed::drop);
    }
  }

  /** A growable {@code int[]}, which may also be written in place. */
  static final class Ints implements Column {
    private int[] values = new int[16];
    private int size;

    void add(int value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size + (size >> 1));
      }
      values[size++] = value;
    }

    int get(int i) {
      return values[i];
    }

    void set(int i, int value) {
      values[i] = value;
    }

    @Override
    public void trim() {
      values = Arrays.copyOf(values, size);
    }

    @Override
    public int size() {
      return size;
    }
  }

  /**
   * A growable column of {@code long} values stored as narrowly as they allow: the decoded records'
   * and the tables' columns, many of which hold one value throughout (no creation time, weight 1,
   * one executor), a few small ones (class and thread indices, flags), numbers that fit an {@code
   * int} (task ids, sequence numbers, durations) or times, which are far apart over a trace but
   * close together over a few thousand records in a row.
   *
   * <p>Implementation note: the values are in blocks of {@value #BLOCK} in a row; {@code base[b]}
   * is the first value added to block b, and each value is stored as its difference from its
   * block's base, modulo 2<sup>64</sup> (so {@code base + difference} gives it back exactly), at
   * the narrowest {@code level} every difference so far fits: 0, none stored (each value equals its
   * block's base); 1, a {@code byte[]}; 2, an {@code int[]}; 3, a {@code long[]} of the values
   * themselves. Only the array of the current level is kept, with {@code capacity} elements, and
   * {@code base} with one element per block of that capacity; a value that needs a higher level
   * first copies what the column holds into that level's array, so a column is copied at most three
   * times.
   */
  static final class Packed implements Column {
    private static final int BLOCK_SHIFT = 12;
    static final int BLOCK = 1 << BLOCK_SHIFT;

    private int capacity;
    private int level;
    private long[] base;
    private byte[] bytes;
    private int[] ints;
    private long[] longs;
    private int size;

    Packed(int capacity) {
      this.capacity = capacity;
      base = new long[blocks(capacity)];
    }

    void add(long value) {
      if (size == capacity) {
        resize(capacity + (capacity >> 1) + 1);
      }
      int block = size >>> BLOCK_SHIFT;
      if ((size & (BLOCK - 1)) == 0) {
        base[block] = value;
      }
      long difference = value - base[block];
      int needed =
          difference == 0
              ? 0
              : difference == (byte) difference ? 1 : difference == (int) difference ? 2 : 3;
      if (needed > level) {
        widen(needed);
      }
      int i = size++;
      switch (level) {
        case 1 -> bytes[i] = (byte) difference;
        case 2 -> ints[i] = (int) difference;
        case 3 -> longs[i] = value;
        default -> {}
      }
    }

    long get(int i) {
      return switch (level) {
        case 0 -> base[i >>> BLOCK_SHIFT];
        case 1 -> base[i >>> BLOCK_SHIFT] + bytes[i];
        case 2 -> base[i >>> BLOCK_SHIFT] + ints[i];
        default -> longs[i];
      };
    }

    int getInt(int i) {
      return (int) get(i);
    }

    @Override
    public int size() {
      return size;
    }

    @Override
    public void trim() {
      resize(size);
    }

    /**
     * Gives back the column's memory once its values have been read for the last time: it is left
     * empty, as a column of {@code long} values, so that reading any index throws.
     */
    void drop() {
      level = 3;
      capacity = 0;
      size = 0;
      base = new long[0];
      bytes = null;
      ints = null;
      longs = new long[0];
    }

    private static int blocks(int capacity) {
      return (capacity + BLOCK - 1) >>> BLOCK_SHIFT;
    }

    private void widen(int to) {
      byte[] newBytes = to == 1 ? new byte[capacity] : null;
      int[] newInts = to == 2 ? new int[capacity] : null;
      long[] newLongs = to == 3 ? new long[capacity] : null;
      for (int k = 0; k < size; k++) {
        long v = get(k);
        long difference = v - base[k >>> BLOCK_SHIFT];
        switch (to) {
          case 1 -> newBytes[k] = (byte) difference;
          case 2 -> newInts[k] = (int) difference;
          default -> newLongs[k] = v;
        }
      }
      level = to;
      bytes = newBytes;
      ints = newInts;
      longs = newLongs;
    }

    private void resize(int newCapacity) {
      capacity = newCapacity;
      base = Arrays.copyOf(base, blocks(newCapacity));
      bytes = bytes == null ? null : Arrays.copyOf(bytes, newCapacity);
      ints = ints == null ? null : Arrays.copyOf(ints, newCapacity);
      longs = longs == null ? null : Arrays.copyOf(longs, newCapacity);
    }
  }
}
