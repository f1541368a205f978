package dev.forkscope.profile;

import static dev.forkscope.profile.Executions.FORK_JOIN;
import static dev.forkscope.profile.Executions.RUNNABLE;
import static dev.forkscope.profile.Executions.exec;
import static dev.forkscope.profile.Executions.meta;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.forkscope.profile.layers.Layers;
import dev.forkscope.profile.trace.TaskEvent;
import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The span algorithm on hand-made time lines whose longest path is known. */
class WorkSpansTest {
  private static final String POOL = "java.util.concurrent.ForkJoinPool";

  private static TaskEvent fork(long thread, long time, long task) {
    return new TaskEvent(TaskEvent.Type.SUBMIT, thread, time, time, task, true);
  }

  private static TaskEvent join(long thread, long time, long task) {
    return new TaskEvent(TaskEvent.Type.JOIN, thread, time, time, task, true);
  }

  private static TaskEvent waiting(long thread, long from, long to) {
    return new TaskEvent(TaskEvent.Type.WAIT, thread, from, to, 0, true);
  }

  private static TaskExecution.Kind fj() {
    return FORK_JOIN;
  }

  /**
   * Root r (thread 1, 0-100) works 0-10, forks c, works 10-40, waits 40-90, joins c at 95, works to
   * 100; c runs 20-90 on thread 2.
   */
  private static List<TaskExecution> forkWaitJoin() {
    return List.of(
        exec(1, "Root").kind(fj()).at(0, 100).build(),
        exec(2, "Child").kind(fj()).on(2).submitted(9, POOL, 10).at(20, 90).build());
  }

  private static final List<TaskEvent> FORK_WAIT_JOIN_EVENTS =
      List.of(fork(1, 10, 2), waiting(1, 40, 90), join(1, 95, 2));

  @Test
  void aChildOffTheCpuForHalfItsTimeCountsItsCpuTime() {
    List<TaskExecution> executions =
        List.of(
            exec(1, "Root").kind(fj()).at(0, 100).build(),
            exec(2, "Child").kind(fj()).on(2).submitted(9, POOL, 10).at(20, 90).cpu(35).build());
    List<WorkSpan> ws = WorkSpans.of(executions, FORK_WAIT_JOIN_EVENTS, -1);
    // the child, preempted for half of its 70, works 35: it finishes at 10 + 35, as the root's
    // own path does (10 + 30 + 5); the root's last 5 make 50
    assertThat(ws).containsExactly(new WorkSpan("Root", 1, 85, 50, -1, false));
  }

  @Test
  void withoutItsCpuTimeALongChildCountsTheTimeTheOsLayerSawItsThreadRun() {
    long ms = 1_000_000;
    List<TaskExecution> executions =
        List.of(
            exec(1, "Root").kind(fj()).at(0, 100 * ms).build(),
            exec(2, "Child")
                .kind(fj())
                .on(2)
                .submitted(9, POOL, 10 * ms)
                .at(20 * ms, 90 * ms)
                .build());
    List<TaskEvent> events =
        List.of(fork(1, 10 * ms, 2), waiting(1, 12 * ms, 90 * ms), join(1, 95 * ms, 2));
    // thread 2 waited for a CPU 70 ms of every 100 ms: 49 ms of the child's 70
    Layers layers =
        new Layers(
            List.of(),
            List.of(),
            List.of(
                new Layers.ThreadSample(2, "worker", 0, 0, 0, 0, 0),
                new Layers.ThreadSample(2, "worker", 100 * ms, 30 * ms, 0, 0, 70 * ms)),
            List.of());
    List<WorkSpan> ws = WorkSpans.of(executions, events, -1, ThreadCpu.of(layers));
    // the child works 21 ms and finishes at 10 + 21; the root's own path is 10 + 2 + 5 (the join
    // at 95 takes the child's 31) and 5 more
    assertThat(ws).containsExactly(new WorkSpan("Root", 1, 22 * ms + 21 * ms, 36 * ms, -1, false));
    assertThat(WorkSpans.of(executions, events, -1).get(0).spanNs()).isEqualTo(85 * ms);
  }

