package dev.forkscope.bench;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU time (user + system) in nanoseconds, from {@code ThreadMXBean} because it is exact to the
 * nanosecond, where {@code OperatingSystemMXBean.getProcessCpuTime()} ticks in 10 ms steps on
 * Linux. "Process" here means all live Java threads: JIT and GC threads are not included, and a
 * thread that ends between two readings takes its CPU time with it (probes that start threads
 * account for them themselves).
 */
public final class CpuClock {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private CpuClock() {}

  /** Summed CPU time of all live Java threads of this process. */
  public static long process() {
    long sum = 0;
    for (long cpu : THREADS.getThreadCpuTime(THREADS.getAllThreadIds())) {
      if (cpu > 0) {
        sum += cpu;
      }
    }
    return sum;
  }

  /** CPU time of the calling thread. */
  public static long currentThread() {
    return THREADS.getCurrentThreadCpuTime();
  }

  /** Summed CPU time of the given threads; threads that have ended count as zero. */
  public static long threads(Collection<Thread> threads) {
    long sum = 0;
    for (Thread t : threads) {
      long cpu = THREADS.getThreadCpuTime(t.getId());
      if (cpu > 0) {
        sum += cpu;
      }
    }
    return sum;
  }

  /**
   * The CPU time every live Java thread has spent since {@code before} (an earlier {@link
   * #byThread}): threads started since count in full, threads that have ended since count as zero
   * (their time in the window is lost, never subtracted), so the result is never negative.
   */
  public static long since(Map<Long, Long> before) {
    long[] ids = THREADS.getAllThreadIds();
    long[] cpus = THREADS.getThreadCpuTime(ids);
    long sum = 0;
    for (int i = 0; i < ids.length; i++) {
      if (cpus[i] > 0) {
        sum += Math.max(0, cpus[i] - before.getOrDefault(ids[i], 0L));
      }
    }
    return sum;
  }

  /** Each live Java thread's CPU time, by thread id, for {@link #since}. */
  public static Map<Long, Long> byThread() {
    long[] ids = THREADS.getAllThreadIds();
    long[] cpus = THREADS.getThreadCpuTime(ids);
    Map<Long, Long> out = new HashMap<>();
    for (int i = 0; i < ids.length; i++) {
      if (cpus[i] > 0) {
        out.put(ids[i], cpus[i]);
      }
    }
    return out;
  }
}
