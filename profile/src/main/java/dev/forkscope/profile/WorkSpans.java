package dev.forkscope.profile;

import dev.forkscope.profile.trace.EventTable;
import dev.forkscope.profile.trace.ExecutionList;
import dev.forkscope.profile.trace.IndexSort;
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
 * Work and span of fork/join computations (Cilkscale's measures, see docs/profile.md, work and
 * span), per root task class.
 *
 * <p>Implementation note. The input is the executions (not aggregated: folding nested executions
 * into their outer one moves self time around but changes neither the total nor any path, so the
 * result is the same with aggregation on or off) and the trace's submission, join and wait events.
 *
 * <ol>
 *   <li><b>Time lines.</b> Per thread, executions and events are merged in time order on the
 *       thread's {@link ThreadTimelines}: each event and each directly nested execution becomes an
 *       item of the innermost execution open at its time. The agent's time stamps strictly increase
 *       per thread, so this is exact.
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
 * before the agent's exit record (see {@link #effectiveEnds}). Own work is wall time minus waits
 * (scaled down to the execution's CPU time where the agent read it and found it lower: {@link
 * Walk}): the agent records the outermost wait of each execution (a join whose task was not done, a
 * quiescence, a managed block), which tgp's granularity counts but which is no work. Dependencies
 * the model does not see (latches, locks, queues) are own work of whoever blocks on them, so the
 * span is a lower bound where they exist and the parallelism an upper bound, as for every work/span
 * tool.
 */
final class WorkSpans {
  private static final byte NESTED = 0;
  private static final byte SUBMIT = 1;
  private static final byte JOIN = 2;
  private static final byte WAIT_START = 3;
  private static final byte WAIT_END = 4;

  private WorkSpans() {}

  /**
   * Work and span per root class, most work first.
   *
   * @param burdenNs the profiler's measured cost per task, or a negative value when not measured
   *     (the burdened span is then -1)
   */
  static List<WorkSpan> of(List<TaskExecution> list, List<TaskEvent> eventList, long burdenNs) {
    return of(list, eventList, burdenNs, ThreadCpu.NONE);
  }

