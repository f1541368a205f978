package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SharedStateInParallelStream}: shared-state-in-parallel-stream, unsynchronized shared state
 * written from parallel streams.
 */
class SharedStateInParallelStreamTest {
  private final LintTestHelper helper;

  SharedStateInParallelStreamTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("shared-state-in-parallel-stream");
  }

  @Test
  void sharedCollectionsFieldsAndCountersInParallelStreamsAreFlagged() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Gather.java",
                """
                import java.util.*;
                class Gather {
                    static int count;
                    static List<Integer> evens(List<Integer> xs) {
                        List<Integer> out = new ArrayList<>();
                        Map<Integer, Integer> seen = new HashMap<>();
                        xs.parallelStream().filter(x -> x % 2 == 0).forEach(x -> out.add(x)); // expect: shared-state-in-parallel-stream
                        xs.parallelStream().forEach(x -> seen.put(x, x)); // expect: shared-state-in-parallel-stream
                        xs.parallelStream().forEach(out::add); // expect: shared-state-in-parallel-stream
                        xs.parallelStream().forEach(x -> count++); // expect: shared-state-in-parallel-stream
                        return out;
                    }
                }
                """)
            .doTest();
    assertThat(f.get(0).rule().severity()).isEqualTo(Severity.ERROR);
  }

  @Test
  void collectorsConcurrentMapsLocalsAndDisjointArrayWritesAreClean() {
    helper
        .addSourceLines(
            "Safe.java",
            """
                import java.util.*;
                import java.util.concurrent.*;
                import java.util.stream.*;
                class Safe {
                    static void run(List<Integer> xs, int[] squares) {
                        List<Integer> evens = xs.parallelStream().filter(x -> x % 2 == 0).collect(Collectors.toList());
                        Map<Integer, Integer> seen = new ConcurrentHashMap<>();
                        xs.parallelStream().forEach(x -> seen.put(x, x));
                        IntStream.range(0, squares.length).parallel().forEach(i -> squares[i] = i * i);
                        xs.parallelStream().map(x -> { List<Integer> mine = new ArrayList<>(); mine.add(x); return mine; }).count();
                    }
                }
                """)
        .expectNoFindings();
  }

  @Test
  void slotsOfOneIterationAreClean() {
    helper
        .addSourceLines(
            "Slots.java",
            """
                import java.util.*;
                import java.util.stream.*;
                class Slots {
                    static class Vec { int i; double[] x; int index() { return i; } }
                    static void run(List<Vec> vs, Vec v, int n, int[] group, double[] proximity, double[][] rows) {
                        double[] k = new double[vs.size()];
                        vs.stream().parallel().forEach(vi -> k[vi.i] = dot(v.x, vi.x));
                        vs.stream().parallel().forEach(vi -> k[vi.index()] = 1);
                        float[] tri = new float[n * (n + 1) / 2];
                        IntStream.range(0, n).parallel().forEach(i -> {
                            for (int j = 0; j < i; j++) {
                                int slot = tri.length - (n - j) * (n - j + 1) / 2 + i - j;
                                tri[slot] = 1;
                            }
                        });
                        IntStream.range(0, 4).parallel().forEach(c -> {
                            for (int i = 0; i < n; i++) {
                                if (group[i] == c) proximity[i] = c;
                            }
                        });
                        IntStream.range(0, n).parallel().forEach(i -> rows[i][group[i]]++);
                        IntStream.range(0, n).parallel().forEach(i -> { for (int j = 0; j < 3; j++) proximity[i * 3 + j] = j; });
                    }
                    static double dot(double[] a, double[] b) { return 0; }
                }
                """)
        .expectNoFindings();
  }

  @Test
  void slotsSharedBetweenIterationsAreFlagged() {
    helper
        .addSourceLines(
            "Shared.java",
            """
                import java.util.*;
                import java.util.stream.*;
                class Shared {
                    static void run(long[] seeds, int n, int[] y, int[] size, double[][] sums, int[][] prediction) {
                        IntStream.range(0, n).parallel().forEach(i -> size[y[i]]++); // expect: shared-state-in-parallel-stream: size[y[i]]++
                        IntStream.range(0, n).parallel().forEach(i -> sums[y[i]][0] += 1); // expect: shared-state-in-parallel-stream
                        IntStream.range(0, n).parallel().forEach(i -> size[i / 2] = 1); // expect: shared-state-in-parallel-stream
                        Arrays.stream(seeds).parallel().mapToObj(seed -> {
                            for (int i = 0; i < n; i++) {
                                int p = (int) (seed % 3);
                                prediction[i][p]++; // expect: shared-state-in-parallel-stream: prediction[i][p]++
                            }
                            return seed;
                        }).count();
                        IntStream.range(0, 4).parallel().forEach(c -> {
                            for (int i = 0; i < n; i++) {
                                if (y[i] != c) size[i] = c; // expect: shared-state-in-parallel-stream
                            }
                        });
                    }
                }
                """)
        .doTest();
  }

  @Test
  void theActionOfForEachOrderedRunsOneAtATime() {
    helper
        .addSourceLines(
            "Ordered.java",
            """
                import java.util.*;
                class Ordered {
                    static int count;
                    static void run(List<String> in) {
                        Map<String, List<String>> byKey = new HashMap<>();
                        in.parallelStream().forEachOrdered(s -> byKey.computeIfAbsent(s, k -> new ArrayList<>()).add(s));
                        in.parallelStream().map(String::trim).forEachOrdered(s -> count++);
                        in.parallelStream().forEach(s -> count++); // expect: shared-state-in-parallel-stream
                    }
                }
                """)
        .doTest();
  }

  @Test
  void aReceiverOfUnknownTypeIsNotACrash() {
    helper
        .addSourceLines(
            "Untyped.java",
            """
                import java.util.*;
                class Untyped {
                    static List<String> make() { return new ArrayList<>(); }
                    static void run(List<String> in) {
                        var out = make();
                        in.parallelStream().forEach(s -> out.add(s));
                    }
                }
                """)
        .expectNoFindings();
  }
}
