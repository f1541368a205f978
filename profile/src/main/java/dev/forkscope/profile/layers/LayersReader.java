package dev.forkscope.profile.layers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the JVM and OS layers that a profile run left in its output directory (see {@link
 * LayerFiles}) into {@link Layers}, on the task trace's clock. What is missing is named in {@link
 * Layers#unavailable()}; the rest is read all the same.
 */
public final class LayersReader {

  /** Frames kept per stack. */
  static final int FRAMES = 16;

  private LayersReader() {}

  /** Reads the layers in {@code dir}; never fails for a missing or unreadable layer. */
  public static Layers read(Path dir) {
    List<String> unavailable = new ArrayList<>();
    Long offset = null;
    String jfrOff = null;
    Path clockFile = dir.resolve(LayerFiles.CLOCK);
    if (Files.isRegularFile(clockFile)) {
      try {
        for (String line : Files.readAllLines(clockFile)) {
          if (line.startsWith("start ")) {
            offset = Long.parseLong(line.substring(6).trim());
          } else if (line.startsWith("jfr-off ")) {
            jfrOff = line.substring(8).trim();
          }
        }
      } catch (IOException | NumberFormatException e) {
        unavailable.add("clock offset: " + clockFile + " is unreadable (" + e.getMessage() + ")");
      }
    }
    List<Layers.Pause> pauses = new ArrayList<>();
    List<Layers.Wait> waits = new ArrayList<>();
    List<Layers.Allocation> allocations = new ArrayList<>();
    Map<Long, Long> javaIdOfOsThread = new HashMap<>();
    Map<Long, String> nameOfJavaThread = new HashMap<>();
    boolean monitorsRecorded = false;
    Path jfr = dir.resolve(LayerFiles.JFR);
    if (Files.isRegularFile(jfr)) {
      if (offset == null) {
        offset = LayerFiles.wallMinusMonotonicNs();
        unavailable.add(
            "clock offset: not measured at launch ("
                + LayerFiles.CLOCK
                + " missing); JFR times aligned with today's offset, wrong if the machine has"
                + " rebooted or stepped its clock since the run");
      }
      try {
        JfrLayer.read(
            jfr,
            offset,
            pauses,
            waits,
            allocations,
            javaIdOfOsThread,
            nameOfJavaThread,
            unavailable);
        monitorsRecorded = true; // LayerFiles.SETTINGS: every contended enter, threshold 0
      } catch (IOException | RuntimeException | LinkageError e) {
        unavailable.add("JFR: cannot read " + jfr + " (" + e + ")");
      }
    } else {
      if (jfrOff != null) {
        unavailable.add("JFR: not recorded, " + jfrOff);
      }
      readSampled(dir, pauses, waits, javaIdOfOsThread, nameOfJavaThread, unavailable);
      unavailable.add(
          "allocation samples: recorded with --jfr only (the copy-on-fork and copy-on-join"
              + " findings at run time need them)");
    }
    List<Layers.ThreadSample> samples = new ArrayList<>();
    Path threads = dir.resolve(LayerFiles.THREADS);
    if (Files.isRegularFile(threads)) {
      try {
        readSamples(threads, javaIdOfOsThread, nameOfJavaThread, samples);
      } catch (IOException | RuntimeException e) {
        unavailable.add("/proc samples: cannot read " + threads + " (" + e.getMessage() + ")");
      }
    } else {
      unavailable.add(
          "per-thread CPU time and context switches: no /proc samples (not Linux, or the run was"
              + " not made by forkscope profile)");
    }
    List<Layers.MachineSample> machine = new ArrayList<>();
    Path machineFile = dir.resolve(LayerFiles.MACHINE);
    if (Files.isRegularFile(machineFile)) {
      try {
        readMachine(machineFile, machine);
      } catch (IOException | RuntimeException e) {
        machine.clear();
        unavailable.add("machine load: cannot read " + machineFile + " (" + e.getMessage() + ")");
      }
    }
    pauses.sort(Comparator.comparingLong(Layers.Pause::startNs));
    waits.sort(Comparator.comparingLong(Layers.Wait::startNs));
    allocations.sort(Comparator.comparingLong(Layers.Allocation::timeNs));
    return new Layers(pauses, waits, samples, allocations, machine, unavailable, monitorsRecorded);
  }

