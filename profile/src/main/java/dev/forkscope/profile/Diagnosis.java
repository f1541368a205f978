package dev.forkscope.profile;

import static dev.forkscope.profile.Units.count;
import static dev.forkscope.profile.Units.duration;
import static dev.forkscope.profile.Units.executions;
import static dev.forkscope.profile.Units.percent;

import dev.forkscope.profile.trace.TaskExecution;
import java.util.Arrays;

/**
 * Verdicts for one task class.
 *
 * <p><b>Relative mode</b> (docs/profile.md, verdicts), with P the CPU count and O the measured
 * per-task overhead:
 *
 * <ul>
 *   <li><i>fine</i> when the median self time is below {@value #K} x O and the class ran at least
 *       {@value #FINE_TASKS_PER_CPU} x P executions: creating and scheduling each task costs over a
 *       tenth of its work, and there are enough of them for it to add up. A <i>bimodal</i> class,
 *       one with at least a tenth of its executions on each side of {@value #K} x O, is judged by
 *       where its work goes instead: fine when the executions below hold at least half of its self
 *       time less the time its executions waited in joins running nothing (the agent's wait
 *       records; a task that splits waits for its children, and in a tree of tiny leaves that
 *       waiting would otherwise decide the verdict). Its median can fall on either side from run to
 *       run (Lucene's executor runners: a runner that finds every task taken returns at once, one
 *       that finds work runs a term lookup) while its time stays in one mode; the why names both
 *       modes. A thin tail (under a tenth) does not count: in a fork/join tree the few tasks near
 *       the root hold much of the self wall time, waiting in {@code join()}, and say nothing about
 *       the leaves;
 *   <li><i>coarse</i> when the class ran fewer than {@value #COARSE_TASKS_PER_CPU} x P executions,
 *       its median self time is at least 1/(2P) of the run's task span (first task start to last
 *       task end, which leaves JVM start-up out) and at least {@value #COARSE_MIN_MS} ms, and while
 *       its tasks ran, tasks of any class left on average at least half a CPU idle (busy share
 *       &lt;= 1 - 1/(2P); half a CPU, not a whole one, because one lone task on P CPUs sits exactly
 *       at P - 1 busy and JIT or GC threads push it over): too few, too large tasks to use the
 *       machine;
 *   <li><i>coarse</i> also, whatever its count and median, when its executions that <i>ran
 *       alone</i> cover at least that same 1/(2P) of the task span and {@value #COARSE_MIN_MS} ms.
 *       An execution ran alone when it lasted at least {@value #COARSE_MIN_MS} ms of self time that
 *       it could run (its CPU time where known, else its self wall time less the time its thread
 *       waited for a CPU: a task of a millisecond preempted for a hundred is not long), was not
 *       itself mostly waiting, and while it ran at least half a CPU on average ran no task ({@link
 *       Activity#runningShare}, which counts wall time, so a loaded machine does not make busy CPUs
 *       look idle). A Spark stage of one partition is such a class: one long task runner alone
 *       among many short ones, whose median says nothing about it;
 *   <li><i>ok</i> otherwise. On one CPU nothing is coarse.
 * </ul>
 *
 * <p>In both modes, a class whose every execution was a direct call made outside any task and never
 * submitted to an executor (a command object that the main thread calls, say) is not judged: no
 * executor or pool decides its granularity, so neither splitting nor batching it is a change its
 * user can make through one. Its verdict is <i>ok</i> with a why that says so.
 *
 * <p>In relative mode, a class whose median execution lasts at least {@value #COARSE_MIN_MS} ms but
 * whose executions spent less than {@value #WAITING_PERCENT} % of their wall time on a CPU (where
 * CPU time is known: measured by the agent, or, for a long wait, by the OS layer) is <i>ok</i> and
 * <i>mostly waiting</i>: a service loop (a scheduler's tick thread, an event loop) or a task
 * blocked on something else; neither splitting nor batching it would keep more CPUs busy, and the
 * runtime findings say what it waited on. Both kinds are {@linkplain #setAside set aside}: listed
 * after the classes that were judged, so that they do not head a table above the user's work.
 *
 * <p><b>tgp mode</b> reproduces the defaults of tgp's {@code fine_grained.py} and {@code
 * coarse_grained.py}. They are in reference cycles; we convert at a nominal 3 GHz (1e8 cycles =
 * 33.3 ms, 1e9 = 333 ms, 1e11 = 33.3 s): <i>fine</i> when every execution is at most 33.3 ms and
 * max - min is at most 33.3 ms; <i>coarse</i> when every execution lies in [333 ms, 33.3 s] and the
 * class has 1 to 100 executions.
 */
