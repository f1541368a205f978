package dev.forkscope.profile.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.TaskClassProfile;
import dev.forkscope.profile.Verdict;
import dev.forkscope.profile.WorkSpan;
import dev.forkscope.profile.layers.LayersReader;
import dev.forkscope.profile.trace.TraceReader;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The verdicts and the parallelism of {@link LoadWorkloads} (JDK 17 and 25), profiled as {@code
 * forkscope profile} does (the agent, and the OS layer sampled from {@code /proc}), with and
 * without two threads of this JVM busy-looping beside the program: on two CPUs, with the other
 * builds of the machine, the program's threads wait for a CPU for much of the run, and its
 * executions are preempted for milliseconds.
 *
 * <p>What holds, and why it does not depend on timing luck: the fine class's median is a few
 * hundred nanoseconds against a threshold of about 1.6 µs, and a preempted execution counts at its
 * CPU time where the agent read it; the coarse task's CPU time (300 ms) is a fixed share of the
 * run's, and the time its thread waited for a CPU is not taken for waiting; with {@code cpu=all}
 * every execution's own work is its CPU time, which preemption does not change, so the tree's
 * parallelism is the graph's (70 to 137 at load averages of 9 to 20: 256 leaves of 0.5 ms on a path
 * of a leaf and eight splits, whose CPU time grows on a busy machine), not the machine's.
 */
class LoadEndToEndTest {
  private static final String PREFIX = LoadWorkloads.class.getName() + "$";

  @TempDir Path tmp;

  /** Two threads that spin until closed. */
  private static final class Hog implements AutoCloseable {
    private final AtomicBoolean stop = new AtomicBoolean();
    private final Thread[] threads = new Thread[2];

    Hog() {
      for (int i = 0; i < threads.length; i++) {
        threads[i] = new Thread(this::spin, "cpu-hog-" + i);
        threads[i].setDaemon(true);
        threads[i].start();
      }
    }

    private void spin() {
      while (!stop.get()) {
        Thread.onSpinWait();
      }
    }

    @Override
    public void close() throws InterruptedException {
      stop.set(true);
      for (Thread t : threads) {
        t.join();
      }
    }
  }

  private Profile profile(String jdk, String cpu, boolean hog) throws Exception {
    ChildJvm jvm = ChildJvm.of(jdk);
    Path dir = tmp.resolve(cpu + (hog ? "-hog" : "-quiet"));
    Path out = dir.resolve("out");
    ChildJvm.Result r;
    try (Hog running = hog ? new Hog() : null) {
      r = jvm.runProfiled(out, "out=" + out + ",sampling=off,cpu=" + cpu, dir, "load");
    }
    assertThat(r.exitCode()).as(r.stderr()).isZero();
    Profile profile =
        Analysis.analyze(TraceReader.read(out), LayersReader.read(out), AnalysisOptions.defaults());
    assumeTrue(profile.meta().cpus() > 1, "a task cannot leave CPUs idle on a machine with one");
    return profile;
  }

  private static Verdict.Kind verdict(Profile p, String simpleClass) {
    TaskClassProfile c =
        p.taskClasses().stream()
            .filter(t -> t.taskClass().equals(PREFIX + simpleClass))
            .findFirst()
            .orElseThrow(() -> new AssertionError(simpleClass + " in " + p.taskClasses()));
    return c.verdict().kind();
  }

  private static void assertKnownVerdicts(Profile p) {
    assertThat(verdict(p, "Fine")).as(p.taskClasses().toString()).isEqualTo(Verdict.Kind.FINE);
    assertThat(verdict(p, "Coarse")).as(p.taskClasses().toString()).isEqualTo(Verdict.Kind.COARSE);
    assertThat(verdict(p, "Tree")).as(p.taskClasses().toString()).isEqualTo(Verdict.Kind.OK);
    assertThat(verdict(p, "Leaf")).as(p.taskClasses().toString()).isEqualTo(Verdict.Kind.OK);
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void theVerdictsAreTheSameWithTwoThreadsHoggingTheCpus(String jdk) throws Exception {
    Profile quiet = profile(jdk, "sampled", false);
    Profile hogged = profile(jdk, "sampled", true);
    assertKnownVerdicts(quiet);
    assertKnownVerdicts(hogged);
    assertThat(hogged.machineLoad().known()).isTrue();
    assertThat(hogged.machineLoad().overloaded()).as(hogged.machineLoad().summary()).isTrue();
  }

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void theTreesParallelismIsTheGraphsWithTwoThreadsHoggingTheCpus(String jdk) throws Exception {
    Profile hogged = profile(jdk, "all", true);
    assertKnownVerdicts(hogged);
    WorkSpan tree =
        hogged.workSpan().stream()
            .filter(w -> w.root().equals(PREFIX + "Tree"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no Tree in " + hogged.workSpan()));
    // the work is the leaves' CPU time and a little more; the span one leaf and the splits
    assertThat(tree.workNs())
        .isBetween(
            LoadWorkloads.TREE_LEAVES * LoadWorkloads.LEAF_CPU_NS,
            2 * LoadWorkloads.TREE_LEAVES * LoadWorkloads.LEAF_CPU_NS);
    assertThat(tree.spanNs()).isGreaterThanOrEqualTo(LoadWorkloads.LEAF_CPU_NS);
    assertThat(tree.parallelism()).as(tree.toString()).isGreaterThan(32);
  }
}
