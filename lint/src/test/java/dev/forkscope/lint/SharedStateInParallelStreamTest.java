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
}
