package dev.forkscope.profile.layers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Reads what the agent wrote into {@value LayerFiles#AGENT}: the Java and OS ids and names of the
 * recording threads, and the waits it saw by sampling thread states (format in the agent's {@code
 * WaitSampler}). Lines it cannot parse are skipped: the file of a JVM killed mid-line ends with a
 * partial one.
 */
final class AgentLayer {
  private AgentLayer() {}

  static void read(
      Path file,
      List<Layers.Wait> waits,
      Map<Long, Long> javaIdOfOsThread,
      Map<Long, String> nameOfJavaThread)
      throws IOException {
    for (String line : Files.readAllLines(file)) {
      try {
        if (line.startsWith("thread,")) {
          String[] f = line.split(",", 4);
          long javaId = Long.parseLong(f[1]);
          long os = Long.parseLong(f[2]);
          if (os > 0) {
            javaIdOfOsThread.putIfAbsent(os, javaId);
          }
          nameOfJavaThread.put(javaId, f[3]);
        } else if (line.startsWith("wait,")) {
          String[] f = line.split(",", 6);
          List<String> frames = f[5].isEmpty() ? List.of() : Arrays.asList(f[5].split("\\|"));
          waits.add(
              new Layers.Wait(
                  Long.parseLong(f[1]),
                  Layers.WaitKind.valueOf(f[4]),
                  Long.parseLong(f[2]),
                  Long.parseLong(f[3]),
                  frames));
        }
      } catch (RuntimeException e) {
        // a partial or foreign line: skip it
      }
    }
  }
}
