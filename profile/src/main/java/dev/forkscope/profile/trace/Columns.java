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

    Longs longs() {
      Longs c = new Longs();
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

  /** A growable {@code long[]}. */
  static final class Longs implements Column {
    private long[] values = new long[16];
    private int size;

    void add(long value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size + (size >> 1));
      }
      values[size++] = value;
    }

    long get(int i) {
      return values[i];
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
}
