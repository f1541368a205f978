package dev.forkscope.bench;

import java.lang.management.ManagementFactory;
import java.util.Collection;

/**
 * CPU time (user + system) in nanoseconds, from {@code ThreadMXBean} because it is exact to the
 * nanosecond, where {@code OperatingSystemMXBean.getProcessCpuTime()} ticks in 10 ms steps on
 * Linux. "Process" here means all live Java threads: JIT and GC threads are not included, and a
 * thread that ends between two readings takes its CPU time with it (probes that start threads
 * account for them themselves).
 */
final class CpuClock {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private CpuClock() {}

  /** Summed CPU time of all live Java threads of this process. */
  static long process() {
    long sum = 0;
    for (long cpu : THREADS.getThreadCpuTime(THREADS.getAllThreadIds())) {
      if (cpu > 0) {
        sum += cpu;
      }
    }
    return sum;
  }

  /** CPU time of the calling thread. */
  static long currentThread() {
    return THREADS.getCurrentThreadCpuTime();
  }

  /** Summed CPU time of the given threads; threads that have ended count as zero. */
  static long threads(Collection<Thread> threads) {
    long sum = 0;
    for (Thread t : threads) {
      long cpu = THREADS.getThreadCpuTime(t.getId());
      if (cpu > 0) {
        sum += cpu;
      }
    }
    return sum;
  }
}