final class Diagnosis {

  static final int K = 10;
  static final int FINE_TASKS_PER_CPU = 100;
  static final int COARSE_TASKS_PER_CPU = 2;
  static final long COARSE_MIN_MS = 10;
  // low, because thread CPU time over wall time also falls when a busy thread waits for a CPU on a
  // loaded machine, yet above Spark's DAG scheduler loop, which handles every task's events
  // (docs/profile.md, verdicts, has the measured shares)
  static final int WAITING_PERCENT = 10;

  private static final String NOT_JUDGED = "not judged: ";
  private static final String MOSTLY_WAITING = "mostly waiting: ";

  /** Used when the trace carries no overhead calibration. */
  static final long ASSUMED_OVERHEAD_NS = 250;

  static final long TGP_NS_PER_1E8_CYCLES = 33_333_333L;
  static final long TGP_FINE_MAX_NS = TGP_NS_PER_1E8_CYCLES;
  static final long TGP_FINE_MAX_DIFF_NS = TGP_NS_PER_1E8_CYCLES;
  static final long TGP_COARSE_MIN_NS = 10 * TGP_NS_PER_1E8_CYCLES;
  static final long TGP_COARSE_MAX_NS = 1000 * TGP_NS_PER_1E8_CYCLES;
  static final long TGP_COARSE_MAX_TASKS = 100;

  /**
   * What the verdict of one class depends on.
   *
   * @param executions executions of the class
   * @param granularity their self wall times
   * @param busyShare from the first start to the last end of the class's executions, the average
   *     share of the P CPUs that ran tasks of any class (1 = all busy)
   * @param directCalls whether every execution was a call made outside any task (no enclosing
   *     execution), never submitted to an executor, on a thread that is not the task itself
   * @param cpuShare over the executions whose CPU time is known (measured, or a long wait seen by
   *     the OS layer, see {@link Activity}), their CPU time over their wall time (self times) less
   *     the time their threads were runnable but waited for a CPU, where the OS layer tells ({@link
   *     Activity#wallOnCpuNs}); NaN when none is known
   * @param selfTimes the self wall times, for the time share of the short executions
   * @param alone the executions that ran alone
   */
  record ClassFacts(
      long executions,
      Distribution granularity,
      double busyShare,
      boolean directCalls,
      double cpuShare,
      SelfTimes selfTimes,
      Alone alone) {}

  /** What the time shares of a bimodal class are shares of. */
  private static String its(SelfTimes times) {
    return switch (times.measure()) {
      case WALL -> "its time";
      case WORK -> "its work (waits in joins left out)";
      case CPU -> "its work (CPU time where read)";
    };
  }

  /** What {@link SelfTimes} measure. */
  enum Measure {
    /** Self wall time. */
    WALL,
    /** Self wall time less the time waited in joins running nothing. */
    WORK,
    /**
     * As {@link #WORK}, or the CPU time where the agent read it and it is less: the thread was off
     * the CPU (preempted, on a busy machine) for the rest.
     */
    CPU
  }

