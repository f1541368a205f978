package dev.forkscope.agent.boot;

import dev.forkscope.agent.contract.TraceFormat;
import java.util.Arrays;
import java.util.Collection;

/**
 * The sampling policy: chooses each task class's sampling period from the executions the writer
 * encodes, and totals the per-thread counts of what was counted rather than recorded.
 *
 * <p>Implementation note: used by the writer thread only (and by the close hook, under the writer's
 * lock), so its tables are plain arrays indexed by class id. A class's period is {@code 2^shift}
 * with {@code shift} the smallest that brings the cost of recording its executions under {@link
 * #BUDGET} of their mean self time: {@code 2^shift >= RECORD_COST_NS / (BUDGET * mean)}. The mean
 * is taken over the executions written since the last adjustment (a window of at least {@link
 * #WINDOW} records, each weighted by its period, so it stays unbiased once sampling starts): the
 * first, interpreted executions of a class are much slower than its compiled ones, and a mean over
 * the whole history would keep the period low long after the JIT made the tasks fast. A period
 * never shrinks, so that {@link TaskClass#sampleShift} read at any moment is a period the class's
 * records were really sampled at; a class is first sampled only after {@link #WARM_UP} of its
 * executions were recorded unconditionally. Thread tasks are never sampled.
 */
final class Sampling {
  /**
   * What recording one fork/join task costs end to end: its creation, fork, execution and join
   * hooks with their records (what the agent's calibration measures) and the writer's encoding of
   * about 45 bytes, as measured on TinyTasks (docs/journal.md).
   */
  static final long RECORD_COST_NS = 600;

  /** The share of a sampled class's task time that recording its samples may take. */
  static final double BUDGET = 0.02;

  /** Executions of a class recorded unconditionally before it may be sampled. */
  static final int WARM_UP = 1_000;

  /** The fewest records of a class that a new mean may be taken from. */
  static final int WINDOW = 64;

  /** The largest log2 of a period: 1 in 4096. */
  static final int MAX_SHIFT = 12;

  private final boolean enabled;
  private TaskClass[] classes = new TaskClass[64];
  private long[] unconditional = new long[64];
  private long[] windowRecords = new long[64];
  private double[] windowWeight = new double[64];
  private double[] windowSelfNs = new double[64];

  /** The counts of the threads that have died, laid out as in {@link ThreadState#counted()}. */
  private long[] folded = new long[128];

  Sampling(boolean enabled) {
    this.enabled = enabled;
  }

  boolean enabled() {
    return enabled;
  }

  /** A class entered the trace's class table. */
  void register(TaskClass tc) {
    if (tc.id >= classes.length) {
      int n = Math.max(2 * classes.length, tc.id + 1);
      classes = Arrays.copyOf(classes, n);
      unconditional = Arrays.copyOf(unconditional, n);
      windowRecords = Arrays.copyOf(windowRecords, n);
      windowWeight = Arrays.copyOf(windowWeight, n);
      windowSelfNs = Arrays.copyOf(windowSelfNs, n);
    }
    classes[tc.id] = tc;
  }

  /** One EXEC record: its class, log2 of its sampling period, its self wall time. */
  void executed(int classId, int shift, long selfWallNs) {
    if (classId >= classes.length) {
      return; // its class entry comes in the next pass
    }
    double w = 1L << shift;
    if (shift == 0) {
      unconditional[classId]++;
    }
    windowRecords[classId]++;
    windowWeight[classId] += w;
    windowSelfNs[classId] += w * Math.max(0, selfWallNs);
  }

  /** Raises the periods of the classes whose recent executions are short enough. */
  void adjust() {
    if (!enabled) {
      return;
    }
    for (int id = 0; id < classes.length; id++) {
      TaskClass tc = classes[id];
      if (tc == null
          || windowRecords[id] < WINDOW
          || unconditional[id] < WARM_UP
          || (tc.kinds & TraceFormat.KIND_THREAD) != 0) {
        continue;
      }
      int shift = shiftFor(windowSelfNs[id] / windowWeight[id]);
      if (shift > tc.sampleShift) {
        tc.sampleShift = shift;
      }
      windowRecords[id] = 0;
      windowWeight[id] = 0;
      windowSelfNs[id] = 0;
    }
  }

  /** The log2 of the period that keeps recording under budget for tasks of this mean self time. */
  static int shiftFor(double meanSelfNs) {
    double period = RECORD_COST_NS / (BUDGET * Math.max(1, meanSelfNs));
    int shift = 0;
    while ((1L << shift) < period && shift < MAX_SHIFT) {
      shift++;
    }
    return shift;
  }

  /** Keeps the counts of a thread that has died (and will record nothing more). */
  void fold(ThreadState dead) {
    long[] u = dead.counted();
    if (u == null) {
      return;
    }
    if (u.length > folded.length) {
      folded = Arrays.copyOf(folded, u.length);
    }
    for (int i = 0; i < u.length; i++) {
      folded[i] += u[i];
    }
  }

  /**
   * The totals for {@code tc} over the dead threads and {@code live}: at 0 the executions that
   * sampling left unrecorded, at 1 the creations counted rather than recorded.
   */
  long[] counts(TaskClass tc, Collection<ThreadState> live) {
    long[] total = {at(folded, 2 * tc.id), at(folded, 2 * tc.id + 1)};
    for (ThreadState s : live) {
      long[] u = s.counted();
      total[0] += at(u, 2 * tc.id);
      total[1] += at(u, 2 * tc.id + 1);
    }
    return total;
  }

  private static long at(long[] counts, int slot) {
    return counts != null && slot < counts.length ? counts[slot] : 0;
  }
}
