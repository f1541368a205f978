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

  /** One type of record: columns of equal length, made by {@link #longs} and {@link #ints}. */
  abstract static class Records {
    private final List<Column> columns = new ArrayList<>();

    Packed longs() {
      Packed c = new Packed(16);
      columns.add(c);
      return c;
    }

    Ints ints() {
      Ints c = new Ints();
      columns.add(c);
      return c;
    }

    int size() {
      return columns.get(0).size();
    }

    void trim() {
      columns.forEach(Column::trim);
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
   * one executor) or small ones (task ids, sequence numbers, thread indices, durations).
   *
   * <p>Implementation note: {@code first} is the first value added. While every value equals it, no
   * array is kept; from the first other value, {@code narrow[i]} holds {@code value - first} while
   * every such difference fits an {@code int}; from the first that does not, {@code wide[i]} holds
   * the value itself, and {@code narrow} is dropped. The differences are taken modulo
   * 2<sup>64</sup>, so {@code first + narrow[i]} gives back every value exactly. The arrays kept
   * have {@code capacity} elements; a column widens at most twice, each time by one copy of what it
   * holds.
   */
  static final class Packed implements Column {
    private int capacity;
    private long first;
    private int[] narrow;
    private long[] wide;
    private int size;

    Packed(int capacity) {
      this.capacity = capacity;
    }

    void add(long value) {
      if (size == capacity) {
        resize(capacity + (capacity >> 1) + 1);
      }
      int i = size++;
      if (wide != null) {
        wide[i] = value;
        return;
      }
      if (i == 0) {
        first = value;
        return;
      }
      long offset = value - first;
      if (offset == (int) offset) {
        if (offset != 0 && narrow == null) {
          narrow = new int[capacity];
        }
        if (narrow != null) {
          narrow[i] = (int) offset;
        }
        return;
      }
      long[] values = new long[capacity];
      for (int k = 0; k < i; k++) {
        values[k] = get(k);
      }
      values[i] = value;
      wide = values;
      narrow = null;
    }

    long get(int i) {
      if (wide != null) {
        return wide[i];
      }
      return narrow == null ? first : first + narrow[i];
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

    private void resize(int newCapacity) {
      capacity = newCapacity;
      narrow = narrow == null ? null : Arrays.copyOf(narrow, newCapacity);
      wide = wide == null ? null : Arrays.copyOf(wide, newCapacity);
    }
  }
}
