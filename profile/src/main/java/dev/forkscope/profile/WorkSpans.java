package dev.forkscope.profile;

import dev.forkscope.profile.trace.TaskEvent;
import dev.forkscope.profile.trace.TaskExecution;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Work and span of fork/join computations (Cilkscale's measures, research/profiler.md §5), per root
 * task class.
 *
 * <p>Implementation note. The input is the executions (not aggregated: folding nested executions
 * into their outer one moves self time around but changes neither the total nor any path, so the
 * result is the same with aggregation on or off) and the trace's submission, join and wait events.
 *
 * <ol>
 *   <li><b>Time lines.</b> Per thread, executions and events are merged in time order with a stack
 *       of open executions: each event and each directly nested execution becomes an item of the
 *       innermost execution open at its time. The agent's time stamps strictly increase per thread,
 *       so this is exact.
 *   <li><b>Edges.</b> A nested execution is <em>serial</em> when it was neither helped nor
 *       submitted: a task run inline by a direct {@code invoke()} (or {@code invokeAll}'s first
 *       task), which is part of its parent's serial path, exactly the executions {@link
 *       Aggregation} folds. A submission item (a fork) of a task executed later is a <em>spawn</em>
 *       edge to that execution: the one paired with this submission (same submission time), else
 *       the task's first execution starting after it that no other fork claimed. Only executions
 *       that belong to a fork/join computation spawn: fork/join task executions and what runs
 *       serially inside them. Helped executions (run inside a join while waiting) are neither:
 *       their own fork is their edge.
 *   <li><b>Span of one execution</b>, walking its items in time order: {@code cur} is the longest
 *       path from the execution's start to the current point. Own work (time on the execution's
 *       thread outside nested executions and outside waits) adds to {@code cur}; a serial nested
 *       execution adds its span; a fork of child c starts c's path at {@code cur}, so c finishes at
 *       {@code cur + span(c)}; a join of c sets {@code cur = max(cur, finish(c))}; children never
 *       joined (counted completers, {@code fork()} without {@code join()}) are joined at the end.
 *       The span is {@code cur} at the end; the work is the own work plus the work of every spawned
 *       and serial child. Every edge goes to an execution that starts later, so processing the
 *       executions latest start first has every child done before its parent: no recursion, any
 *       depth.
 *   <li><b>Burdened span</b>: the same walk with the profiler's measured cost per task added once
 *       for every execution on the path (Cilkscale adds a constant burden per spawn edge; ours is
 *       measured).
 *   <li><b>Roots</b>: fork/join executions with no incoming edge that were not helped: submitted
 *       from outside any fork/join computation ({@code invoke}/{@code submit} from {@code main} or
 *       a non-pool thread, or run there directly). Work, span and burdened span are summed per root
 *       class over its invocations.
 * </ol>
 *
 * <p>Sampled traces (FSTRACE6): an execution recorded as a sample stands for {@code weight}
 * executions, so its own work counts {@code weight} times (a Horvitz–Thompson estimate of the work
 * under the root), unless it ran inside a recorded execution of the computation (see {@link
 * #standsFor}); the tasks that were not recorded left no fork, join or execution, so no path
 * through them can be followed and the span is not computed ({@link WorkSpan#estimated()}). A
 * sampled execution is never a root: its parent may simply not have been recorded. Its fork is
 * still on its thread's time line, inside the nearest recorded execution, which takes it as a
 * child; a sample whose fork falls outside any recorded execution is lost from the work, which is
 * then a lower bound.
 *
 * <p>An execution ends, for this analysis, at the first return of a join of its task if that comes
 * before the agent's exit record (see {@link #effectiveEnds}). Own work is wall time minus waits:
 * the agent records the outermost wait of each execution (a join whose task was not done, a
 * quiescence, a managed block), which tgp's granularity counts but which is no work. Dependencies
 * the model does not see (latches, locks, queues) are own work of whoever blocks on them, so the
 * span is a lower bound where they exist and the parallelism an upper bound, as for every work/span
 * tool.
 */
final class WorkSpans {
  private static final int NESTED = 0;
  private static final int SUBMIT = 1;
  private static final int JOIN = 2;
  private static final int WAIT_START = 3;
  private static final int WAIT_END = 4;

  private WorkSpans() {}

  /**
   * An item of an execution's time line: {@code ref} is an execution index (nested) or a task id
   * (submitted, joined); {@code target} the execution a submission spawned, -1 if none.
   */
  private static final class Item {
    final int kind;
    final long time;
    final long ref;
    int target = -1;

    Item(int kind, long time, long ref) {
      this.kind = kind;
      this.time = time;
      this.ref = ref;
    }
  }

  /**
   * Work and span per root class, most work first.
   *
   * @param burdenNs the profiler's measured cost per task, or a negative value when not measured
   *     (the burdened span is then -1)
   */
  static List<WorkSpan> of(List<TaskExecution> executions, List<TaskEvent> events, long burdenNs) {
    int n = executions.size();
    if (n == 0) {
      return List.of();
    }
    int[] parent = new int[n];
    Arrays.fill(parent, -1);
    List<List<Item>> items = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      items.add(null);
    }
    timeLines(executions, events, parent, items);

    boolean[] serial = new boolean[n];
    boolean[] inComputation = new boolean[n];
    Integer[] byStart = new Integer[n];
    for (int i = 0; i < n; i++) {
      byStart[i] = i;
    }
    Arrays.sort(byStart, Comparator.comparingLong(i -> executions.get(i).startNs()));
    for (int i : byStart) { // parents start before their nested executions
      TaskExecution e = executions.get(i);
      serial[i] = parent[i] >= 0 && !e.helped() && e.submittedNs() < 0 && e.executorId() < 0;
      inComputation[i] = e.kind().forkJoinTask() || (serial[i] && inComputation[parent[i]]);
    }

    int[] spawnedBy = new int[n];
    Arrays.fill(spawnedBy, -1);
    Map<Long, List<Integer>> byTask = new HashMap<>();
    for (int i : byStart) {
      byTask.computeIfAbsent(executions.get(i).taskId(), id -> new ArrayList<>(1)).add(i);
    }
    for (int i : byStart) {
      List<Item> line = items.get(i);
      if (line == null || !inComputation[i]) {
        continue;
      }
      for (Item it : line) {
        if (it.kind == SUBMIT) {
          int c = claim(executions, byTask.get(it.ref), it.time, spawnedBy);
          if (c >= 0) {
            spawnedBy[c] = i;
            it.target = c;
          }
        }
      }
    }

    long[] end = effectiveEnds(executions, events);
    long burden = Math.max(0, burdenNs);
    long[] work = new long[n];
    long[] span = new long[n];
    long[] bspan = new long[n];
    for (int k = n - 1; k >= 0; k--) {
      int i = byStart[k];
      TaskExecution e = executions.get(i);
      List<Item> line = items.get(i);
      long cur = 0;
      long bcur = burden;
      long w = 0;
      long own = 0;
      long pos = e.startNs();
      boolean waiting = false;
      Map<Long, long[]> open = line == null ? Map.of() : new HashMap<>();
      if (line != null) {
        for (Item it : line) {
          long t = it.time;
          if (!waiting && t > pos) {
            cur += t - pos;
            bcur += t - pos;
            own += t - pos;
          }
          pos = Math.max(pos, t);
          switch (it.kind) {
            case NESTED -> {
              int c = (int) it.ref;
              if (serial[c] && spawnedBy[c] < 0) {
                cur += span[c];
                bcur += bspan[c];
                w += work[c];
              }
              pos = Math.max(pos, executions.get(c).endNs());
            }
            case SUBMIT -> {
              int c = it.target;
              if (c >= 0) {
                open.put(executions.get(c).taskId(), new long[] {cur + span[c], bcur + bspan[c]});
                w += work[c];
              }
            }
            case JOIN -> {
              long[] finish = open.remove(it.ref);
              if (finish != null) {
                cur = Math.max(cur, finish[0]);
                bcur = Math.max(bcur, finish[1]);
              }
            }
            case WAIT_START -> waiting = true;
            default -> waiting = false;
          }
        }
      }
      if (!waiting && end[i] > pos) {
        cur += end[i] - pos;
        bcur += end[i] - pos;
        own += end[i] - pos;
      }
      for (long[] finish : open.values()) {
        cur = Math.max(cur, finish[0]);
        bcur = Math.max(bcur, finish[1]);
      }
      work[i] = w + own * standsFor(e, parent[i] >= 0 && inComputation[parent[i]]);
      span[i] = cur;
      bspan[i] = bcur;
    }

    boolean sampled = false;
    for (TaskExecution e : executions) {
      sampled |= e.sampled();
    }
    Map<String, long[]> perRoot = new LinkedHashMap<>();
    for (int i : byStart) {
      TaskExecution e = executions.get(i);
      boolean linked = spawnedBy[i] >= 0 || (serial[i] && inComputation[parent[i]]);
      if (!e.kind().forkJoinTask() || linked || e.helped() || e.sampled()) {
        continue;
      }
      long[] sum = perRoot.computeIfAbsent(e.taskClass(), c -> new long[4]);
      sum[0]++;
      sum[1] += work[i];
      sum[2] += span[i];
      sum[3] += bspan[i];
    }
    List<WorkSpan> out = new ArrayList<>(perRoot.size());
    for (Map.Entry<String, long[]> r : perRoot.entrySet()) {
      long[] sum = r.getValue();
      out.add(
          sampled
              ? new WorkSpan(r.getKey(), sum[0], sum[1], -1, -1, true)
              : new WorkSpan(
                  r.getKey(), sum[0], sum[1], sum[2], burdenNs < 0 ? -1 : sum[3], false));
    }
    out.sort(Comparator.comparingLong(WorkSpan::workNs).reversed().thenComparing(WorkSpan::root));
    return List.copyOf(out);
  }

  /**
   * How many executions' own work a recorded one stands for in the work: its weight when it ran
   * outside any recorded execution of a computation; 1 when inside one, whose own work already
   * holds the time of this execution's unrecorded peers that ran there too (they left no record to
   * subtract). Whether an execution has such an enclosing execution does not depend on its own
   * sampling, so the recorded ones in each position estimate the unrecorded ones in that position.
   */
  private static long standsFor(TaskExecution e, boolean insideComputation) {
    return insideComputation ? 1 : e.weight();
  }

  /**
   * When each execution completed, as far as its joiners can tell: its recorded end, or the first
   * return of a join of its task after its start when that comes earlier. A task is done (and its
   * joiner woken) a little before the hooked method returns and the agent reads the clock, and on a
   * loaded machine the woken joiner often takes the completing thread's CPU right there: that tail,
   * milliseconds at times, is not on any path (the joiner went on without it) and is no work.
   */
  private static long[] effectiveEnds(List<TaskExecution> executions, List<TaskEvent> events) {
    Map<Long, List<Long>> joins = new HashMap<>();
    for (TaskEvent ev : events) {
      if (ev.type() == TaskEvent.Type.JOIN && ev.taskId() != 0) {
        joins.computeIfAbsent(ev.taskId(), t -> new ArrayList<>(1)).add(ev.timeNs());
      }
    }
    long[] end = new long[executions.size()];
    for (int i = 0; i < end.length; i++) {
      TaskExecution e = executions.get(i);
      end[i] = e.endNs();
      for (long t : joins.getOrDefault(e.taskId(), List.of())) { // in time order
        if (t >= e.startNs()) {
          end[i] = Math.min(end[i], t);
          break;
        }
      }
    }
    return end;
  }

  /**
   * Fills {@code parent} (innermost enclosing execution on the same thread) and {@code items} (each
   * execution's nested executions and events, in time order).
   */
  private static void timeLines(
      List<TaskExecution> executions,
      List<TaskEvent> events,
      int[] parent,
      List<List<Item>> items) {
    Map<Long, List<Integer>> execsByThread = new HashMap<>();
    for (int i = 0; i < executions.size(); i++) {
      execsByThread
          .computeIfAbsent(executions.get(i).executionThreadId(), t -> new ArrayList<>())
          .add(i);
    }
    Map<Long, List<Item>> eventsByThread = new HashMap<>();
    for (TaskEvent ev : events) {
      if (!execsByThread.containsKey(ev.threadId())) {
        continue;
      }
      List<Item> line = eventsByThread.computeIfAbsent(ev.threadId(), t -> new ArrayList<>());
      switch (ev.type()) {
        case SUBMIT -> line.add(new Item(SUBMIT, ev.timeNs(), ev.taskId()));
        case JOIN -> line.add(new Item(JOIN, ev.timeNs(), ev.taskId()));
        case WAIT -> {
          line.add(new Item(WAIT_START, ev.timeNs(), 0));
          line.add(new Item(WAIT_END, ev.endNs(), 0));
        }
      }
    }
    for (Map.Entry<Long, List<Integer>> thread : execsByThread.entrySet()) {
      List<Integer> execs = thread.getValue();
      execs.sort(
          Comparator.comparingLong((Integer i) -> executions.get(i).startNs())
              .thenComparing(
                  Comparator.comparingLong((Integer i) -> executions.get(i).endNs()).reversed()));
      List<Item> evs = eventsByThread.getOrDefault(thread.getKey(), new ArrayList<>());
      evs.sort(Comparator.comparingLong(it -> it.time)); // a wait's end may follow later items
      int[] stack = new int[16];
      int top = 0;
      int x = 0;
      int v = 0;
      while (x < execs.size() || v < evs.size()) {
        boolean execNext =
            v == evs.size()
                || (x < execs.size() && executions.get(execs.get(x)).startNs() <= evs.get(v).time);
        long t = execNext ? executions.get(execs.get(x)).startNs() : evs.get(v).time;
        while (top > 0 && executions.get(stack[top - 1]).endNs() < t) {
          top--;
        }
        int owner = top > 0 ? stack[top - 1] : -1;
        if (execNext) {
          int i = execs.get(x++);
          parent[i] = owner;
          if (owner >= 0) {
            add(items, owner, new Item(NESTED, executions.get(i).startNs(), i));
          }
          if (top == stack.length) {
            stack = Arrays.copyOf(stack, top * 2);
          }
          stack[top++] = i;
        } else {
          Item it = evs.get(v++);
          if (owner >= 0) {
            add(items, owner, it);
          }
        }
      }
    }
  }

  private static void add(List<List<Item>> items, int i, Item it) {
    List<Item> line = items.get(i);
    if (line == null) {
      line = new ArrayList<>(4);
      items.set(i, line);
    }
    line.add(it);
  }

  /**
   * The execution a fork at {@code time} spawned: the one whose submission time is {@code time},
   * else the first unclaimed one starting after it; -1 if none.
   */
  private static int claim(
      List<TaskExecution> executions, List<Integer> candidates, long time, int[] spawnedBy) {
    if (candidates == null) {
      return -1;
    }
    int best = -1;
    for (int c : candidates) { // in start order
      TaskExecution e = executions.get(c);
      if (spawnedBy[c] >= 0 || e.startNs() < time) {
        continue;
      }
      if (e.submittedNs() == time) {
        return c;
      }
      if (best < 0) {
        best = c;
      }
    }
    return best;
  }
}
