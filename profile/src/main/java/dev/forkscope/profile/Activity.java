package dev.forkscope.profile;

import dev.forkscope.profile.trace.ExecutionList;
import dev.forkscope.profile.trace.IndexSort;
import dev.forkscope.profile.trace.TaskExecution;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * How busy the CPUs were with tasks over time, for the coarse verdicts.
 *
 * <p>Implementation note. An execution's CPU time is the agent's reading where it took one; else,
 * for an execution of at least {@value Diagnosis#COARSE_MIN_MS} ms, the CPU time its thread used
 * meanwhile by the OS layer ({@link ThreadCpu}), when that is below {@value
 * Diagnosis#WAITING_PERCENT} % of the execution's wall time less the time its thread waited for a
 * CPU ({@link #wallOnCpuNs}). That reading includes nested executions, so it is used only to find
 * what mostly waited: a service loop's thread body (Spark's DAG scheduler loop, its context
 * cleaner) whose self CPU time the agent could not tell because its nested tasks were not all
 * measured.
 *
 * <p>Self times partition task time (nested executions excluded), so spreading every execution's
 * self time evenly over its interval and summing counts each moment once. Two such sums are kept:
 *
 * <ul>
 *   <li><i>busy</i>: CPU time where known, else self wall time. A task blocked in {@code join()} or
 *       asleep counts as idle where CPU time was measured; without it, blocked time counts as busy
 *       and the busy share is an upper bound;
 *   <li><i>running</i>: self wall time, except for an execution whose CPU time is known and below
 *       {@value Diagnosis#WAITING_PERCENT} % of it (a service loop waiting for messages), which
 *       counts its CPU time. A CPU-bound task on a loaded machine gets less CPU than wall time but
 *       is still running; so "at least half a CPU ran no task" does not depend on the machine's
 *       load.
 * </ul>
 *
 * Each sum is a piecewise-linear function of time, stored as its values at every start and end of
 * an execution ({@code knots}, sorted; the rate is constant between two knots). The integral over
 * [from, to] is then two binary searches and two interpolations, so a verdict can ask about every
 * long execution of a class without rescanning the trace. Memory: 8 bytes for the knot and 16 for
 * the two sums, twice per execution; 8 for one sum where the two are equal throughout (every
 * execution's running rate equals its busy rate, as without CPU times), which share one array.
 *
 * <p>Pool worker loops are not tasks here. An execution recorded as a sample of a sampled class
 * counts its weight times over its interval, an estimate of what its unrecorded peers kept busy
 * around the same time.
 */
final class Activity {

  private final ThreadCpu threads;
  private final long[] knots;
  private final double[] busyBefore;
  private final double[] runningBefore;
  private final long spanNs;

  private Activity(
      ThreadCpu threads, long[] knots, double[] busyBefore, double[] runningBefore, long spanNs) {
    this.threads = threads;
    this.knots = knots;
    this.busyBefore = busyBefore;
    this.runningBefore = runningBefore;
    this.spanNs = spanNs;
  }

  static Activity of(List<TaskExecution> list, ThreadCpu threads) {
    // one pass over the executions' fields into columns, making no execution
    ExecutionList executions = ExecutionList.of(list);
    int n = 0;
    long[] start = new long[executions.size()];
    long[] end = new long[start.length];
    double[] busyRate = new double[start.length];
    double[] runningRate = null; // null while every running rate equals its busy rate
    for (int i = 0; i < executions.size(); i++) {
      if (!Aggregation.isFramework(executions.taskClass(i))) {
        start[n] = executions.startNs(i);
        end[n] = executions.endNs(i);
        long length = end[n] - start[n];
        if (length > 0) {
          long cpuNs = cpuNs(executions, i, threads);
          long selfWall = executions.selfWallNs(i);
          long weight = executions.weight(i);
          busyRate[n] = busyNs(selfWall, weight, cpuNs) / length;
          double running =
              runningNs(selfWall, wallOnCpuNs(executions, i, threads), weight, cpuNs) / length;
          if (runningRate == null && running != busyRate[n]) {
            runningRate = Arrays.copyOf(busyRate, start.length);
          }
          if (runningRate != null) {
            runningRate[n] = running;
          }
        }
        n++;
      }
    }
    boolean sameRates = runningRate == null;
    if (sameRates) {
      runningRate = busyRate;
    }
    if (n == 0) {
      return new Activity(threads, new long[0], new double[0], new double[0], 0);
    }
    start = Arrays.copyOf(start, n);
    end = Arrays.copyOf(end, n);
    int[] byStart = IndexSort.byKey(start);
    int[] byEnd = IndexSort.byKey(end);
    long[] knots = new long[2 * n];
    double[] busy = new double[2 * n];
    // the same rates (no CPU time that says a task waited) make the same sums, bit for bit: one
    // array
    double[] running = sameRates ? busy : new double[2 * n];
    double busyNow = 0;
    double runningNow = 0;
    long previous = start[byStart[0]];
    int s = 0;
    int e = 0;
    for (int k = 0; k < 2 * n; k++) {
      boolean starts = s < n && (e >= n || start[byStart[s]] <= end[byEnd[e]]);
      int x = starts ? byStart[s++] : byEnd[e++];
      long at = starts ? start[x] : end[x];
      knots[k] = at;
      busy[k] = (k == 0 ? 0 : busy[k - 1]) + busyNow * (at - previous);
      running[k] = (k == 0 ? 0 : running[k - 1]) + runningNow * (at - previous);
      previous = at;
      double sign = starts ? 1 : -1;
      busyNow += sign * busyRate[x];
      runningNow += sign * runningRate[x];
    }
    long span = end[byEnd[n - 1]] - start[byStart[0]];
    return new Activity(threads, knots, busy, running, span);
  }

  /** CPU time where known, else self wall time; times the weight of a sample. */
  private static double busyNs(long selfWallNs, long weight, long cpuNs) {
    long self = cpuNs >= 0 ? Math.min(cpuNs, selfWallNs) : selfWallNs;
    // a sample stands for its unrecorded peers, running meanwhile
    return (double) self * weight;
  }

  /** Self wall time, or CPU time for an execution that mostly waited; times the weight. */
  private static double runningNs(long selfWallNs, long wallOnCpuNs, long weight, long cpuNs) {
    long self = waited(wallOnCpuNs, cpuNs) ? Math.min(cpuNs, selfWallNs) : selfWallNs;
    return (double) self * weight;
  }

  /**
   * Whether an execution mostly waited: on a CPU less than {@value Diagnosis#WAITING_PERCENT} % of
   * the wall time in which it could have been ({@link #wallOnCpuNs}).
   */
  private static boolean waited(long wallOnCpuNs, long cpuNs) {
    return cpuNs >= 0 && cpuNs * 100 < wallOnCpuNs * Diagnosis.WAITING_PERCENT;
  }

  /**
   * Execution {@code i}'s self wall time less the time its thread was runnable but waited for a CPU
   * meanwhile (the OS layer's run delay: on a busy machine a CPU-bound task gets less CPU than wall
   * time without waiting for anything), for an execution of at least {@value
   * Diagnosis#COARSE_MIN_MS} ms, which the OS layer's samples can tell; else its self wall time.
   */
  long wallOnCpuNs(ExecutionList executions, int i) {
    return wallOnCpuNs(executions, i, threads);
  }

  private static long wallOnCpuNs(ExecutionList executions, int i, ThreadCpu threads) {
    long selfWall = executions.selfWallNs(i);
    if (selfWall < Diagnosis.COARSE_MIN_MS * 1_000_000) {
      return selfWall;
    }
    long delay =
        threads.runDelayNs(
            executions.executionThreadId(i), executions.startNs(i), executions.endNs(i));
    return selfWall - Math.min(selfWall, Math.max(0, delay));
  }

  /**
   * Execution {@code i}'s CPU time: the agent's reading, or its thread's when it lasted long enough
   * and mostly waited (see the class comment); -1 when unknown.
   */
  long cpuNs(ExecutionList executions, int i) {
    return cpuNs(executions, i, threads);
  }

  private static long cpuNs(ExecutionList executions, int i, ThreadCpu threads) {
    long selfCpu = executions.selfCpuNs(i);
    if (selfCpu >= 0) {
      return selfCpu;
    }
    if (executions.selfWallNs(i) < Diagnosis.COARSE_MIN_MS * 1_000_000) {
      return -1;
    }
    long start = executions.startNs(i);
    long end = executions.endNs(i);
    long thread = threads.cpuNs(executions.executionThreadId(i), start, end);
    long delay = Math.max(0, threads.runDelayNs(executions.executionThreadId(i), start, end));
    return thread >= 0 && thread * 100 < (end - start - delay) * Diagnosis.WAITING_PERCENT
        ? thread
        : -1;
  }

  /** From the first task start to the last task end, 0 without tasks. */
  long spanNs() {
    return spanNs;
  }

  /** Average share of {@code cpus} CPUs running tasks during [from, to], at most 1. */
  double busyShare(long from, long to, int cpus) {
    return share(busyBefore, from, to, cpus);
  }

  /**
   * Average share of {@code cpus} CPUs on which a task ran, waiting or not, during [from, to], at
   * most 1; executions that mostly waited count only their CPU time.
   */
  double runningShare(long from, long to, int cpus) {
    return share(runningBefore, from, to, cpus);
  }

  /**
   * The executions among {@code executions} that ran alone: at least {@code minSelfNs} of self time
   * that they could run (CPU time where known, else {@link #wallOnCpuNs}), not mostly waiting
   * themselves, and while each ran, at least half of one of {@code cpus} CPUs on average ran no
   * task ({@link #runningShare} &lt;= 1 - 1/(2 cpus)). None on one CPU.
   */
  Diagnosis.Alone alone(List<TaskExecution> list, long minSelfNs, int cpus) {
    if (cpus < 2) {
      return Diagnosis.Alone.NONE;
    }
    ExecutionList executions = ExecutionList.of(list);
    double idle = 1 - 0.5 / cpus;
    List<TaskExecution> alone = new ArrayList<>();
    for (int i = 0; i < executions.size(); i++) {
      long cpu = cpuNs(executions, i, threads);
      long onCpu = wallOnCpuNs(executions, i, threads);
      // long on a CPU, not just preempted for long on a busy machine
      if (Math.min(onCpu, cpu >= 0 ? cpu : onCpu) < minSelfNs) {
        continue;
      }
      if (!waited(onCpu, cpu)
          && runningShare(executions.startNs(i), executions.endNs(i), cpus) <= idle) {
        alone.add(executions.get(i));
      }
    }
    if (alone.isEmpty()) {
      return Diagnosis.Alone.NONE;
    }
    alone.sort(Comparator.comparingLong(TaskExecution::startNs));
    long count = 0;
    long longest = 0;
    long cover = 0;
    double busy = 0;
    long from = alone.get(0).startNs();
    long to = from;
    for (TaskExecution e : alone) {
      count += e.weight();
      longest = Math.max(longest, e.selfWallNs());
      if (e.startNs() > to) {
        cover += to - from;
        busy += at(busyBefore, to) - at(busyBefore, from);
        from = e.startNs();
      }
      to = Math.max(to, e.endNs());
    }
    cover += to - from;
    busy += at(busyBefore, to) - at(busyBefore, from);
    double busyShare = cover == 0 ? 1 : Math.min(1, busy / ((double) cover * cpus));
    return new Diagnosis.Alone(count, longest, cover, busyShare);
  }

  private double share(double[] before, long from, long to, int cpus) {
    if (to <= from) {
      return 1;
    }
    double sum = at(before, to) - at(before, from);
    return Math.max(0, Math.min(1, sum / ((double) (to - from) * Math.max(1, cpus))));
  }

  /** The integral from the first knot to {@code t}, interpolated between knots. */
  private double at(double[] before, long t) {
    int n = knots.length;
    if (n == 0 || t <= knots[0]) {
      return 0;
    }
    if (t >= knots[n - 1]) {
      return before[n - 1];
    }
    int i = Arrays.binarySearch(knots, t);
    if (i >= 0) {
      return before[i];
    }
    int next = -i - 1; // knots[next - 1] < t < knots[next]
    int last = next - 1;
    return before[last]
        + (before[next] - before[last]) * (t - knots[last]) / (knots[next] - knots[last]);
  }
}