  /**
   * What a class's recorded executions cost, each standing for {@code weights[i]} executions (1
   * unless the class was sampled), as {@code measure} says. Their self wall times less the time
   * they waited in joins running nothing ({@link Measure#WORK} when any did): in a fork/join tree
   * the tasks that split wait for their children, and that waiting is no work; counted, a tree of
   * tiny leaves would look as if its time went to the splitting tasks. And where the agent read an
   * execution's CPU time and found it less, that ({@link Measure#CPU}): on a busy machine the
   * executions that were preempted are the long ones in wall time, and would decide the verdict.
   * Not the CPU time wherever read: it holds part of the cost of reading the CPU clock (a system
   * call of 0.3 to 1.5 µs), which a task of a few hundred nanoseconds does not.
   */
  record SelfTimes(long[] ns, long[] weights, Measure measure) {

    /** Times that each stand for one execution, none of them waiting. */
    static SelfTimes of(long... ns) {
      long[] ones = new long[ns.length];
      Arrays.fill(ones, 1);
      return new SelfTimes(ns, ones, Measure.WALL);
    }

    /** The executions below {@code thresholdNs} and the others. */
    Modes split(long thresholdNs) {
      int below = 0;
      for (long v : ns) {
        below += v < thresholdNs ? 1 : 0;
      }
      long[] shorter = new long[below];
      long[] longer = new long[ns.length - below];
      long shortCount = 0;
      long longCount = 0;
      long shortTotal = 0;
      long longTotal = 0;
      int s = 0;
      int l = 0;
      for (int i = 0; i < ns.length; i++) {
        if (ns[i] < thresholdNs) {
          shorter[s++] = ns[i];
          shortCount += weights[i];
          shortTotal += ns[i] * weights[i];
        } else {
          longer[l++] = ns[i];
          longCount += weights[i];
          longTotal += ns[i] * weights[i];
        }
      }
      return new Modes(
          shortCount,
          shortTotal,
          Distribution.of(shorter).median(),
          longCount,
          longTotal,
          Distribution.of(longer).median());
    }
  }

  /**
   * A class's executions split at the fine threshold: counts and total self times weighted, the
   * medians over the recorded executions.
   */
  record Modes(
      long shortExecutions,
      long shortTotalNs,
      long shortMedianNs,
      long longExecutions,
      long longTotalNs,
      long longMedianNs) {

    long executions() {
      return shortExecutions + longExecutions;
    }

    /** The short executions' share of the self time; 0 without time. */
    double shortTimeShare() {
      long total = shortTotalNs + longTotalNs;
      return total == 0 ? 0 : (double) shortTotalNs / total;
    }

    /** Whether each side holds at least a tenth of the executions. */
    boolean bimodal() {
      return shortExecutions * 10 >= executions() && longExecutions * 10 >= executions();
    }
  }

  /**
   * The executions of a class that ran alone (see the class comment).
   *
   * @param executions how many (weighted)
   * @param longestNs the longest self wall time among them
   * @param coverNs the time during which at least one of them ran
   * @param busyShare over that time, the average share of the CPUs running tasks (CPU time where
   *     measured)
   */
  record Alone(long executions, long longestNs, long coverNs, double busyShare) {
    static final Alone NONE = new Alone(0, 0, 0, 1);
  }

  /**
   * What the verdicts of a run depend on.
   *
   * @param cpus CPUs of the profiled JVM
   * @param overheadNs measured per-task overhead, or 0 or less when not measured
   * @param taskSpanNs from the first task start to the last task end of the run
   * @param cpuMeasured whether thread CPU time was recorded (else busy shares come from wall time)
   */
  record RunFacts(int cpus, long overheadNs, long taskSpanNs, boolean cpuMeasured) {}

  private Diagnosis() {}

  /**
   * Whether an execution was a plain call rather than a task run by an executor or pool: outside
   * any other execution, never submitted, and on the thread that created the task (a thread's body
   * runs on a thread other than its creator's). A fork/join task is always judged: invoked on the
   * caller's thread, it is still the root of the user's fork/join computation.
   */
  static boolean isDirectCall(TaskExecution e) {
    return e.outerTaskId() == 0
        && e.executorId() < 0
        && !e.kind().forkJoinTask()
        && !e.virtualThread()
        && e.creationThreadId() >= 0
        && e.creationThreadId() == e.executionThreadId();
  }

