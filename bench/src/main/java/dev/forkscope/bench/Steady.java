package dev.forkscope.bench;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Child-process wrapper of the steady-state measurements: {@code Steady OUT WARMUPS ITERATIONS MAIN
 * ARGS...} calls {@code MAIN.main(ARGS)} WARMUPS times untimed, then ITERATIONS times, and writes
 * to OUT one line per timed call, {@code wallNs cpuNs}: its wall time and the process CPU time over
 * it (all threads: the program's, the JIT's, the GC's and the agent's). tgp's overhead figures are
 * of such runs (Rosà et al. (2019), §8.2: steady-state iterations within one JVM, after warm-up
 * ones); {@link Timed} measures the other way, one call from {@code main} to the JVM's exit.
 */
public final class Steady {

  private Steady() {}

  public static void main(String[] args) throws Throwable {
    if (args.length < 4) {
      System.err.println("usage: Steady OUT WARMUPS ITERATIONS MAIN [ARGS...]");
      System.exit(2);
    }
    Path out = Path.of(args[0]);
    int warmups = Integer.parseInt(args[1]);
    int iterations = Integer.parseInt(args[2]);
    Method main = Class.forName(args[3]).getMethod("main", String[].class);
    String[] programArgs = Arrays.copyOfRange(args, 4, args.length);
    for (int i = 0; i < warmups; i++) {
      call(main, programArgs);
    }
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < iterations; i++) {
      long cpu = Timed.processCpuNs();
      long start = System.nanoTime();
      call(main, programArgs);
      long wall = System.nanoTime() - start;
      lines.append(wall).append(' ').append(Timed.processCpuNs() - cpu).append('\n');
    }
    try {
      Files.writeString(out, lines, StandardCharsets.UTF_8);
    } catch (IOException e) {
      System.err.println("Steady: cannot write " + out + ": " + e.getMessage());
      System.exit(1);
    }
  }

  private static void call(Method main, String[] args) throws Throwable {
    try {
      main.invoke(null, (Object) args.clone());
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
