package dev.forkscope.profile.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The index sorts against a stable sort of boxed indices, on keys with many ties. */
class IndexSortTest {
  private final Random random = new Random(3);

  private long[] keys(int n, int distinct) {
    long[] key = new long[n];
    for (int i = 0; i < n; i++) {
      key[i] = random.nextInt(distinct) - distinct / 2;
    }
    return key;
  }

  @Test
  void byKeyIsAStableSort() {
    for (int n : new int[] {0, 1, 31, 33, 1_000, 20_000}) {
      for (int distinct : new int[] {1, 5, 256, 257, 1_000_000}) {
        long[] key = keys(n, distinct);
        Integer[] expected = IntStream.range(0, n).boxed().toArray(Integer[]::new);
        Arrays.sort(expected, Comparator.comparingLong(i -> key[i]));
        assertThat(IndexSort.byKey(key))
            .containsExactly(Arrays.stream(expected).mapToInt(i -> i).toArray());
      }
    }
  }

  @Test
  void fewDistinctKeysAsFarApartAsLongsGoSortTheSameWay() {
    long[] values = {Long.MIN_VALUE, -1, 0, 1, 1L << 54, Long.MAX_VALUE};
    long[] key = new long[10_000];
    for (int i = 0; i < key.length; i++) {
      key[i] = values[random.nextInt(values.length)];
    }
    Integer[] expected = IntStream.range(0, key.length).boxed().toArray(Integer[]::new);
    Arrays.sort(expected, Comparator.comparingLong(i -> key[i]));
    assertThat(IndexSort.byKey(key))
        .containsExactly(Arrays.stream(expected).mapToInt(i -> i).toArray());
  }

  @Test
  void keysTooFarApartToPackSortTheSameWay() {
    for (long spread : new long[] {1L << 50, Long.MAX_VALUE / 500}) {
      long[] key = keys(20_000, 1_000);
      for (int i = 0; i < key.length; i++) {
        key[i] *= spread; // a range of 2^60 and more, and one that overflows a long
      }
      Integer[] expected = IntStream.range(0, key.length).boxed().toArray(Integer[]::new);
      Arrays.sort(expected, Comparator.comparingLong(i -> key[i]));
      assertThat(IndexSort.byKey(key))
          .containsExactly(Arrays.stream(expected).mapToInt(i -> i).toArray());
    }
  }

  @Test
  void nearlySortedKeysComeOutSorted() {
    long[] key = new long[50_000];
    for (int i = 0; i < key.length; i++) {
      key[i] = i % 100 == 0 ? i - 1_000 : i; // executions written at their end: a few late starts
    }
    int[] order = IndexSort.byKey(key);
    for (int k = 1; k < order.length; k++) {
      assertThat(key[order[k - 1]]).isLessThanOrEqualTo(key[order[k]]);
    }
  }

  @Test
  void aRangeSortsByKeyThenTheLongerFirst() {
    int n = 5_000;
    long[] start = keys(n, 200);
    long[] end = keys(n, 50);
    int[] a = IntStream.range(0, n).map(i -> n - 1 - i).toArray(); // not in index order
    IndexSort.sort(a, 100, 4_000, start, end);
    Integer[] expected =
        Arrays.stream(Arrays.copyOfRange(a, 100, 4_000)).boxed().toArray(Integer[]::new);
    Arrays.sort(
        expected,
        Comparator.comparingLong((Integer i) -> start[i])
            .thenComparing(Comparator.comparingLong((Integer i) -> end[i]).reversed())
            .thenComparingInt(i -> i));
    assertThat(Arrays.copyOfRange(a, 100, 4_000))
        .containsExactly(Arrays.stream(expected).mapToInt(i -> i).toArray());
    assertThat(Arrays.copyOfRange(a, 0, 100))
        .containsExactly(IntStream.range(0, 100).map(i -> n - 1 - i).toArray());
  }

  @Test
  void firstFindsTheFirstOfEqualValuesOrWhereTheValueWouldGo() {
    long[] sorted = {1, 3, 3, 3, 7};
    assertThat(IndexSort.first(sorted, 3)).isEqualTo(1);
    assertThat(IndexSort.first(sorted, 0)).isEqualTo(0);
    assertThat(IndexSort.first(sorted, 4)).isEqualTo(4);
    assertThat(IndexSort.first(sorted, 8)).isEqualTo(5);
    assertThat(IndexSort.first(new long[0], 8)).isEqualTo(0);
  }
}