  static Verdict verdict(VerdictMode mode, ClassFacts c, RunFacts run) {
    if (c.directCalls()) {
      return new Verdict(
          Verdict.Kind.OK,
          NOT_JUDGED
              + (c.executions() == 1 ? "its one execution was" : "all its executions were")
              + " called directly outside any task, not run by an executor or pool");
    }
    return mode == VerdictMode.TGP ? tgp(c) : relative(c, run);
  }

  /**
   * Whether a verdict sets its class aside, after the judged classes: not judged (direct calls) or
   * mostly waiting.
   */
  static boolean setAside(Verdict v) {
    return v.why().startsWith(NOT_JUDGED) || v.why().startsWith(MOSTLY_WAITING);
  }

  static Verdict relative(ClassFacts c, RunFacts run) {
    int p = Math.max(1, run.cpus());
    long overhead = run.overheadNs() > 0 ? run.overheadNs() : ASSUMED_OVERHEAD_NS;
    String overheadText =
        duration(overhead)
            + (run.overheadNs() > 0 ? " overhead" : " overhead (assumed, not measured)");
    long median = c.granularity().median();
    String onCpus = executions(c.executions()) + " on " + p + (p == 1 ? " CPU" : " CPUs");

    long fineMax = K * overhead;
    Modes modes = c.selfTimes().split(fineMax);
    boolean small = median < fineMax;
    boolean many = c.executions() >= (long) FINE_TASKS_PER_CPU * p;
    boolean timeInSmall = modes.shortTimeShare() >= 0.5;
    if (small && many && (timeInSmall || !modes.bimodal())) {
      return new Verdict(
          Verdict.Kind.FINE,
          "median "
              + duration(median)
              + " < "
              + K
              + " x "
              + overheadText
              + "; "
              + onCpus
              + (modes.bimodal()
                  ? "; the "
                      + percent((double) modes.longExecutions() / modes.executions())
                      + " of executions >= "
                      + duration(fineMax)
                      + " (median "
                      + duration(modes.longMedianNs())
                      + ") hold "
                      + percent(1 - modes.shortTimeShare())
                      + " of "
                      + its(c.selfTimes())
                  : ""));
    }

    long share = run.taskSpanNs() / (2L * p);
    long coarseMin = Math.max(COARSE_MIN_MS * 1_000_000, share);
    double busy = c.busyShare();
    boolean few = c.executions() < (long) COARSE_TASKS_PER_CPU * p;
    boolean large = median >= coarseMin;
    boolean idle = p > 1 && busy <= 1 - 0.5 / p;
    if (median >= COARSE_MIN_MS * 1_000_000 && c.cpuShare() < WAITING_PERCENT / 100.0) {
      return new Verdict(
          Verdict.Kind.OK,
          MOSTLY_WAITING
              + "on a CPU "
              + percent(c.cpuShare())
              + " of its wall time ("
              + onCpus
              + ", median "
              + duration(median)
              + "): a service loop or a blocked task, not work to split; the runtime findings"
              + " say what it waited on");
    }
    if (few && large && idle) {
      return new Verdict(
          Verdict.Kind.COARSE,
          "only "
              + onCpus
              + ", median "
              + duration(median)
              + " >= "
              + duration(coarseMin)
              + (coarseMin == share ? " (1/" + (2 * p) + " of the task span)" : " (the floor)")
              + "; CPUs "
              + percent(busy)
              + " busy while they ran");
    }
    Alone alone = c.alone();
    if (p > 1 && alone.executions() > 0 && alone.coverNs() >= coarseMin) {
      String floor =
          " (>= "
              + duration(coarseMin)
              + (coarseMin == share ? ", 1/" + (2 * p) + " of the task span)" : ", the floor)");
      String which =
          alone.executions() == 1
              ? "1 of "
                  + executions(c.executions())
                  + ", "
                  + duration(alone.longestNs())
                  + " long, ran alone"
                  + floor
                  + "; CPUs "
                  + percent(alone.busyShare())
                  + " busy while it ran"
              : count(alone.executions())
                  + " of "
                  + executions(c.executions())
                  + " ran alone, "
                  + duration(alone.coverNs())
                  + " in all"
                  + floor
                  + ", longest "
                  + duration(alone.longestNs())
                  + "; CPUs "
                  + percent(alone.busyShare())
                  + " busy while they ran";
      return new Verdict(Verdict.Kind.COARSE, which + " (median " + duration(median) + ")");
    }

    String reason;
    if (many && modes.bimodal()) {
      reason =
          percent((double) modes.shortExecutions() / modes.executions())
              + " of executions take < "
              + duration(fineMax)
              + " ("
              + K
              + " x "
              + overheadText
              + "; median "
              + duration(modes.shortMedianNs())
              + ") and hold "
              + percent(modes.shortTimeShare())
              + " of "
              + its(c.selfTimes())
              + ", the other "
              + percent((double) modes.longExecutions() / modes.executions())
              + " (median "
              + duration(modes.longMedianNs())
              + ") "
              + percent(1 - modes.shortTimeShare())
              + ": the time goes to executions above the threshold; "
              + onCpus;
    } else if (small) {
      reason =
          "median "
              + duration(median)
              + " < "
              + K
              + " x "
              + overheadText
              + " but only "
              + onCpus
              + " (fine needs >= "
              + count((long) FINE_TASKS_PER_CPU * p)
              + ")";
    } else if (few && large) {
      reason =
          "median "
              + duration(median)
              + " with "
              + onCpus
              + ", but CPUs "
              + percent(busy)
              + " busy while they ran"
              + (run.cpuMeasured()
                  ? ""
                  : " (wall time: blocked tasks count as busy; --cpu tells them apart)");
    } else {
      reason = "median " + duration(median) + " >= " + K + " x " + overheadText + "; " + onCpus;
    }
    return new Verdict(Verdict.Kind.OK, reason);
  }

