package dev.forkscope.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Child-process wrapper of the overhead benchmark: {@code Timed OUT MAIN ARGS...} runs {@code
 * MAIN.main(ARGS)} and writes to OUT one line {@code wallNs cpuNs}: the wall time and the process
 * CPU time (all threads: the program's, the JIT's, the GC's and the agent's) from the call of
 * {@code main} to the end. JVM start-up and the agent's {@code premain} come before and are left
 * out; merely loading any {@code -javaagent} costs tens of milliseconds of CPU there. The line is
 * written from a shutdown hook, so programs that call {@code System.exit} are measured too.
 */
public final class Timed {

  private Timed() {}

  public static void main(String[] args) throws Throwable {
    if (args.length < 2) {
      System.err.println("usage: Timed OUT MAIN [ARGS...]");
      System.exit(2);
    }
    Path out = Path.of(args[0]);
    Method main = Class.forName(args[1]).getMethod("main", String[].class);
    long cpuStart = processCpuNs();
    long start = System.nanoTime();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(() -> record(out, System.nanoTime() - start, processCpuNs() - cpuStart)));
    try {
      main.invoke(null, (Object) Arrays.copyOfRange(args, 2, args.length));
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private static long processCpuNs() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
  }

  private static void record(Path out, long wallNs, long cpuNs) {
    try {
      Files.writeString(out, wallNs + " " + cpuNs + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      System.err.println("Timed: cannot write " + out + ": " + e.getMessage());
    }
  }
}