  @Test
  void aStolenChildRunsInParallelWithItsParentsContinuation() {
    List<WorkSpan> ws = WorkSpans.of(forkWaitJoin(), FORK_WAIT_JOIN_EVENTS, -1);
    // own work of the root: 10 + 30 + 5 + 5 (the wait is no work); the child's 70
    // longest path: root 0-10, child 70, root 95-100 = 85 (the root's 10-40 and 90-95 run beside
    // it)
    assertThat(ws).containsExactly(new WorkSpan("Root", 1, 120, 85, -1, false));
    assertThat(ws.get(0).parallelism()).isCloseTo(120 / 85.0, within(1e-9));
  }

  @Test
  void theBurdenIsPaidOnceByEveryExecutionOnThePath() {
    List<WorkSpan> ws = WorkSpans.of(forkWaitJoin(), FORK_WAIT_JOIN_EVENTS, 3);
    // root starts at 3, forks at 13, the child finishes at 13 + 3 + 70 = 86, the root ends at 91
    assertThat(ws).containsExactly(new WorkSpan("Root", 1, 120, 85, 91, false));
  }

  @Test
  void withoutTheJoinTheSpanIsTheWallTimeOfTheLongerBranch() {
    // no join record: the child is joined at the end of the root; the wait still is no work
    List<WorkSpan> ws =
        WorkSpans.of(forkWaitJoin(), List.of(fork(1, 10, 2), waiting(1, 40, 90)), -1);
    assertThat(ws).containsExactly(new WorkSpan("Root", 1, 120, 80, -1, false));
  }

  @Test
  void aChildJoinedAtOnceIsSerial() {
    // k = 3 children of 20 each, forked and joined at once (the parent waits for each)
    List<TaskExecution> execs = new ArrayList<>();
    List<TaskEvent> events = new ArrayList<>();
    execs.add(exec(1, "Chain").kind(fj()).at(0, 100).build());
    for (int i = 0; i < 3; i++) {
      long t = 10 + 30L * i;
      execs.add(
          exec(2 + i, "Link").kind(fj()).on(2).submitted(9, POOL, t).at(t + 2, t + 22).build());
      events.add(fork(1, t, 2 + i));
      events.add(waiting(1, t + 1, t + 23));
      events.add(join(1, t + 24, 2 + i));
    }
    List<WorkSpan> ws = WorkSpans.of(execs, events, -1);
    // the root's own work: 10, then 1 + 1 + 6 around each link = 34; the links' 60
    // the path: 10, then 20 per link and 6 after each join = 88 (the root's 1 + 1 overlap a link)
    assertThat(ws).containsExactly(new WorkSpan("Chain", 1, 94, 88, -1, false));
    assertThat(ws.get(0).parallelism()).isLessThan(1.1);
  }

  @Test
  void aTaskInvokedDirectlyIsPartOfTheSerialPathAndAHelpedOneBelongsToItsOwnParent() {
    List<TaskExecution> execs =
        List.of(
            exec(1, "R").kind(fj()).at(0, 100).build(),
            // invoked directly: nested, neither submitted nor helped
            exec(2, "Inline").kind(fj()).at(10, 30).build(),
            // run by R's thread while it waited, but forked by R2
            exec(3, "Stolen").kind(fj()).helped().submitted(9, POOL, 45).at(50, 60).build(),
            exec(4, "R2").kind(fj()).on(2).at(40, 80).build());
    List<TaskEvent> events =
        List.of(waiting(1, 49, 61), fork(2, 45, 3), waiting(2, 46, 69), join(2, 70, 3));
    List<WorkSpan> ws = WorkSpans.of(execs, events, -1);
    // R: own 0-10, 30-49, 61-100 = 68, plus Inline's 20 on its path; Stolen is R2's child
    // R2: own 40-46, 69-80 = 17, plus Stolen's 10; path 5 + 1 ... = max(6 + 1, 5 + 10) + 10 = 25
    assertThat(ws)
        .containsExactly(
            new WorkSpan("R", 1, 88, 88, -1, false), new WorkSpan("R2", 1, 27, 25, -1, false));
  }

  @Test
  void aTreeOfEqualLeavesHasTheLeavesAsParallelism() {
    List<TaskExecution> execs = new ArrayList<>();
    List<TaskEvent> events = new ArrayList<>();
    tree(3, 0, -1, new long[] {1, 1}, execs, events);
    List<WorkSpan> ws = WorkSpans.of(execs, events, -1);
    // 8 leaves of 1000, 7 inner nodes of 5 own work each; the longest path: 3 inner nodes, 1 leaf
    assertThat(ws)
        .containsExactly(new WorkSpan("Node", 1, 8 * 1000 + 7 * 5, 3 * 5 + 1000, -1, false));
    assertThat(ws.get(0).parallelism()).isBetween(7.9, 8.0);
  }

