package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** copy-on-fork (bottleneck 2) and copy-on-join (bottleneck 3). */
class CopyRulesTest {
  @TempDir Path dir;

  /** Pinto et al. 2017, Fig. 2. */
  @Test
  void copyOfRangeHandedToSubtasksIsFlagged() {
    List<Finding> f =
        Lint.of(
            "copy-on-fork",
            dir,
            """
                import java.util.concurrent.RecursiveAction;
                import static java.util.Arrays.*;
                class Task extends RecursiveAction {
                    final int[] u;
                    Task(int[] u) { this.u = u; }
                    protected void compute() {
                        if (u.length < 1000) { local(u); }
                        else {
                            int split = u.length / 2;
                            int[] u1 = copyOfRange(u, 0, split);
                            int[] u2 = copyOfRange(u, split, u.length);
                            invokeAll(new Task(u1), new Task(u2));
                        }
                    }
                    void local(int[] a) { }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(10, 11);
    assertThat(f.get(0).column()).isEqualTo(24);
    assertThat(f.get(0).fix()).isEqualTo(FixSafety.SUGGESTION);
    assertThat(f.get(0).rule().bottleneck()).isEqualTo(2);
  }

  @Test
  void inlineCopiesOfListsAndArraysAreFlagged() {
    List<Finding> f =
        Lint.of(
            "copy-on-fork",
            dir,
            """
                import java.util.*;
                import java.util.concurrent.*;
                class ListTask extends RecursiveTask<Integer> {
                    final List<Integer> items;
                    ListTask(List<Integer> items) { this.items = items; }
                    protected Integer compute() {
                        if (items.size() < 100) return items.size();
                        int mid = items.size() / 2;
                        ListTask l = new ListTask(new ArrayList<>(items.subList(0, mid)));
                        int[] tmp = new int[mid];
                        System.arraycopy(new int[0], 0, tmp, 0, 0);
                        ArrTask a = new ArrTask(tmp);
                        l.fork();
                        return new ListTask(items.subList(mid, items.size())).compute() + l.join() + a.invoke();
                    }
                }
                """,
            """
                import java.util.concurrent.*;
                class ArrTask extends RecursiveTask<Integer> {
                    final int[] a;
                    ArrTask(int[] a) { this.a = a; }
                    protected Integer compute() { return a.length; }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(9, 11, 14);
    assertThat(f)
        .extracting(x -> x.rule().severity())
        .containsExactly(Severity.WARNING, Severity.WARNING, Severity.NOTE);
    assertThat(f.get(2).message()).contains("hands a subList view to the subtask new ListTask(..)");
  }

  /**
   * cq4j (Pinto et al. 2017, Fig. 6): the paper counts a subList view per subtask as copy on fork.
   * It is a note, and says what a view costs: it is not a copy.
   */
  @Test
  void subListViewPerSubtaskIsANoteThatDoesNotClaimACopy() {
    List<Finding> f =
        Lint.of(
            "copy-on-fork",
            dir,
            """
                import java.util.*;
                import java.util.concurrent.*;
                import java.util.function.Predicate;
                class RecursiveFilteringTask<T> extends RecursiveTask<List<T>> {
                    final Predicate<T> filter; final List<T> dataSource;
                    RecursiveFilteringTask(Predicate<T> filter, List<T> dataSource) { this.filter = filter; this.dataSource = dataSource; }
                    protected List<T> compute() {
                        int size = dataSource.size();
                        if (size < 1000) { List<T> r = new ArrayList<>(); for (T t : dataSource) if (filter.test(t)) r.add(t); return r; }
                        int mid = size / 2;
                        List<T> head = dataSource.subList(0, mid);
                        RecursiveFilteringTask<T> first = new RecursiveFilteringTask<T>(filter, head);
                        first.fork();
                        RecursiveFilteringTask<T> second = new RecursiveFilteringTask<T>(filter, dataSource.subList(mid, size));
                        List<T> result = new ArrayList<>(second.compute());
                        result.addAll(first.join());
                        return result;
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(11, 14);
    assertThat(f)
        .allSatisfy(
            x -> {
              assertThat(x.rule().severity()).isEqualTo(Severity.NOTE);
              assertThat(x.rule().bottleneck()).isEqualTo(2);
              assertThat(x.message())
                  .contains("not a copy")
                  .contains("keeps its parent list reachable")
                  .contains("LinkedList")
                  .contains("on JDK 8 every access through nested views")
                  .doesNotContain("O(n)");
              assertThat(x.rule().why()).contains("copies nothing");
            });
  }

  @Test
  void subListUsedInTheLeafOrByTheDriverIsClean() {
    assertThat(
            Lint.of(
                "copy-on-fork",
                dir,
                """
                import java.util.*;
                import java.util.concurrent.*;
                class SortWords extends RecursiveAction {
                    final List<String> words; final int lo, hi;
                    SortWords(List<String> words, int lo, int hi) { this.words = words; this.lo = lo; this.hi = hi; }
                    protected void compute() {
                        if (hi - lo <= 1000) { Collections.sort(words.subList(lo, hi)); return; }
                        int mid = (lo + hi) >>> 1;
                        invokeAll(new SortWords(words, lo, mid), new SortWords(words, mid, hi));
                    }
                    static void sortTail(List<String> words) {
                        List<String> tail = words.subList(1, words.size());
                        ForkJoinPool.commonPool().invoke(new SortWords(tail, 0, tail.size()));
                    }
                }
                """))
        .isEmpty();
  }

  /** exhibitor (Pinto et al. 2017, Fig. 11): Guava's Lists.partition feeding the subtasks. */
  @Test
  void guavaPartitionsFeedingSubtasksAreFlagged() {
    List<Finding> f =
        Lint.of(
            "copy-on-fork",
            dir,
            """
                import com.google.common.collect.Iterables;
                import com.google.common.collect.Lists;
                import java.util.*;
                import java.util.concurrent.*;
                class StatusTask extends RecursiveTask<Integer> {
                    final List<String> hosts;
                    StatusTask(List<String> hosts) { this.hosts = hosts; }
                    protected Integer compute() {
                        if (hosts.size() <= 1) return hosts.size();
                        List<StatusTask> tasks = new ArrayList<>();
                        for (List<String> part : Lists.partition(hosts, hosts.size() / 2)) {
                            tasks.add(new StatusTask(part));
                        }
                        int n = 0;
                        for (StatusTask t : invokeAll(tasks)) n += t.join();
                        return n;
                    }
                }
                class BatchTask extends RecursiveTask<Integer> {
                    final Iterable<String> rows;
                    BatchTask(Iterable<String> rows) { this.rows = rows; }
                    protected Integer compute() {
                        List<BatchTask> tasks = new ArrayList<>();
                        List<List<String>> parts = new ArrayList<>();
                        Iterables.partition(rows, 100).forEach(parts::add);
                        if (parts.size() == 1) return parts.get(0).size();
                        Iterable<List<String>> halves = Iterables.partition(rows, 50);
                        for (List<String> half : halves) {
                            tasks.add(new BatchTask(half));
                        }
                        int n = 0;
                        for (BatchTask t : invokeAll(tasks)) n += t.join();
                        return n;
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(11, 27);
    assertThat(f.get(0).rule().severity()).isEqualTo(Severity.NOTE);
    assertThat(f.get(0).message())
        .contains("Lists.partition")
        .contains("each part is a subList view (not a copy)");
    assertThat(f.get(1).rule().severity()).isEqualTo(Severity.WARNING);
    assertThat(f.get(1).message())
        .contains("copies the data into new lists with Iterables.partition");
  }

  @Test
  void partitionOfAnotherLibraryOrOnceByARootTaskIsClean() {
    assertThat(
            Lint.of(
                "copy-on-fork",
                dir,
                """
                import com.google.common.collect.Lists;
                import java.util.*;
                import java.util.concurrent.*;
                class Chunk extends RecursiveAction {
                    final List<Integer> items;
                    Chunk(List<Integer> items) { this.items = items; }
                    protected void compute() { for (Integer i : items) i.hashCode(); }
                }
                class Root extends RecursiveAction {
                    final List<Integer> items;
                    Root(List<Integer> items) { this.items = items; }
                    protected void compute() {
                        List<Chunk> chunks = new ArrayList<>();
                        for (List<Integer> part : Lists.partition(items, 1000)) chunks.add(new Chunk(part));
                        chunks.add(new Chunk(new ArrayList<>(items.subList(0, 10))));
                        invokeAll(chunks);
                    }
                }
                """,
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Lists { static <T> List<List<T>> partition(List<T> l, int n) { return List.of(l); } }
                class Split extends RecursiveAction {
                    final List<Integer> items;
                    Split(List<Integer> items) { this.items = items; }
                    protected void compute() {
                        if (items.size() < 2) return;
                        List<Split> tasks = new ArrayList<>();
                        for (List<Integer> part : Lists.partition(items, items.size() / 2)) tasks.add(new Split(part));
                        invokeAll(tasks);
                    }
                }
                """))
        .isEmpty();
  }

  /** doms-transformers, netflixoss: the subtask's own constructor copies what it is given. */
  @Test
  void copyInTheConstructorOfATaskThatForksItselfIsFlaggedAtTheCopy() {
    List<Finding> f =
        Lint.of(
            "copy-on-fork",
            dir,
            """
                import com.google.common.collect.ImmutableList;
                import java.util.*;
                import java.util.concurrent.*;
                class Totals extends RecursiveTask<Long> {
                    private final ImmutableList<Long> samples;
                    Totals(List<Long> samples) {
                        this.samples = ImmutableList.copyOf(samples);
                    }
                    protected Long compute() {
                        if (samples.size() <= 1000) { long s = 0; for (long v : samples) s += v; return s; }
                        int mid = samples.size() / 2;
                        Totals left = new Totals(samples.subList(0, mid));
                        Totals right = new Totals(samples.subList(mid, samples.size()));
                        left.fork();
                        return right.compute() + left.join();
                    }
                }
                """,
            """
                import java.util.*;
                import java.util.concurrent.*;
                class Blur extends RecursiveAction {
                    private final int[] pixels;
                    private final List<String> tags;
                    Blur(int[] pixels, List<String> tags) {
                        this.pixels = pixels.clone();
                        this.tags = new ArrayList<>(tags);
                        assert !this.tags.isEmpty();
                    }
                    protected void compute() {
                        if (pixels.length < 1000) return;
                        int mid = pixels.length / 2;
                        invokeAll(new Blur(Arrays.copyOf(pixels, mid), tags), new Blur(pixels, tags));
                    }
                }
                """);
    assertThat(f)
        .extracting(x -> x.file().getFileName() + ":" + x.line())
        .containsExactlyInAnyOrder("Totals.java:7", "Blur.java:7", "Blur.java:8", "Blur.java:14");
    assertThat(f)
        .filteredOn(x -> x.line() == 7)
        .allSatisfy(
            x -> {
              assertThat(x.rule().severity()).isEqualTo(Severity.WARNING);
              assertThat(x.message())
                  .contains("in the constructor of")
                  .contains("repeated for every subtask");
            });
  }

  @Test
  void copyInAConstructorTheRecursionDoesNotUseOrOfATaskThatDoesNotForkItselfIsClean() {
    assertThat(
            Lint.of(
                "copy-on-fork",
                dir,
                """
                import java.util.*;
                import java.util.concurrent.*;
                public final class MaxTask extends RecursiveTask<Integer> {
                    private final List<Integer> values; private final int lo, hi;
                    public MaxTask(List<Integer> values) { this(List.copyOf(values), 0, values.size()); }
                    private MaxTask(List<Integer> values, int lo, int hi) { this.values = values; this.lo = lo; this.hi = hi; }
                    protected Integer compute() {
                        if (hi - lo <= 1024) { int m = Integer.MIN_VALUE; for (int i = lo; i < hi; i++) m = Math.max(m, values.get(i)); return m; }
                        int mid = (lo + hi) >>> 1;
                        MaxTask left = new MaxTask(values, lo, mid);
                        left.fork();
                        return Math.max(new MaxTask(values, mid, hi).compute(), left.join());
                    }
                }
                """,
                """
                import java.util.*;
                import java.util.concurrent.*;
                class ChunkTotal extends RecursiveTask<Long> {
                    private final long[] chunk;
                    ChunkTotal(long[] chunk) { this.chunk = chunk.clone(); }
                    protected Long compute() { long t = 0; for (long c : chunk) t += c; return t; }
                    static long total(long[] all) {
                        List<ChunkTotal> tasks = new ArrayList<>();
                        for (int lo = 0; lo < all.length; lo += 1000) tasks.add(new ChunkTotal(Arrays.copyOfRange(all, lo, Math.min(all.length, lo + 1000))));
                        long t = 0;
                        for (ChunkTotal c : ForkJoinTask.invokeAll(tasks)) t += c.join();
                        return t;
                    }
                }
                """))
        .isEmpty();
  }

  /** scalatuts: each half collected into a new list with addAll before it is handed on. */
  @Test
  void addAllIntoAFreshCollectionForASubtaskIsFlagged() {
    List<Finding> f =
        Lint.of(
            "copy-on-fork",
            dir,
            """
                import java.util.*;
                import java.util.concurrent.*;
                class SumTask extends RecursiveTask<Long> {
                    final List<Long> numbers;
                    SumTask(List<Long> numbers) { this.numbers = numbers; }
                    protected Long compute() {
                        if (numbers.size() <= 5000) { long s = 0; for (long n : numbers) s += n; return s; }
                        int mid = numbers.size() / 2;
                        List<Long> firstHalf = new ArrayList<>(mid);
                        firstHalf.addAll(numbers.subList(0, mid));
                        List<Long> secondHalf = new LinkedList<>();
                        Collections.addAll(secondHalf, numbers.get(mid), numbers.get(mid + 1));
                        SumTask left = new SumTask(firstHalf);
                        left.fork();
                        return new SumTask(secondHalf).compute() + left.join();
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(10, 12);
    assertThat(f.get(0).message()).contains("copies data into a new collection with addAll()");
    assertThat(f).allSatisfy(x -> assertThat(x.rule().severity()).isEqualTo(Severity.WARNING));
  }

  @Test
  void addAllIntoAResultOrACopyMadeOnceByARootTaskIsClean() {
    assertThat(
            Lint.of(
                "copy-on-fork",
                dir,
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Collect extends RecursiveTask<List<String>> {
                    final List<String> in; final int lo, hi;
                    Collect(List<String> in, int lo, int hi) { this.in = in; this.lo = lo; this.hi = hi; }
                    protected List<String> compute() {
                        if (hi - lo < 100) { List<String> out = new ArrayList<>(); out.addAll(in.subList(lo, hi)); return out; }
                        int mid = (lo + hi) >>> 1;
                        Collect l = new Collect(in, lo, mid);
                        l.fork();
                        List<String> out = new ArrayList<>(new Collect(in, mid, hi).compute());
                        return out;
                    }
                }
                class Root extends RecursiveTask<Integer> {
                    final String[] rows;
                    Root(String[] rows) { this.rows = rows; }
                    protected Integer compute() {
                        List<String> all = new ArrayList<>();
                        all.addAll(Arrays.asList(rows));
                        return new Collect(all, 0, all.size()).invoke().size()
                            + new Collect(Arrays.asList(Arrays.copyOf(rows, rows.length)), 0, rows.length).invoke().size();
                    }
                }
                """))
        .isEmpty();
  }

  /** CSSTProto's createTask: the subtask comes from a factory method of the task class. */
  @Test
  void copyHandedToASubtaskFactoryIsFlagged() {
    List<Finding> f =
        Lint.of(
            "copy-on-fork",
            dir,
            """
                import java.util.*;
                import java.util.concurrent.*;
                abstract class ListReduce<T> extends RecursiveTask<Long> {
                    final List<T> items;
                    ListReduce(List<T> items) { this.items = items; }
                    abstract ListReduce<T> subtask(List<T> part);
                    abstract long leaf(List<T> part);
                    protected Long compute() {
                        if (items.size() <= 1000) return leaf(items);
                        int mid = items.size() / 2;
                        ListReduce<T> left = subtask(new ArrayList<>(items.subList(0, mid)));
                        ListReduce<T> right = this.subtask(items.subList(mid, items.size()));
                        left.fork();
                        return right.compute() + left.join();
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(11, 12);
    assertThat(f.get(0).message()).contains("for the subtask subtask(..)");
    assertThat(f.get(1).rule().severity()).isEqualTo(Severity.NOTE);
  }

  /**
   * A search gives each child its own state: a copy of the board with one more queen placed. Index
   * bounds cannot replace that copy, so it is not copy on fork; an unchanged copy still is.
   */
  @Test
  void wholeCopyChangedBeforeTheHandoffIsTheChildsOwnState() {
    List<Finding> f =
        Lint.of(
            "copy-on-fork",
            dir,
            """
                import java.util.*;
                import java.util.concurrent.*;
                class Queens extends RecursiveTask<Long> {
                    final int n; final int[] cols; final int row;
                    Queens(int n, int[] cols, int row) { this.n = n; this.cols = cols; this.row = row; }
                    protected Long compute() {
                        if (row == n) return 1L;
                        List<Queens> children = new ArrayList<>();
                        for (int c = 0; c < n; c++) {
                            int[] next = cols.clone();
                            next[row] = c;
                            children.add(new Queens(n, next, row + 1));
                        }
                        int[] same = Arrays.copyOf(cols, cols.length);
                        children.add(new Queens(n, same, row + 1));
                        int[] half = Arrays.copyOfRange(cols, 0, row);
                        half[0] = 1;
                        children.add(new Queens(n, half, row + 1));
                        long total = 0;
                        for (Queens q : invokeAll(children)) total += q.join();
                        return total;
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(14, 16);
  }

  @Test
  void copyMadeOnlyInTheSequentialLeafIsClean() {
    assertThat(
            Lint.of(
                "copy-on-fork",
                dir,
                """
                import java.util.Arrays;
                import java.util.concurrent.RecursiveAction;
                class SortTask extends RecursiveAction {
                    final long[] array; final int lo, hi;
                    SortTask(long[] array, int lo, int hi) { this.array = array; this.lo = lo; this.hi = hi; }
                    protected void compute() {
                        if (hi - lo < 1000) {
                            long[] buf = Arrays.copyOfRange(array, lo, hi);
                            Arrays.sort(buf);
                            System.arraycopy(buf, 0, array, lo, buf.length);
                            return;
                        }
                        int mid = (lo + hi) >>> 1;
                        invokeAll(new SortTask(array, lo, mid), new SortTask(array, mid, hi));
                    }
                }
                """))
        .isEmpty();
  }

  @Test
  void copyInTheDriverIsClean() {
    assertThat(
            Lint.of(
                "copy-on-fork",
                dir,
                """
                import java.util.Arrays;
                import java.util.concurrent.*;
                class Driver {
                    static void run(int[] data) {
                        ForkJoinPool.commonPool().invoke(new Leaf(Arrays.copyOf(data, data.length)));
                    }
                }
                class Leaf extends RecursiveAction {
                    Leaf(int[] a) { }
                    protected void compute() { }
                }
                """))
        .isEmpty();
  }

  /** Pinto et al. 2017, Fig. 6 (cq4j). */
  @Test
  void addAllOfJoinedResultsIsFlagged() {
    List<Finding> f =
        Lint.of(
            "copy-on-join",
            dir,
            """
                import java.util.*;
                import java.util.concurrent.*;
                class Filter<T> extends RecursiveTask<List<T>> {
                    final List<T> data;
                    Filter(List<T> data) { this.data = data; }
                    protected List<T> compute() {
                        if (data.size() < 100) return new ArrayList<>(data);
                        List<T> result = new ArrayList<T>();
                        int mid = data.size() / 2;
                        Filter<T> first = new Filter<T>(data.subList(0, mid));
                        first.fork();
                        Filter<T> second = new Filter<T>(data.subList(mid, data.size()));
                        second.fork();
                        result.addAll(first.join());
                        List<T> s = second.join();
                        result.addAll(s);
                        return result;
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(14, 16);
    assertThat(f.get(0).fix()).isEqualTo(FixSafety.SUGGESTION);
  }

  @Test
  void arrayConcatenationAfterJoinIsFlagged() {
    List<Finding> f =
        Lint.of(
            "copy-on-join",
            dir,
            """
                import java.util.concurrent.*;
                class Concat extends RecursiveTask<int[]> {
                    final int n;
                    Concat(int n) { this.n = n; }
                    protected int[] compute() {
                        if (n < 10) return new int[n];
                        Concat l = new Concat(n / 2), r = new Concat(n - n / 2);
                        l.fork();
                        int[] b = r.compute();
                        int[] a = l.join();
                        int[] out = new int[a.length + b.length];
                        System.arraycopy(a, 0, out, 0, a.length);
                        System.arraycopy(b, 0, out, a.length, b.length);
                        return out;
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(12, 13);
  }

  /** javaOneBR-2012, netflixoss: map results merged entry by entry into another map. */
  @Test
  void joinedResultCopiedElementByElementIsFlagged() {
    List<Finding> f =
        Lint.of(
            "copy-on-join",
            dir,
            """
                import java.util.*;
                import java.util.concurrent.*;
                class WordCount extends RecursiveTask<Map<String, Integer>> {
                    final String[] lines; final int lo, hi;
                    WordCount(String[] lines, int lo, int hi) { this.lines = lines; this.lo = lo; this.hi = hi; }
                    protected Map<String, Integer> compute() {
                        if (hi - lo < 100) { Map<String, Integer> m = new HashMap<>(); for (int i = lo; i < hi; i++) m.merge(lines[i], 1, Integer::sum); return m; }
                        int mid = (lo + hi) >>> 1;
                        WordCount l = new WordCount(lines, lo, mid);
                        l.fork();
                        Map<String, Integer> right = new WordCount(lines, mid, hi).compute();
                        Map<String, Integer> result = new HashMap<>();
                        for (Map.Entry<String, Integer> e : l.join().entrySet()) {
                            result.merge(e.getKey(), e.getValue(), Integer::sum);
                        }
                        right.forEach((w, n) -> result.merge(w, n, Integer::sum));
                        List<String> words = new ArrayList<>();
                        right.keySet().stream().forEach(words::add);
                        return result;
                    }
                }
                """);
    assertThat(f).extracting(Finding::line).containsExactly(13, 16, 18);
  }

  @Test
  void readingAJoinedResultElementByElementIsClean() {
    assertThat(
            Lint.of(
                "copy-on-join",
                dir,
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Best extends RecursiveTask<List<Integer>> {
                    final int[] a; final int lo, hi;
                    Best(int[] a, int lo, int hi) { this.a = a; this.lo = lo; this.hi = hi; }
                    protected List<Integer> compute() {
                        if (hi - lo < 100) return List.of(a[lo]);
                        int mid = (lo + hi) >>> 1;
                        Best l = new Best(a, lo, mid);
                        l.fork();
                        List<Integer> r = new Best(a, mid, hi).compute();
                        int best = Integer.MIN_VALUE;
                        long sum = 0;
                        for (int x : l.join()) { best = Math.max(best, x); sum += x; }
                        r.forEach(x -> System.out.println(x));
                        return List.of(best, (int) sum);
                    }
                }
                """))
        .isEmpty();
  }

  @Test
  void combiningNumbersOrCopyingLeafResultsIsClean() {
    assertThat(
            Lint.of(
                "copy-on-join",
                dir,
                """
                import java.util.*;
                import java.util.concurrent.*;
                class Count extends RecursiveTask<Long> {
                    final int n;
                    Count(int n) { this.n = n; }
                    protected Long compute() {
                        if (n < 10) {
                            List<Integer> tmp = new ArrayList<>();
                            tmp.addAll(leaf());
                            return (long) tmp.size();
                        }
                        Count l = new Count(n / 2);
                        l.fork();
                        long r = new Count(n - n / 2).compute();
                        return Math.max(r, l.join()) + l.join();
                    }
                    List<Integer> leaf() { return List.of(n); }
                }
                """))
        .isEmpty();
  }
}