  static Verdict tgp(ClassFacts c) {
    Distribution g = c.granularity();
    long spread = g.max() - g.min();
    if (g.max() <= TGP_FINE_MAX_NS && spread <= TGP_FINE_MAX_DIFF_NS) {
      return new Verdict(
          Verdict.Kind.FINE,
          "all "
              + executions(c.executions())
              + " <= "
              + duration(TGP_FINE_MAX_NS)
              + " (max "
              + duration(g.max())
              + "), spread "
              + duration(spread)
              + " <= "
              + duration(TGP_FINE_MAX_DIFF_NS)
              + " (tgp: 1e8 cycles at 3 GHz)");
    }
    if (g.min() >= TGP_COARSE_MIN_NS
        && g.max() <= TGP_COARSE_MAX_NS
        && c.executions() >= 1
        && c.executions() <= TGP_COARSE_MAX_TASKS) {
      return new Verdict(
          Verdict.Kind.COARSE,
          executions(c.executions())
              + " (1..100), all in ["
              + duration(TGP_COARSE_MIN_NS)
              + ", "
              + duration(TGP_COARSE_MAX_NS)
              + "] (min "
              + duration(g.min())
              + ", max "
              + duration(g.max())
              + "; tgp: 1e9..1e11 cycles at 3 GHz)");
    }
    return new Verdict(
        Verdict.Kind.OK,
        executions(c.executions())
            + " from "
            + duration(g.min())
            + " to "
            + duration(g.max())
            + ": neither all <= "
            + duration(TGP_FINE_MAX_NS)
            + " nor all in ["
            + duration(TGP_COARSE_MIN_NS)
            + ", "
            + duration(TGP_COARSE_MAX_NS)
            + "] (tgp thresholds)");
  }
}
