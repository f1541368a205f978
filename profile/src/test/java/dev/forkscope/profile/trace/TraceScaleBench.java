package dev.forkscope.profile.trace;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The analysis at scale, as a benchmark (not a test): writes a {@link SyntheticTrace} of N
 * executions unless the directory holds one, then runs {@code forkscope report DIR} in a child JVM
 * with a bounded heap and prints its wall time, its peak heap (the sum of the heap pools' peak
 * usage, read in the child after the report, an upper bound: the pools peak at different times),
 * and the CPU time of the thread that ran the report and of the whole child (compilers and
 * collectors included), which, unlike the wall time, barely depend on what else the machine runs.
 *
 * <pre>
 * mvn -B -ntp -o -q package -DskipTests -pl cli -am
 * java -cp profile/target/test-classes dev.forkscope.profile.trace.TraceScaleBench \
 *     cli/target/forkscope.jar /tmp/trace10m 10000000 [HEAP [SAMPLE_PERIOD]]
 * </pre>
 */
public final class TraceScaleBench {
  private TraceScaleBench() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 3) {
      System.err.println(
          "usage: TraceScaleBench FORKSCOPE_JAR DIR EXECUTIONS [HEAP (1g)] [SAMPLE_PERIOD (1)]");
      System.exit(2);
    }
    Path dir = Path.of(args[1]);
    long executions = Long.parseLong(args[2].replace("_", ""));
    String heap = args.length > 3 ? args[3] : "1g";
    int period = args.length > 4 ? Integer.parseInt(args[4]) : 1;
    if (!Files.isRegularFile(dir.resolve("trace.bin"))) {
      SyntheticTrace.write(dir, executions, period, 1);
    }
    String classPath =
        args[0]
            + File.pathSeparator
            + Path.of(
                TraceScaleBench.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx" + heap);
    command.add("-cp");
    command.add(classPath);
    command.add(Child.class.getName());
    command.add(dir.toString());
    long start = System.nanoTime();
    Process child =
        new ProcessBuilder(command)
            .redirectOutput(dir.resolve("bench-report.txt").toFile())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    int exit = child.waitFor();
    double wall = (System.nanoTime() - start) / 1e9;
    List<String> lines = Files.readAllLines(dir.resolve("bench-report.txt"));
    String peak = lines.isEmpty() ? "?" : lines.get(lines.size() - 1);
    System.out.printf(
        "%,d executions (%,d bytes of trace), -Xmx%s, JDK %s: exit %d, %.1f s wall, %s%n",
        executions,
        Files.size(dir.resolve("trace.bin")),
        heap,
        System.getProperty("java.version"),
        exit,
        wall,
        peak);
    System.exit(exit);
  }

  /** The child JVM: {@code forkscope report DIR}, then the heap's peak. */
  public static final class Child {
    private Child() {}

    public static void main(String[] args) throws Exception {
      int exit =
          (int)
              Class.forName("dev.forkscope.cli.Forkscope")
                  .getMethod("run", String[].class)
                  .invoke(null, (Object) new String[] {"report", args[0]});
      long peak = 0;
      for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
        if (pool.getType() == MemoryType.HEAP) {
          peak += pool.getPeakUsage().getUsed();
        }
      }
      System.out.printf(
          "peak heap %,d MiB, CPU %.1f s on the report's thread, %.1f s in all%n",
          peak >> 20,
          ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1e9,
          ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                  .getProcessCpuTime()
              / 1e9);
      System.exit(exit);
    }
  }
}
