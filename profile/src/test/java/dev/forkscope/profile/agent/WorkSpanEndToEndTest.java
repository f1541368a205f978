package dev.forkscope.profile.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.WorkSpan;
import dev.forkscope.profile.trace.TaskEvent;
import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import dev.forkscope.profile.trace.TraceReader;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Work and span of fork/join programs whose answer is known ({@link Workloads#workSpan}), profiled
 * in child JVMs on JDK 17 and JDK 25.
 *
 * <p>Tolerances. The analysis measures wall time, and these machines are shared and loaded (two
 * CPUs, load averages of 5 to 10): a thread that is off the CPU for milliseconds stretches whatever
 * strand it is in, a leaf or a parent's instant between a fork and its join (we have seen a leaf of
 * 10 ms take 124 ms). So each test checks exact relations that hold on any machine, from the
 * recorded executions: every leaf (which spins at least w) is in the work and one leaf is on every
 * path of the tree, so {@code leaves · w ≤ work} and {@code w ≤ span ≤ longest leaf + the inner
 * nodes' work}; own work is self time minus waits, so {@code work ≤ Σ self}; no path is longer than
 * the computation took, so {@code span ≤ elapsed}; the links of a chain are all on one path, so
 * {@code Σ links ≤ span}; a graph never more than two strands wide has a parallelism of at most 2.
 * Then bands around the ideal value, wide enough for a loaded machine, that a wrong graph leaves:
 * two CPUs cannot show a speedup above 2 in wall time, so a parallelism well above 2 comes from the
 * fork/join graph alone; ignoring the joins of a chain would make its parallelism about the number
 * of links (10), not 1.
 */
class WorkSpanEndToEndTest {
  private static final Map<String, Run> RUNS = new HashMap<>();

  @TempDir static Path tmp;

  private record Run(Trace trace, Profile profile) {
    WorkSpan root(Class<?> root) {
      return profile.workSpan().stream()
          .filter(w -> w.root().equals(root.getName()))
          .findFirst()
          .orElseThrow(() -> new AssertionError("no root " + root + " in " + profile.workSpan()));
    }

    List<TaskExecution> executions(Class<?> type) {
      return trace.executions().stream()
          .filter(e -> e.taskClass().equals(type.getName()))
          .collect(Collectors.toList());
    }

    /** Σ self wall time of the executions of these classes. */
    long selfOf(Class<?>... types) {
      long sum = 0;
      for (Class<?> type : types) {
        sum += executions(type).stream().mapToLong(TaskExecution::selfWallNs).sum();
      }
      return sum;
    }

    /** From the first start to the last end of the executions of a computation's classes. */
    long elapsed(Class<?>... types) {
      long first = Long.MAX_VALUE;
      long last = Long.MIN_VALUE;
      for (Class<?> type : types) {
        for (TaskExecution e : executions(type)) {
          first = Math.min(first, e.startNs());
          last = Math.max(last, e.endNs());
        }
      }
      assertThat(last).isGreaterThan(first);
      return last - first;
    }
  }

  private static synchronized Run run(String version) throws Exception {
    Run cached = RUNS.get(version);
    if (cached != null) {
      return cached;
    }
    ChildJvm jvm = ChildJvm.of(version);
    Path dir = tmp.resolve("workspan-" + version);
    ChildJvm.Result r =
        jvm.run(
            "out=" + dir.resolve("out") + ",cpu=off,contexts=false,sampling=off", dir, "workspan");
    assertThat(r.exitCode()).as(r.stderr()).isZero();
    Trace trace = TraceReader.read(dir.resolve("out"));
    assertThat(trace.meta().dropped()).isZero();
    assertThat(trace.events()).anyMatch(e -> e.type() == TaskEvent.Type.JOIN);
    assertThat(trace.events()).anyMatch(e -> e.type() == TaskEvent.Type.WAIT);
    Run run = new Run(trace, Analysis.analyze(trace, AnalysisOptions.defaults()));
    RUNS.put(version, run);
    return run;
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void aBalancedTreeHasItsLeavesAsParallelism(String jdk) throws Exception {
    Run run = run(jdk);
    WorkSpan tree = run.root(Workloads.SpanTree.class);
    int leaves = 1 << Workloads.TREE_DEPTH;
    List<TaskExecution> leafRuns = run.executions(Workloads.SpanLeaf.class);
    assertThat(leafRuns).hasSize(leaves);
    long maxLeaf = leafRuns.stream().mapToLong(TaskExecution::selfWallNs).max().orElseThrow();
    long w = Workloads.TREE_LEAF_NS;
    long leafWork = leaves * w;

    assertThat(tree.invocations()).isEqualTo(1);
    assertThat(tree.workNs())
        .isBetween(leafWork, run.selfOf(Workloads.SpanTree.class, Workloads.SpanLeaf.class));
    // one leaf and TREE_DEPTH inner nodes (a fork, an invoke and a join each: microseconds)
    long spanCeiling = maxLeaf + (tree.workNs() - leafWork);
    assertThat(tree.spanNs())
        .isBetween(w, spanCeiling)
        .isLessThanOrEqualTo(run.elapsed(Workloads.SpanTree.class, Workloads.SpanLeaf.class));
    // ideally 16 (16 w / w); at least the work over the span's ceiling above (the longest leaf
    // and every inner node's time, which a loaded machine stretches), and more than one
    assertThat(tree.parallelism())
        .isBetween(0.999 * tree.workNs() / spanCeiling, leaves + 0.5)
        .isGreaterThan(1.0);
    // the only fork/join tasks not forked from inside another are the four roots
    assertThat(run.profile().workSpan())
        .extracting(WorkSpan::root)
        .containsExactlyInAnyOrder(
            Workloads.SpanTree.class.getName(),
            Workloads.SpanChain.class.getName(),
            Workloads.SpanPairs.class.getName(),
            Workloads.SpanFib.class.getName());
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void aChildJoinedAtOnceAddsNoParallelism(String jdk) throws Exception {
    Run run = run(jdk);
    WorkSpan chain = run.root(Workloads.SpanChain.class);
    long chainLinks = Workloads.CHAIN_LINKS * Workloads.CHAIN_LINK_NS;
    assertThat(chain.workNs()).isGreaterThanOrEqualTo(chainLinks);
    // every link (each spins at least CHAIN_LINK_NS) is on the one path: the span is at least their
    // sum, and at most the elapsed time
    assertThat(chain.spanNs()).isBetween(chainLinks, run.elapsed(Workloads.SpanChain.class));
    // ideally 1 (only the parent's instants between a fork and its join run beside a link), and
    // never above 2: no more than two strands (the parent and one link) are ever side by side. Were
    // the joins ignored, the links would all run side by side: CHAIN_LINKS
    assertThat(chain.parallelism()).isBetween(1.0, 2.0);
    assertThat(chain.burdenedSpanNs()).isGreaterThanOrEqualTo(chain.spanNs());
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void invokeAllJoinsItsTasks(String jdk) throws Exception {
    Run run = run(jdk);
    WorkSpan pairs = run.root(Workloads.SpanPairs.class);
    long rounds = Workloads.PAIR_ROUNDS;
    // each round: the long task forked, the short one run inline beside it, both joined before the
    // next round, so the long ones are all on the path
    assertThat(pairs.spanNs())
        .isBetween(rounds * Workloads.PAIR_LONG_NS, run.elapsed(Workloads.SpanPairs.class));
    assertThat(pairs.workNs())
        .isGreaterThanOrEqualTo(rounds * (Workloads.PAIR_SHORT_NS + Workloads.PAIR_LONG_NS));
    // ideally (1 + 4) / 4 = 1.25, and never above 2 (the parent's strand, with the short task
    // inline in it, beside the long one); were invokeAll's joins missed, the long tasks would all
    // run beside the rest: 50 / 14 = 3.6
    assertThat(pairs.parallelism()).isBetween(1.0, 2.0);
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void fibonacciWithACutOffHasFarMoreParallelismThanTheMachine(String jdk) throws Exception {
    Run run = run(jdk);
    WorkSpan fib = run.root(Workloads.SpanFib.class);
    // ideally hundreds (987 leaves of about 0.1 ms, paths of at most 15 inner nodes); run on one
    // worker, so that a scheduling delay stretches one path rather than the whole computation
    assertThat(fib.workNs()).isLessThanOrEqualTo(run.selfOf(Workloads.SpanFib.class));
    assertThat(fib.spanNs()).isLessThanOrEqualTo(run.elapsed(Workloads.SpanFib.class));
    // (we have seen 4 when the machine stalled a thread for 124 ms, 8 to 27 otherwise)
    assertThat(fib.parallelism()).isGreaterThan(3.0);
    assertThat(fib.spanNs() * 3).isLessThan(fib.workNs());
    assertThat(fib.speedupBound(2)).isCloseTo(2.0, within(0.01));
  }
}
