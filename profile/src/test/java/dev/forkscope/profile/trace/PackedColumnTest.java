package dev.forkscope.profile.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A packed column gives back every value exactly, however narrowly it stores them. */
class PackedColumnTest {
  private static void roundTrips(long... values) {
    Columns.Packed column = new Columns.Packed(values.length);
    for (long v : values) {
      column.add(v);
    }
    for (int i = 0; i < values.length; i++) {
      assertThat(column.get(i)).as("value %d", i).isEqualTo(values[i]);
    }
  }

  @Test
  void constantNarrowAndWideValuesRoundTrip() {
    roundTrips(-1, -1, -1);
    roundTrips(3, 4, 3 - 128, 3 + 127, 2);
    roundTrips(3, 4, 3 + 128, 5, 3 - 129, 3 + (1L << 40), 3);
    roundTrips(0, 1L << 40, 1, Byte.MIN_VALUE);
    roundTrips(7, 7, 8, 7 - Integer.MAX_VALUE, 7 + (long) Integer.MAX_VALUE);
    roundTrips(5, 5, 6, 5 + (1L << 31), 5, -1, Long.MAX_VALUE);
    roundTrips(Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1, 0);
    roundTrips(1_000_000_000_000L, 1_000_000_000_000L + 1, 0, 3);
  }

  @Test
  void valuesRoundTripAcrossBlocksWhoseBasesAreFarApart() {
    int n = 3 * Columns.Packed.BLOCK + 5;
    long[] times = new long[n];
    long[] mixed = new long[n];
    for (int i = 0; i < n; i++) {
      int block = i / Columns.Packed.BLOCK;
      times[i] = block * 40_000_000_000L + i % Columns.Packed.BLOCK * 1_000L; // apart by blocks
      mixed[i] = block == 0 ? 9 : block == 1 ? 9 + i % 100 : block == 2 ? -(1L << 50) + i : i;
    }
    mixed[n - 1] = Long.MIN_VALUE; // the last block widens the whole column at its end
    roundTrips(times);
    roundTrips(mixed);
    long[] perBlock = new long[n]; // one value per block: nothing stored but the bases
    for (int i = 0; i < n; i++) {
      perBlock[i] = Long.MAX_VALUE - i / Columns.Packed.BLOCK;
    }
    roundTrips(perBlock);
  }

  @Test
  void aColumnGrownFromEmptyAndTrimmedKeepsItsValues() {
    Columns.Packed column = new Columns.Packed(0);
    int n = 2 * Columns.Packed.BLOCK + 3;
    for (int i = 0; i < n; i++) {
      column.add(1_000_000_000_000L * (i % 7) + i);
    }
    column.trim();
    for (int i = 0; i < n; i++) {
      assertThat(column.get(i)).as("value %d", i).isEqualTo(1_000_000_000_000L * (i % 7) + i);
    }
    column.add(-1);
    assertThat(column.get(n)).isEqualTo(-1);
  }

  @Test
  void aDroppedColumnIsEmptyAndReadsFailWhateverItsWidthWas() {
    for (long second : new long[] {7, 8, 7 + 1000, 7 + (1L << 40)}) {
      Columns.Packed column = new Columns.Packed(4);
      column.add(7);
      column.add(second);
      column.drop();
      assertThat(column.size()).isZero();
      assertThatThrownBy(() -> column.get(0))
          .as("after %d", second)
          .isInstanceOf(IndexOutOfBoundsException.class);
    }
  }
}
