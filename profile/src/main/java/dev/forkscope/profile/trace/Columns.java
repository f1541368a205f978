package dev.forkscope.profile.trace;

import java.util.Arrays;

/** Growable primitive arrays: a trace's records as columns rather than one object each. */
final class Columns {
  private Columns() {}

  /** A growable {@code long[]}. */
  static final class Longs {
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

    /** Gives back the room kept for growth. */
    void trim() {
      values = Arrays.copyOf(values, size);
    }

    int size() {
      return size;
    }
  }

  /** A growable {@code int[]}, which may also be written in place. */
  static final class Ints {
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

    /** Gives back the room kept for growth. */
    void trim() {
      values = Arrays.copyOf(values, size);
    }

    int size() {
      return size;
    }
  }
}
