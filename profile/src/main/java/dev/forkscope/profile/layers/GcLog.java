package dev.forkscope.profile.layers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the GC pauses from the profiled JVM's unified log ({@value LayerFiles#GC}), whose lines are
 * stamped with {@code System.nanoTime} at the end of each pause. Every collector logs its
 * stop-the-world pauses as {@code GC(n) Pause <what> [heap before->after(size)] <ms>ms} (G1,
 * Parallel and Serial under {@code gc}, ZGC and Shenandoah under {@code gc+phases}, generational
 * ZGC with a {@code Y:} or {@code O:} prefix).
 */
final class GcLog {
  private static final Pattern PAUSE =
      Pattern.compile(
          "^\\[(\\d+)ns\\].*? GC\\(\\d+\\) (?:[YO]: )?(Pause .*?)(?: \\d+[KMGT]?->\\d+.*)? ([\\d.]+)ms$");

  private GcLog() {}

  static void read(Path log, List<Layers.Pause> pauses) throws IOException {
    for (String line : Files.readAllLines(log)) {
      Matcher m = PAUSE.matcher(line);
      if (m.matches()) {
        long end = Long.parseLong(m.group(1));
        long duration = Math.round(Double.parseDouble(m.group(3)) * 1_000_000);
        pauses.add(new Layers.Pause(end - duration, end, m.group(2)));
      }
    }
  }
}
