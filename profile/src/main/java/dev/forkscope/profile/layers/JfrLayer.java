package dev.forkscope.profile.layers;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * The JFR part of {@link LayersReader}, apart so that a JVM without {@code jdk.jfr} fails only
 * here.
 */
final class JfrLayer {

  private static final Set<String> WAIT_EVENTS =
      Set.of("jdk.ThreadPark", "jdk.JavaMonitorEnter", "jdk.JavaMonitorWait", "jdk.ThreadSleep");

  private JfrLayer() {}

  static void read(
      Path jfr,
      long offset,
      List<Layers.Pause> pauses,
      List<Layers.Wait> waits,
      List<Layers.Allocation> allocations,
      Map<Long, Long> javaIdOfOsThread,
      Map<Long, String> nameOfJavaThread,
      List<String> unavailable)
      throws IOException {
    List<Layers.Pause> collections = new ArrayList<>();
    boolean allocationEvents = false;
    try (RecordingFile in = new RecordingFile(jfr)) {
      while (in.hasMoreEvents()) {
        RecordedEvent e = in.readEvent();
        String type = e.getEventType().getName();
        RecordedThread thread = e.getThread();
        if (thread != null) {
          remember(thread, javaIdOfOsThread, nameOfJavaThread);
        }
        if (type.equals("jdk.ThreadStart") && e.hasField("thread")) {
          RecordedThread started = e.getThread("thread");
          if (started != null) {
            remember(started, javaIdOfOsThread, nameOfJavaThread);
          }
        }
        long start = LayersReader.toNanoTime(e.getStartTime(), offset);
        long end = start + e.getDuration().toNanos();
        switch (type) {
          case "jdk.GCPhasePause" -> pauses.add(new Layers.Pause(start, end, e.getString("name")));
          case "jdk.GarbageCollection" -> {
            Duration sum = e.getDuration("sumOfPauses");
            collections.add(new Layers.Pause(start, start + sum.toNanos(), e.getString("name")));
          }
          case "jdk.ObjectAllocationSample" -> {
            allocationEvents = true;
            if (thread != null) {
              allocations.add(
                  new Layers.Allocation(
                      thread.getJavaThreadId(),
                      start,
                      e.getLong("weight"),
                      e.getClass("objectClass") == null ? "?" : e.getClass("objectClass").getName(),
                      frames(e.getStackTrace())));
            }
          }
          default -> {
            if (WAIT_EVENTS.contains(type) && thread != null) {
              waits.add(
                  new Layers.Wait(
                      thread.getJavaThreadId(),
                      kind(type),
                      start,
                      end,
                      frames(e.getStackTrace()),
                      lock(e)));
            }
          }
        }
      }
    }
    if (pauses.isEmpty()) {
      pauses.addAll(collections); // a collector without per-pause events: one interval per GC
    }
    if (!allocationEvents) {
      unavailable.add(
          "allocation samples: none in the recording (JFR samples allocations at TLAB refills, at most 150 a second: the program allocated too little, or its JDK is older than 16)");
    }
  }

  private static void remember(
      RecordedThread t, Map<Long, Long> javaIdOfOsThread, Map<Long, String> nameOfJavaThread) {
    long javaId = t.getJavaThreadId();
    if (javaId <= 0) {
      return;
    }
    long os = t.getOSThreadId();
    if (os > 0) {
      javaIdOfOsThread.putIfAbsent(os, javaId);
    }
    String name = t.getJavaName();
    if (name != null) {
      nameOfJavaThread.put(javaId, name);
    }
  }

  private static Layers.WaitKind kind(String type) {
    return switch (type) {
      case "jdk.ThreadPark" -> Layers.WaitKind.PARK;
      case "jdk.JavaMonitorEnter" -> Layers.WaitKind.MONITOR;
      case "jdk.JavaMonitorWait" -> Layers.WaitKind.WAIT;
      default -> Layers.WaitKind.SLEEP;
    };
  }

  /** The class of the monitor or of the object parked on, null when the event has none. */
  private static String lock(RecordedEvent e) {
    String field = e.hasField("monitorClass") ? "monitorClass" : "parkedClass";
    RecordedClass c = e.hasField(field) ? e.getClass(field) : null;
    return c == null ? null : c.getName();
  }

  /** {@code class.method:line}, innermost first. */
  static List<String> frames(RecordedStackTrace stack) {
    if (stack == null) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (RecordedFrame f : stack.getFrames()) {
      if (out.size() == LayersReader.FRAMES) {
        break;
      }
      if (f.getMethod() == null) {
        continue;
      }
      String type = f.getMethod().getType() == null ? "?" : f.getMethod().getType().getName();
      int line = f.getLineNumber();
      out.add(type + "." + f.getMethod().getName() + (line > 0 ? ":" + line : ""));
    }
    return out;
  }
}