  /**
   * A node of a balanced binary tree starting at {@code start} on a thread of its own or its
   * parent's: a leaf works 1000; an inner node works 1, forks its right half (which starts on a new
   * thread), works 1, runs its left half inline, works 1, waits until the right half is done, works
   * 1, joins it and works 1. Returns the node's end; {@code next} holds the next task and thread
   * ids.
   */
  private static long tree(
      int depth,
      long start,
      long submittedAt,
      long[] next,
      List<TaskExecution> execs,
      List<TaskEvent> events) {
    return tree(depth, next[1]++, start, submittedAt, next, execs, events);
  }

  private static long tree(
      int depth,
      long thread,
      long start,
      long submittedAt,
      long[] next,
      List<TaskExecution> execs,
      List<TaskEvent> events) {
    long id = next[0]++;
    long end;
    if (depth == 0) {
      end = start + 1000;
    } else {
      long forkAt = start + 1;
      long rightId = next[0];
      long rightEnd = tree(depth - 1, forkAt + 1, forkAt, next, execs, events);
      events.add(fork(thread, forkAt, rightId));
      long leftEnd = tree(depth - 1, thread, forkAt + 1, -1, next, execs, events);
      long waitEnd = Math.max(rightEnd, leftEnd + 1) + 1;
      events.add(waiting(thread, leftEnd + 1, waitEnd));
      events.add(join(thread, waitEnd + 1, rightId));
      end = waitEnd + 2;
    }
    Executions.Builder b = exec(id, "Node").kind(fj()).on(thread).at(start, end);
    execs.add(submittedAt >= 0 ? b.submitted(9, POOL, submittedAt).build() : b.build());
    return end;
  }

  @Test
  void rootsAreTheForkJoinTasksSubmittedFromOutsideAndAreSummedPerClass() {
    List<TaskExecution> execs =
        List.of(
            // a thread that invokes two computations of class Sum, one after the other
            exec(1, "Driver").kind(RUNNABLE).at(0, 1000).build(),
            exec(2, "Sum").kind(fj()).on(2).submitted(9, POOL, 10).at(20, 120).build(),
            exec(3, "Sum").kind(fj()).on(2).submitted(9, POOL, 200).at(210, 260).build(),
            exec(4, "Other").kind(fj()).on(3).at(0, 500).build());
    List<TaskEvent> events = List.of(fork(1, 10, 2), fork(1, 200, 3));
    List<WorkSpan> ws = WorkSpans.of(execs, events, -1);
    assertThat(ws)
        .containsExactly(
            new WorkSpan("Other", 1, 500, 500, -1, false),
            new WorkSpan("Sum", 2, 150, 150, -1, false));
  }

  @Test
  void theAnalysisReportsTheSameWorkAndSpanWithAndWithoutAggregation() {
    List<TaskExecution> execs =
        List.of(
            exec(1, "R").kind(fj()).at(0, 100).self(50).build(),
            exec(2, "Inline").kind(fj()).outer(1).at(10, 30).build(),
            exec(3, "Helper").kind(RUNNABLE).outer(2).at(12, 18).build(),
            exec(4, "Child").kind(fj()).on(2).submitted(9, POOL, 35).at(36, 70).build());
    List<TaskEvent> events = List.of(fork(1, 35, 4), waiting(1, 40, 71), join(1, 72, 4));
    Trace trace =
        new Trace(meta(2, 5, 0, 200), execs, List.of(), Map.of(), List.of(), events, Map.of());
    Profile aggregated = Analysis.analyze(trace, AnalysisOptions.defaults());
    Profile flat =
        Analysis.analyze(trace, new AnalysisOptions(false, AnalysisOptions.defaults().verdicts()));
    assertThat(aggregated.folded()).isPositive();
    assertThat(aggregated.workSpan()).isEqualTo(flat.workSpan());
    // R's own 10 + 5 + 5 + 1 + 28 = 49, Inline 14 and its Helper 6, Child 34; the path: R's 10,
    // Inline's 20, R's 5, Child's 34 (R's 5 + 1 beside it), R's 28; each of the four executions on
    // it pays the burden of 5
    assertThat(flat.workSpan())
        .containsExactly(
            new WorkSpan("R", 1, 49 + 20 + 34, 10 + 20 + 5 + 34 + 28, 97 + 4 * 5, false));
  }
}
