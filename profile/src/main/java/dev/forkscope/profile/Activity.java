package dev.forkscope.profile;

import dev.forkscope.profile.trace.IndexSort;
import dev.forkscope.profile.trace.TaskExecution;
import java.util.Arrays;
import java.util.List;

/**
 * How busy the CPUs were with tasks over time, for the coarse verdict. Self times partition task
 * time (nested executions excluded), so summing every execution's self time spread evenly over its
 * interval counts each moment once. Where thread CPU time was measured it stands in for self wall
 * time, so a task blocked in {@code join()} or asleep counts as idle; without CPU time, blocked
 * time counts as busy and the busy share is an upper bound. Pool worker loops are not tasks here.
 * An execution recorded as a sample of a sampled class counts its weight times over its interval,
 * an estimate of what its unrecorded peers kept busy around the same time.
 */
final class Activity {

  private final long[] starts;
  private final long[] ends;
  private final long[] busy;

  private Activity(long[] starts, long[] ends, long[] busy) {
    this.starts = starts;
    this.ends = ends;
    this.busy = busy;
  }

  static Activity of(List<TaskExecution> executions) {
    int n = 0;
    long[] start = new long[executions.size()];
    long[] end = new long[start.length];
    long[] self = new long[start.length];
    for (TaskExecution e : executions) {
      if (!Aggregation.isFramework(e.taskClass())) {
        start[n] = e.startNs();
        end[n] = e.endNs();
        long own = e.selfCpuNs() >= 0 ? Math.min(e.selfCpuNs(), e.selfWallNs()) : e.selfWallNs();
        self[n++] = own * e.weight(); // a sample stands for its unrecorded peers, running meanwhile
      }
    }
    int[] byStart = IndexSort.byKey(Arrays.copyOf(start, n));
    long[] starts = new long[n];
    long[] ends = new long[n];
    long[] busy = new long[n];
    for (int k = 0; k < n; k++) {
      starts[k] = start[byStart[k]];
      ends[k] = end[byStart[k]];
      busy[k] = self[byStart[k]];
    }
    return new Activity(starts, ends, busy);
  }

  /** From the first task start to the last task end, 0 without tasks. */
  long spanNs() {
    if (starts.length == 0) {
      return 0;
    }
    return Arrays.stream(ends).max().getAsLong() - starts[0];
  }

  /** Average share of {@code cpus} CPUs running tasks during [from, to], at most 1. */
  double busyShare(long from, long to, int cpus) {
    if (to <= from) {
      return 1;
    }
    double sum = 0;
    for (int i = 0; i < starts.length && starts[i] < to; i++) {
      long overlap = Math.min(ends[i], to) - Math.max(starts[i], from);
      if (overlap > 0) {
        long length = ends[i] - starts[i];
        sum += length == 0 ? busy[i] : (double) busy[i] * overlap / length;
      }
    }
    return Math.min(1, sum / ((double) (to - from) * Math.max(1, cpus)));
  }
}
