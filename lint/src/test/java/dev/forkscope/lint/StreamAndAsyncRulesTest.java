package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** blocking-in-parallel-stream, shared-state-in-parallel-stream, blocking-in-async. */
class StreamAndAsyncRulesTest {
  @TempDir Path dir;

  @Test
  void blockingInAParallelStreamLambdaIsFlagged() {
    List<Finding> f =
        Lint.of(
            "blocking-in-parallel-stream",
            dir,
            """
                import java.nio.file.*;
                import java.util.*;
                class Crawl {
                    static long sizes(List<Path> paths) {
                        return paths.parallelStream().mapToLong(p -> read(p)).sum();
                    }
                    static long read(Path p) {
                        try { return Files.readAllBytes(p).length; } catch (Exception e) { return 0; }
                    }
                    static void nap(List<Integer> xs) {
                        xs.stream().parallel().forEach(x -> { try { Thread.sleep(x); } catch (InterruptedException e) { } });
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(8, 11);
    assertThat(f.get(0).message())
        .contains("reached from parallel stream lambda in mapToLong() -> Crawl.read()");
  }

  @Test
  void sequentialStreamsAndStreamsMadeSequentialAreClean() {
    assertThat(
            Lint.of(
                "blocking-in-parallel-stream",
                dir,
                """
                import java.util.*;
                class Calm {
                    static void nap(List<Integer> xs) {
                        xs.stream().forEach(x -> { try { Thread.sleep(x); } catch (InterruptedException e) { } });
                        xs.parallelStream().sequential().forEach(x -> { try { Thread.sleep(x); } catch (InterruptedException e) { } });
                    }
                }
                """))
        .isEmpty();
  }

  @Test
  void sharedCollectionsFieldsAndCountersInParallelStreamsAreFlagged() {
    List<Finding> f =
        Lint.of(
            "shared-state-in-parallel-stream",
            dir,
            """
                import java.util.*;
                class Gather {
                    static int count;
                    static List<Integer> evens(List<Integer> xs) {
                        List<Integer> out = new ArrayList<>();
                        Map<Integer, Integer> seen = new HashMap<>();
                        xs.parallelStream().filter(x -> x % 2 == 0).forEach(x -> out.add(x));
                        xs.parallelStream().forEach(x -> seen.put(x, x));
                        xs.parallelStream().forEach(out::add);
                        xs.parallelStream().forEach(x -> count++);
                        return out;
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(7, 8, 9, 10);
    assertThat(f.get(0).rule().severity()).isEqualTo(Severity.ERROR);
  }

  @Test
  void collectorsConcurrentMapsLocalsAndDisjointArrayWritesAreClean() {
    assertThat(
            Lint.of(
                "shared-state-in-parallel-stream",
                dir,
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
                """))
        .isEmpty();
  }

  @Test
  void blockingInAsyncStageWithoutExecutorIsFlagged() {
    List<Finding> f =
        Lint.of(
            "blocking-in-async",
            dir,
            """
                import java.util.concurrent.*;
                class Fetch {
                    static final ExecutorService IO = Executors.newCachedThreadPool();
                    static CompletableFuture<String> get() {
                        CompletableFuture<String> a = CompletableFuture.supplyAsync(() -> { sleep(); return "a"; });
                        CompletableFuture<String> b = CompletableFuture.supplyAsync(() -> { sleep(); return "b"; }, IO);
                        return a.thenApplyAsync(s -> { sleep(); return s; });
                    }
                    static void sleep() {
                        try { Thread.sleep(100); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
                    }
                }
                """);
    assertThat(f)
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.line()).isEqualTo(10);
              assertThat(x.path()).extracting(Step::line).first().isIn(5, 7);
            });
  }
}