  /** The default JVM layer: the GC log and the agent's thread ids and wait samples. */
  private static void readSampled(
      Path dir,
      List<Layers.Pause> pauses,
      List<Layers.Wait> waits,
      Map<Long, Long> javaIdOfOsThread,
      Map<Long, String> nameOfJavaThread,
      List<String> unavailable) {
    readLayer(
        dir.resolve(LayerFiles.GC),
        "GC pauses",
        "the run was made without the layers, or the JVM could not write it",
        file -> GcLog.read(file, pauses),
        unavailable);
    readLayer(
        dir.resolve(LayerFiles.AGENT),
        "waits (park, monitor, wait, sleep)",
        "the agent ran with waits=off, or the run was made without the layers",
        file -> AgentLayer.read(file, waits, javaIdOfOsThread, nameOfJavaThread),
        unavailable);
  }

  /** Reads one layer's file, or says in {@code unavailable} why it is missing or unreadable. */
  private static void readLayer(
      Path file, String what, String whyMissing, LayerFile reader, List<String> unavailable) {
    try {
      if (Files.isRegularFile(file)) {
        reader.read(file);
      } else {
        unavailable.add(what + ": no " + file.getFileName() + " (" + whyMissing + ")");
      }
    } catch (IOException e) {
      unavailable.add(what + ": cannot read " + file + " (" + e.getMessage() + ")");
    }
  }

  /** Reads one file of a layer. */
  @FunctionalInterface
  private interface LayerFile {
    void read(Path file) throws IOException;
  }

  static long toNanoTime(Instant t, long offset) {
    return LayerFiles.epochNanos(t) - offset;
  }

  private static void readSamples(
      Path file,
      Map<Long, Long> javaIdOfOsThread,
      Map<Long, String> nameOfJavaThread,
      List<Layers.ThreadSample> out)
      throws IOException {
    Map<String, Long> byComm = new HashMap<>();
    for (Map.Entry<Long, String> e : nameOfJavaThread.entrySet()) {
      String comm = e.getValue().length() > 15 ? e.getValue().substring(0, 15) : e.getValue();
      byComm.merge(comm, e.getKey(), (a, b) -> Long.MIN_VALUE); // ambiguous
    }
    List<String> lines = Files.readAllLines(file);
    for (int i = 1; i < lines.size(); i++) {
      String[] f = lines.get(i).split(",", -1);
      if (f.length < 6) {
        continue;
      }
      long tid = Long.parseLong(f[1]);
      Long javaId = javaIdOfOsThread.get(tid);
      if (javaId == null) {
        Long byName = byComm.get(f[2]);
        javaId = byName != null && byName != Long.MIN_VALUE ? byName : -tid;
      }
      String name = javaId > 0 ? nameOfJavaThread.getOrDefault(javaId, f[2]) : f[2];
      out.add(
          new Layers.ThreadSample(
              javaId,
              name,
              Long.parseLong(f[0]),
              Long.parseLong(f[3]),
              Long.parseLong(f[4]),
              Long.parseLong(f[5]),
              f.length > 6 ? Long.parseLong(f[6]) : -1));
    }
  }

  private static void readMachine(Path file, List<Layers.MachineSample> out) throws IOException {
    List<String> lines = Files.readAllLines(file);
    for (int i = 1; i < lines.size(); i++) {
      String[] f = lines.get(i).split(",", -1);
      if (f.length == 4) {
        out.add(
            new Layers.MachineSample(
                Long.parseLong(f[0]),
                Long.parseLong(f[1]),
                Long.parseLong(f[2]),
                Long.parseLong(f[3])));
      }
    }
  }
}
