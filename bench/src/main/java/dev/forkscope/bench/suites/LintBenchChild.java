package dev.forkscope.bench.suites;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.Linter;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The measured process of the lint suite: a fresh JVM that lints its arguments once and prints one
 * JSON line with the summary, its own CPU time and the heap's peak. A fresh JVM per run makes each
 * figure include start-up and class loading, as a user's {@code forkscope lint} does.
 */
final class LintBenchChild {
  private LintBenchChild() {}

  public static void main(String[] args) throws Exception {
    List<Path> paths = new ArrayList<>();
    for (String arg : args) {
      paths.add(Path.of(arg));
    }
    LintResult result = Linter.builder().build().lint(paths);
    ObjectNode line = new ObjectMapper().createObjectNode();
    line.put("files", result.summary().files());
    line.put("lines", result.summary().lines());
    line.put("parsed", result.summary().parsed());
    line.put("skipped", result.summary().skipped());
    line.put("errors", result.summary().errors().size());
    line.put("findings", result.findings().size());
    line.put("lintMs", result.summary().millis());
    line.put("cpuMs", processCpuMillis());
    line.put("heapPeakBytes", heapPeakBytes());
    long gcCount = 0;
    long gcMs = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      gcCount += Math.max(0, gc.getCollectionCount());
      gcMs += Math.max(0, gc.getCollectionTime());
    }
    line.put("gcCount", gcCount);
    line.put("gcMs", gcMs);
    System.out.println(line);
  }

  /**
   * The sum of each heap pool's peak occupancy. Pools peak at different moments, so this is an
   * upper bound of the true peak; with a young/old collector it is the figure to compare between
   * runs.
   */
  private static long heapPeakBytes() {
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    return peak;
  }

  private static long processCpuMillis() {
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean) {
      return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() / 1_000_000;
    }
    return -1;
  }
}
