package dev.forkscope.bench;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Child-process wrapper of the benchmarks that run programs in their own JVM: {@code Timed OUT MAIN
 * ARGS...} runs {@code MAIN.main(ARGS)} and writes to OUT one line {@code wallNs cpuNs
 * allocatedBytes gcCount gcMs startNs}: the wall time and the process CPU time (all threads: the
 * program's, the JIT's, the GC's and the agent's) from the call of {@code main} to the end, the
 * bytes allocated by the main thread and the threads alive at the end (a pool's workers are; other
 * threads that ended before are not counted), and the collections and their time, and when {@code
 * main} was called ({@code System.nanoTime}, the machine's monotonic clock, which the parent reads
 * too). JVM start-up and the agent's {@code premain} come before and are left out; merely loading
 * any {@code -javaagent} costs tens of milliseconds of CPU there. The line is written from a
 * shutdown hook, so programs that call {@code System.exit} are measured too.
 */
public final class Timed {

  /** What the main thread had allocated when {@code main} returned; -1 before. */
  private static volatile long mainAllocated = -1;

  private Timed() {}

  @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+
  public static void main(String[] args) throws Throwable {
    if (args.length < 2) {
      System.err.println("usage: Timed OUT MAIN [ARGS...]");
      System.exit(2);
    }
    Path out = Path.of(args[0]);
    Method main = Class.forName(args[1]).getMethod("main", String[].class);
    long mainThread = Thread.currentThread().getId();
    long[] gcStart = gc();
    long cpuStart = processCpuNs();
    long start = System.nanoTime();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  long wall = System.nanoTime() - start;
                  long cpu = processCpuNs() - cpuStart;
                  long[] gcEnd = gc();
                  record(
                      out,
                      wall
                          + " "
                          + cpu
                          + " "
                          + allocatedBytes(mainThread)
                          + " "
                          + (gcEnd[0] - gcStart[0])
                          + " "
                          + (gcEnd[1] - gcStart[1])
                          + " "
                          + start);
                }));
    try {
      main.invoke(null, (Object) Arrays.copyOfRange(args, 2, args.length));
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
    mainAllocated = allocatedBytes(new long[] {mainThread});
  }

  static long processCpuNs() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
  }

  /** Collections so far and their time in ms, over every collector. */
  private static long[] gc() {
    long[] countAndMs = new long[2];
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      countAndMs[0] += Math.max(0, gc.getCollectionCount());
      countAndMs[1] += Math.max(0, gc.getCollectionTime());
    }
    return countAndMs;
  }

  /**
   * Bytes allocated by the live threads and by the main thread (counted when {@code main} returned
   * if it is gone now), or -1 where the JVM cannot tell.
   */
  private static long allocatedBytes(long mainThread) {
    long[] live = ManagementFactory.getThreadMXBean().getAllThreadIds();
    long sum = allocatedBytes(live);
    if (sum >= 0 && Arrays.stream(live).noneMatch(id -> id == mainThread) && mainAllocated > 0) {
      sum += mainAllocated;
    }
    return sum;
  }

  private static long allocatedBytes(long[] threadIds) {
    if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
        || !threads.isThreadAllocatedMemorySupported()) {
      return -1;
    }
    long sum = 0;
    for (long bytes : threads.getThreadAllocatedBytes(threadIds)) {
      sum += Math.max(0, bytes);
    }
    return sum;
  }

  private static void record(Path out, String line) {
    try {
      Files.writeString(out, line + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      System.err.println("Timed: cannot write " + out + ": " + e.getMessage());
    }
  }
}