  /**
   * As {@link #of(List, List, long)}, with the OS layer's samples of the threads for the executions
   * whose CPU time the agent did not read (see {@link Walk}).
   */
  static List<WorkSpan> of(
      List<TaskExecution> list, List<TaskEvent> eventList, long burdenNs, ThreadCpu threadCpu) {
    ExecutionList executions = ExecutionList.of(list);
    EventTable events = EventTable.copyOf(eventList);
    int n = executions.size();
    if (n == 0) {
      return List.of();
    }
    Map<Long, Integer> threads = new HashMap<>();
    Execs x = new Execs(executions, threads, threadCpu);
    Items items = new Items(events, threads);
    TimeLines lines = new TimeLines(x, items, threads.size());
    items.kind = null; // only the time lines need these: then times are read from the events
    items.time = null;

    boolean[] serial = new boolean[n];
    boolean[] inComputation = new boolean[n];
    boolean[] parentInComputation = new boolean[n];
    int[] byStart = IndexSort.byKey(x.start);
    for (int i : byStart) { // parents start before their nested executions
      int parent = lines.nesting.parent(i);
      serial[i] = parent >= 0 && !x.helped[i] && !x.submitted[i];
      parentInComputation[i] = parent >= 0 && inComputation[parent];
      inComputation[i] = x.forkJoin[i] || (serial[i] && parentInComputation[i]);
    }
    lines.nesting = null;

    int[] spawnedBy = spawns(executions, x, items, lines, byStart, inComputation);

    long[] end = effectiveEnds(x, events);
    x.task = null; // a fork's item names its task: not kept while the spans are walked
    Walk walk =
        new Walk(
            x, items, lines, serial, parentInComputation, spawnedBy, end, Math.max(0, burdenNs));
    for (int k = n - 1; k >= 0; k--) {
      int i = byStart[k];
      long own = walk.walk(i, 1);
      double onCpu = x.cpu[i] >= 0 ? (double) x.cpu[i] / Math.max(1, own) : x.onCpuShare[i];
      if (onCpu < 1) { // off the CPU for part of its own time: that part is no work
        walk.walk(i, onCpu);
      }
    }
    long[] work = walk.work;
    long[] span = walk.span;
    long[] bspan = walk.bspan;
    boolean sampled = x.sampled();
    Map<String, long[]> perRoot = new LinkedHashMap<>();
    for (int i : byStart) {
      boolean linked = spawnedBy[i] >= 0 || (serial[i] && parentInComputation[i]);
      if (!x.forkJoin[i] || linked || x.helped[i] || x.weight(i) > 1) {
        continue;
      }
      long[] sum = perRoot.computeIfAbsent(executions.taskClass(i), c -> new long[4]);
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
   * Step 3 of the class comment: the walk of one execution's time line, its children done. Own work
   * counts at {@code scale} of its wall time: an execution whose CPU time the agent read and found
   * below its own wall time was off the CPU (preempted, on a busy machine) for the rest, and
   * counting that would lengthen every path through it. Without the CPU time, an execution of at
   * least {@value Diagnosis#COARSE_MIN_MS} ms counts its wall time less the share in which the OS
   * layer saw its thread waiting for a CPU ({@link ThreadCpu#runDelayNs}, spread evenly between
   * samples 20 ms apart: too coarse for shorter executions), and any other its wall time.
   */
  private static final class Walk {
    private final Execs x;
    private final Items items;
    private final TimeLines lines;
    private final boolean[] serial;
    private final boolean[] parentInComputation;
    private final int[] spawnedBy;
    private final long[] end;
    private final long burden;
    final long[] work;
    final long[] span;
    final long[] bspan;

    Walk(
        Execs x,
        Items items,
        TimeLines lines,
        boolean[] serial,
        boolean[] parentInComputation,
        int[] spawnedBy,
        long[] end,
        long burden) {
      this.x = x;
      this.items = items;
      this.lines = lines;
      this.serial = serial;
      this.parentInComputation = parentInComputation;
      this.spawnedBy = spawnedBy;
      this.end = end;
      this.burden = burden;
      int n = end.length;
      work = new long[n];
      span = new long[n];
      bspan = new long[n];
    }

    /** Sets the work and spans of execution {@code i}; returns its own wall time. */
    long walk(int i, double scale) {
      long cur = 0;
      long bcur = burden;
      long w = 0;
      long own = 0;
      long ownWork = 0;
      long pos = x.start[i];
      boolean waiting = false;
      Map<Long, long[]> open = Map.of();
      for (int at = lines.from(i); at < lines.to(i); at++) {
        int ref = lines.ref[at];
        byte kind = lines.kind[at];
        long t = kind == NESTED ? x.start[ref] : items.timeOf(ref, kind);
        if (!waiting && t > pos) {
          long d = Math.round(scale * (t - pos));
          cur += d;
          bcur += d;
          ownWork += d;
          own += t - pos;
        }
        pos = Math.max(pos, t);
        switch (kind) {
          case NESTED -> {
            if (serial[ref] && spawnedBy[ref] < 0) {
              cur += span[ref];
              bcur += bspan[ref];
              w += work[ref];
            }
            pos = Math.max(pos, x.end[ref]);
          }
          case SUBMIT -> {
            int c = items.target[ref];
            if (c >= 0) {
              if (open.isEmpty()) {
                open = new HashMap<>();
              }
              open.put(items.task(ref), new long[] {cur + span[c], bcur + bspan[c]});
              w += work[c];
            }
          }
          case JOIN -> {
            long[] finish = open.isEmpty() ? null : open.remove(items.task(ref));
            if (finish != null) {
              cur = Math.max(cur, finish[0]);
              bcur = Math.max(bcur, finish[1]);
            }
          }
          case WAIT_START -> waiting = true;
          default -> waiting = false;
        }
      }
      if (!waiting && end[i] > pos) {
        long d = Math.round(scale * (end[i] - pos));
        cur += d;
        bcur += d;
        ownWork += d;
        own += end[i] - pos;
      }
      for (long[] finish : open.values()) {
        cur = Math.max(cur, finish[0]);
        bcur = Math.max(bcur, finish[1]);
      }
      work[i] = w + ownWork * standsFor(x.weight(i), parentInComputation[i]);
      span[i] = cur;
      bspan[i] = bcur;
      return own;
    }
  }

  /**
   * Per execution, the execution whose fork spawned it, -1 if none; each spawning fork's item gets
   * its {@code target}. Forks are claimed in the order of {@code byStart}, so the earlier fork of a
   * task claims first.
   */
  private static int[] spawns(
      ExecutionList executions,
      Execs x,
      Items items,
      TimeLines lines,
      int[] byStart,
      boolean[] inComputation) {
    int[] spawnedBy = new int[byStart.length];
    Arrays.fill(spawnedBy, -1);
    Candidates candidates = new Candidates(x.task, byStart);
    for (int i : byStart) {
      if (!inComputation[i]) {
        continue;
      }
      for (int k = lines.from(i); k < lines.to(i); k++) {
        if (lines.kind[k] == SUBMIT) {
          int item = lines.ref[k];
          int c =
              candidates.claim(
                  executions, x, items.task(item), items.timeOf(item, SUBMIT), spawnedBy);
          if (c >= 0) {
            spawnedBy[c] = i;
            items.target[item] = c;
          }
        }
      }
    }
    return spawnedBy;
  }

  /**
   * How many executions' own work a recorded one stands for in the work: its weight when it ran
   * outside any recorded execution of a computation; 1 when inside one, whose own work already
   * holds the time of this execution's unrecorded peers that ran there too (they left no record to
   * subtract). Whether an execution has such an enclosing execution does not depend on its own
   * sampling, so the recorded ones in each position estimate the unrecorded ones in that position.
   */
  private static long standsFor(long weight, boolean insideComputation) {
    return insideComputation ? 1 : weight;
  }

  /**
   * When each execution completed, as far as its joiners can tell: its recorded end, or the first
   * return of a join of its task after its start when that comes earlier. A task is done (and its
   * joiner woken) a little before the hooked method returns and the agent reads the clock, and on a
   * loaded machine the woken joiner often takes the completing thread's CPU right there: that tail,
   * milliseconds at times, is not on any path (the joiner went on without it) and is no work.
   */
  private static long[] effectiveEnds(Execs x, EventTable events) {
    int count = 0;
    for (int e = 0; e < events.size(); e++) {
      if (isJoinOfTask(events, e)) {
        count++;
      }
    }
    long[] task = new long[count];
    long[] time = new long[count];
    int j = 0;
    for (int e = 0; e < events.size(); e++) {
      if (isJoinOfTask(events, e)) {
        task[j] = events.taskId(e);
        time[j++] = events.timeNs(e);
      }
    }
    int[] byTask = IndexSort.byKey(task); // each task's joins in time order
    long[] sortedTask = new long[count];
    for (int k = 0; k < count; k++) {
      sortedTask[k] = task[byTask[k]];
    }
    long[] end = x.end.clone();
    for (int i = 0; i < end.length; i++) {
      for (int k = IndexSort.first(sortedTask, x.task[i]);
          k < count && sortedTask[k] == x.task[i];
          k++) {
        long t = time[byTask[k]];
        if (t >= x.start[i]) {
          end[i] = Math.min(end[i], t);
          break;
        }
      }
    }
    return end;
  }

  private static boolean isJoinOfTask(EventTable events, int e) {
    return events.type(e) == TaskEvent.Type.JOIN && events.taskId(e) != 0;
  }

  /**
   * A thread's index in {@code threads}, which gives each thread id the next one when first seen.
   */
  private static int threadIndex(Map<Long, Integer> threads, long threadId) {
    return threads.computeIfAbsent(threadId, id -> threads.size());
  }

  /** What the analysis reads of each execution, as columns. */
  private static final class Execs {
    final long[] start;
    final long[] end;

    /** The thread's index (see {@link #threadIndex}); null once grouped for the time lines. */
    int[] thread;

    /** Null once the spawns and the effective ends are found. */
    long[] task;

    /** Null while every weight is 1. */
    private long[] weight;

    final boolean[] helped;
    final boolean[] forkJoin;

    /** Submitted or forked: offered to a pool, so not run inline by its parent. */
    final boolean[] submitted;

    /** Self CPU time, -1 where not read. */
    final long[] cpu;

    /**
     * Where the CPU time was not read: the share of the execution's interval in which its thread
     * was not waiting for a CPU, by the OS layer (see {@link Walk}); 1 where not known.
     */
    final double[] onCpuShare;

    Execs(ExecutionList executions, Map<Long, Integer> threads, ThreadCpu threadCpu) {
      int n = executions.size();
      start = new long[n];
      end = new long[n];
      thread = new int[n];
      task = new long[n];
      helped = new boolean[n];
      forkJoin = new boolean[n];
      submitted = new boolean[n];
      cpu = new long[n];
      onCpuShare = new double[n];
      for (int i = 0; i < n; i++) {
        cpu[i] = executions.selfCpuNs(i);
        onCpuShare[i] = onCpuShare(executions, i, threadCpu);
        start[i] = executions.startNs(i);
        end[i] = executions.endNs(i);
        thread[i] = threadIndex(threads, executions.executionThreadId(i));
        task[i] = executions.taskId(i);
        long w = executions.weight(i);
        if (w != 1 && weight == null) {
          weight = new long[n];
          Arrays.fill(weight, 0, i, 1);
        }
        if (weight != null) {
          weight[i] = w;
        }
        helped[i] = executions.helped(i);
        forkJoin[i] = executions.forkJoinTask(i);
        submitted[i] = executions.submittedNs(i) >= 0 || executions.executorId(i) >= 0;
      }
    }

    private static double onCpuShare(ExecutionList executions, int i, ThreadCpu threadCpu) {
      long length = executions.endNs(i) - executions.startNs(i);
      if (executions.selfCpuNs(i) >= 0 || length < Diagnosis.COARSE_MIN_MS * 1_000_000) {
        return 1;
      }
      long delay =
          threadCpu.runDelayNs(
              executions.executionThreadId(i), executions.startNs(i), executions.endNs(i));
      return delay <= 0 ? 1 : 1 - Math.min(1, (double) delay / length);
    }

    long weight(int i) {
      return weight == null ? 1 : weight[i];
    }

    /** Whether an execution stands for several (a sample). */
    boolean sampled() {
      if (weight != null) {
        for (long w : weight) {
          if (w > 1) {
            return true;
          }
        }
      }
      return false;
    }
  }

  /**
   * The events as time-line items, in event order (a wait gives two: its start and its end): {@code
   * event} the event it comes from; {@code target} the execution a submission spawned, -1 if none.
   */
  private static final class Items {
    /** Null once the time lines are made. */
    byte[] kind;

    /** Null once the time lines are made: then {@link #timeOf}. */
    long[] time;

    /** The thread's index (see {@link #threadIndex}); null once grouped for the time lines. */
    int[] thread;

    private final int[] event;
    private final EventTable events;
    final int[] target;

    Items(EventTable events, Map<Long, Integer> threads) {
      this.events = events;
      int m = 0;
      for (int e = 0; e < events.size(); e++) {
        m += events.type(e) == TaskEvent.Type.WAIT ? 2 : 1;
      }
      kind = new byte[m];
      time = new long[m];
      thread = new int[m];
      event = new int[m];
      target = new int[m];
      Arrays.fill(target, -1);
      int k = 0;
      for (int e = 0; e < events.size(); e++) {
        int thread = threadIndex(threads, events.threadId(e));
        switch (events.type(e)) {
          case SUBMIT -> set(k++, SUBMIT, events.timeNs(e), thread, e);
          case JOIN -> set(k++, JOIN, events.timeNs(e), thread, e);
          case WAIT -> {
            set(k++, WAIT_START, events.timeNs(e), thread, e);
            set(k++, WAIT_END, events.endNs(e), thread, e);
          }
        }
      }
    }

    /** The time of item {@code item} of kind {@code itemKind}, read from its event. */
    long timeOf(int item, byte itemKind) {
      int e = event[item];
      return itemKind == WAIT_END ? events.endNs(e) : events.timeNs(e);
    }

    /** The task a submission or join item submitted or joined. */
    long task(int item) {
      return events.taskId(event[item]);
    }

    private void set(int k, byte itemKind, long itemTime, int itemThread, int itemEvent) {
      kind[k] = itemKind;
      time[k] = itemTime;
      thread[k] = itemThread;
      event[k] = itemEvent;
    }
  }

  /**
   * Each execution's time line: its directly nested executions and the items that happened on its
   * thread while it was the innermost execution open, in time order, and (from {@link
   * ThreadTimelines}) the innermost execution enclosing it on its thread.
   *
   * <p>Per thread, executions (by start, the longer first at equal starts) and items (by time,
   * stable: a wait's end may follow later items) are merged in time order: a nested execution
   * belongs to its parent, an item to the innermost execution open at its time. Each entry found
   * has an owner, a kind and a {@code ref}: an execution index for a nested execution, an item
   * index otherwise. The walk is made twice, to count each owner's entries, then to place them in
   * {@code kind} and {@code ref} grouped by owner, each line in time order: line {@code i} is
   * positions {@code from(i) .. to(i) - 1}, and no entry list is kept besides the lines.
   */
  private static final class TimeLines {
    /** Null once the spans' walk has what it needs of it. */
    ThreadTimelines nesting;

    /** Per entry, grouped by owner: its kind and its {@code ref}. */
    final byte[] kind;

    final int[] ref;
    private final int[] lineStart;

    TimeLines(Execs x, Items items, int threads) {
      int n = x.start.length;
      nesting = new ThreadTimelines(x.start, x.end, x.thread, threads);
      lineStart = new int[n + 1];
      int[] itemFrom = new int[threads + 1];
      int[] its = byThread(items.thread, itemFrom);
      x.thread = null; // grouped: not kept while the lines are made
      items.thread = null;
      for (int thread = 0; thread < threads; thread++) {
        IndexSort.sort(its, itemFrom[thread], itemFrom[thread + 1], items.time);
      }
      walk(x, items, its, itemFrom, null);
      for (int i = 0; i < n; i++) {
        lineStart[i + 1] += lineStart[i];
      }
      kind = new byte[lineStart[n]];
      ref = new int[lineStart[n]];
      walk(x, items, its, itemFrom, Arrays.copyOf(lineStart, n));
    }

    /**
     * Walks each thread's executions (by start) and items ({@code its}, thread t's from {@code
     * itemFrom[t]}, by time) in time order. Each entry found, of owner o, is counted in {@code
     * lineStart[o + 1]} when {@code next} is null, else placed at {@code next[o]++} in {@code kind}
     * and {@code ref}.
     */
    private void walk(Execs x, Items items, int[] its, int[] itemFrom, int[] next) {
      for (int thread = 0; thread + 1 < itemFrom.length; thread++) {
        int first = nesting.runStart(thread);
        int aEnd = nesting.runStart(thread + 1);
        int bEnd = itemFrom[thread + 1];
        int xi = first;
        int v = itemFrom[thread];
        while (xi < aEnd || v < bEnd) {
          if (v == bEnd || (xi < aEnd && x.start[nesting.at(xi)] <= items.time[its[v]])) {
            int i = nesting.at(xi++);
            int o = nesting.parent(i);
            if (o >= 0) {
              add(next, o, NESTED, i);
            }
          } else {
            int it = its[v++];
            int o = xi > first ? nesting.innermostFrom(xi - 1, items.time[it]) : -1;
            if (o >= 0) {
              add(next, o, items.kind[it], it);
            }
          }
        }
      }
    }

    /**
     * The indices {@code 0 .. thread.length - 1} grouped by their thread, each group in index
     * order: thread t's are {@code from[t] .. from[t + 1] - 1} ({@code from} is filled here).
     */
    private static int[] byThread(int[] thread, int[] from) {
      for (int t : thread) {
        from[t + 1]++;
      }
      for (int t = 1; t < from.length; t++) {
        from[t] += from[t - 1];
      }
      int[] next = Arrays.copyOf(from, from.length - 1);
      int[] grouped = new int[thread.length];
      for (int i = 0; i < thread.length; i++) {
        grouped[next[thread[i]]++] = i;
      }
      return grouped;
    }

    int from(int execution) {
      return lineStart[execution];
    }

    int to(int execution) {
      return lineStart[execution + 1];
    }

    private void add(int[] next, int o, byte entryKind, int entryRef) {
      if (next == null) {
        lineStart[o + 1]++;
      } else {
        int at = next[o]++;
        kind[at] = entryKind;
        ref[at] = entryRef;
      }
    }
  }

  /**
   * Each task's executions in start order, for the fork that spawned them: the executions sorted by
   * task id, each task's in the order of {@code byStart}.
   */
  private static final class Candidates {
    private final int[] byStart;
    private final int[] order;
    private final long[] task;

    Candidates(long[] taskOf, int[] byStart) {
      this.byStart = byStart;
      long[] key = new long[byStart.length];
      for (int k = 0; k < key.length; k++) {
        key[k] = taskOf[byStart[k]];
      }
      order = IndexSort.byKey(key);
      task = new long[key.length];
      for (int k = 0; k < key.length; k++) {
        task[k] = key[order[k]];
      }
    }

    /**
     * The execution a fork of {@code taskId} at {@code time} spawned: the one whose submission time
     * is {@code time}, else the first unclaimed one starting after it; -1 if none.
     */
    int claim(ExecutionList executions, Execs x, long taskId, long time, int[] spawnedBy) {
      int best = -1;
      for (int k = IndexSort.first(task, taskId); k < task.length && task[k] == taskId; k++) {
        int c = byStart[order[k]];
        if (spawnedBy[c] >= 0 || x.start[c] < time) {
          continue;
        }
        if (executions.submittedNs(c) == time) {
          return c;
        }
        if (best < 0) {
          best = c;
        }
      }
      return best;
    }
  }
}
