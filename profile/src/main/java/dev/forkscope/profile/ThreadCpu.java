package dev.forkscope.profile;

import dev.forkscope.profile.layers.Layers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * CPU time of each thread over an interval, and the time it waited for a CPU while runnable, from
 * the OS layer's samples of {@code /proc} (on the trace's clock), for executions whose own CPU time
 * the agent did not read: a service loop's thread body, say, whose nested tasks were not all
 * measured. Between two samples each counter is taken to grow evenly.
 */
final class ThreadCpu {

  static final ThreadCpu NONE = new ThreadCpu(Map.of());

  /**
   * Per thread: sample times, ascending, the CPU time read at each, and the time waited for a CPU
   * (null where a sample did not have it).
   */
  private final Map<Long, long[][]> samples;

  private ThreadCpu(Map<Long, long[][]> samples) {
    this.samples = samples;
  }

  static ThreadCpu of(Layers layers) {
    Map<Long, List<Layers.ThreadSample>> byThread = new HashMap<>();
    for (Layers.ThreadSample s : layers.samples()) {
      if (s.cpuNs() >= 0) {
        byThread.computeIfAbsent(s.threadId(), id -> new ArrayList<>()).add(s);
      }
    }
    Map<Long, long[][]> samples = new HashMap<>();
    for (Map.Entry<Long, List<Layers.ThreadSample>> e : byThread.entrySet()) {
      List<Layers.ThreadSample> list = e.getValue();
      list.sort((a, b) -> Long.compare(a.timeNs(), b.timeNs()));
      long[] times = new long[list.size()];
      long[] cpu = new long[list.size()];
      long[] delay = new long[list.size()];
      boolean delayKnown = true;
      for (int i = 0; i < times.length; i++) {
        times[i] = list.get(i).timeNs();
        cpu[i] = list.get(i).cpuNs();
        delay[i] = list.get(i).runDelayNs();
        delayKnown &= delay[i] >= 0;
      }
      samples.put(e.getKey(), new long[][] {times, cpu, delayKnown ? delay : null});
    }
    return new ThreadCpu(samples);
  }

  /**
   * The CPU time {@code threadId} used during [from, to], or -1 when its samples cover less than
   * half of the interval (the part they cover is scaled to the whole).
   */
  long cpuNs(long threadId, long from, long to) {
    return during(threadId, 1, from, to);
  }

  /**
   * The time {@code threadId} was runnable but waited for a CPU during [from, to] (the machine was
   * busy), or -1 when not known, as {@link #cpuNs}.
   */
  long runDelayNs(long threadId, long from, long to) {
    return during(threadId, 2, from, to);
  }

  private long during(long threadId, int counter, long from, long to) {
    long[][] s = samples.get(threadId);
    if (s == null || s[counter] == null || to <= from) {
      return -1;
    }
    long[] times = s[0];
    long lo = Math.max(from, times[0]);
    long hi = Math.min(to, times[times.length - 1]);
    if (2 * (hi - lo) < to - from) {
      return -1;
    }
    double grown = at(times, s[counter], hi) - at(times, s[counter], lo);
    return Math.max(0, Math.round(grown * (to - from) / (hi - lo)));
  }

  private static double at(long[] times, long[] values, long t) {
    int i = java.util.Arrays.binarySearch(times, t);
    if (i >= 0) {
      return values[i];
    }
    int next = -i - 1; // times[next - 1] < t < times[next]; t lies within the samples
    int last = next - 1;
    return values[last]
        + (double) (values[next] - values[last]) * (t - times[last]) / (times[next] - times[last]);
  }
}
