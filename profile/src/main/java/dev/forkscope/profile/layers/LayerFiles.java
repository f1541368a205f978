package dev.forkscope.profile.layers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The files of the JVM and OS layers in a profile's output directory, and the JVM options that
 * record them. By default the JVM layer costs next to nothing: the JVM's unified logging writes its
 * GC pauses, and the agent samples the states of its threads. With JDK Flight Recorder instead
 * ({@code --jfr}), waits are exact and allocations are sampled with their stacks, for about half a
 * second of CPU per JVM at start-up and exit.
 *
 * <ul>
 *   <li>{@value #GC}: the GC pauses, logged by the profiled JVM ({@code -Xlog:gc,gc+phases} with
 *       {@code System.nanoTime} stamps);
 *   <li>{@value #AGENT}: the Java and OS ids of the recording threads and their sampled waits,
 *       written by the agent (unless it runs with {@code waits=off});
 *   <li>{@value #JFC}: the JDK Flight Recorder settings, written by {@link #jvmOptions} with JFR;
 *   <li>{@value #JFR}: the recording, dumped by the profiled JVM at exit;
 *   <li>{@value #CLOCK}: the offset between the wall clock and the monotonic clock, measured by the
 *       front end before the launch (and by the {@code /proc} sampler after the exit);
 *   <li>{@value #THREADS}: per-thread CPU time, time waiting for a CPU and context switches,
 *       sampled from {@code /proc} by {@link ProcSampler};
 *   <li>{@value #MACHINE}: the whole machine's runnable threads and CPU time, stolen time included,
 *       sampled from {@code /proc/stat} by {@link ProcSampler}.
 * </ul>
 *
 * <p>Clock alignment: JFR stamps events with its ticks and reports them as {@link Instant}s,
 * computed from the wall clock read at the start of each chunk plus the ticks elapsed since. The
 * ticks run on the monotonic clock, as {@code System.nanoTime} does (both are {@code
 * CLOCK_MONOTONIC} on Linux, one clock for every process of the machine). So an event's nanoTime is
 * its Instant minus (wall clock - monotonic clock), an offset that stays constant up to the slewing
 * of the wall clock by NTP (at most 0.05 %, in practice a few microseconds a second) and changes
 * only when the wall clock is stepped. The front end measures that offset in its own process right
 * before the launch, bracketing the wall clock read with two {@code System.nanoTime} reads, the
 * tightest of several tries: the error is well under a microsecond plus the slew since.
 */
public final class LayerFiles {

  /** GC log. */
  public static final String GC = "layers-gc.log";

  /** The agent's thread ids and wait samples. */
  public static final String AGENT = "layers-jvm.csv";

  /** JFR settings. */
  public static final String JFC = "layers.jfc";

  /** JFR recording. */
  public static final String JFR = "layers.jfr";

  /** Clock offsets. */
  public static final String CLOCK = "layers-clock.txt";

  /** {@code /proc} samples. */
  public static final String THREADS = "layers-threads.csv";

  /** {@code /proc/stat} samples. */
  public static final String MACHINE = "layers-machine.csv";

  /**
   * Event thresholds, chosen for a low cost: a park, monitor wait or sleep shorter than these is
   * not recorded. Contended monitor entries are all recorded (HotSpot spins before it blocks, so
   * they are rare unless a lock is really contended).
   */
  static final String SETTINGS =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!-- forkscope: the JVM layer of a profile. GC pauses, waits with their stacks (thresholds keep
           the cost low), allocation samples, thread starts (Java to OS thread ids), CPU load. -->
      <configuration version="2.0" label="forkscope layers" description="forkscope profile: GC, waits, allocation">
        <event name="jdk.GarbageCollection"><setting name="enabled">true</setting><setting name="threshold">0 ms</setting></event>
        <event name="jdk.GCPhasePause"><setting name="enabled">true</setting><setting name="threshold">0 ms</setting></event>
        <event name="jdk.ThreadPark"><setting name="enabled">true</setting><setting name="stackTrace">true</setting><setting name="threshold">100 us</setting></event>
        <event name="jdk.JavaMonitorEnter"><setting name="enabled">true</setting><setting name="stackTrace">true</setting><setting name="threshold">0 ms</setting></event>
        <event name="jdk.JavaMonitorWait"><setting name="enabled">true</setting><setting name="stackTrace">true</setting><setting name="threshold">100 us</setting></event>
        <event name="jdk.ThreadSleep"><setting name="enabled">true</setting><setting name="stackTrace">true</setting><setting name="threshold">100 us</setting></event>
        <event name="jdk.ThreadStart"><setting name="enabled">true</setting><setting name="stackTrace">false</setting></event>
        <event name="jdk.CPULoad"><setting name="enabled">true</setting><setting name="period">250 ms</setting></event>
        <event name="jdk.ObjectAllocationSample"><setting name="enabled">true</setting><setting name="stackTrace">true</setting><setting name="throttle">150/s</setting></event>
      </configuration>
      """;

  private LayerFiles() {}

  /**
   * The JVM options that record the JVM layer into {@code dir}, and the clock offset written there:
   * the GC log, or with {@code jfr} a JFR recording (and its settings file). With JFR asked for but
   * known to be missing from the launcher's JDK (a jlink-ed runtime without {@code jdk.jfr}), the
   * GC log, and why in the clock file. The agent's own part ({@value #AGENT}) is switched by its
   * option {@code waits}, see {@link dev.forkscope.profile.ProfilerAgent#command}.
   *
   * @param dir the output directory (created if needed)
   * @param launcher the {@code java} launcher that will run the program, as given
   * @param jfr whether to record with JDK Flight Recorder
   */
  public static List<String> jvmOptions(Path dir, String launcher, boolean jfr) {
    Path out = dir.toAbsolutePath().normalize();
    try {
      Files.createDirectories(out);
      clear(out);
      String missing = jfr ? jfrMissing(launcher) : null;
      List<String> options = new ArrayList<>();
      StringBuilder clock = new StringBuilder();
      clock.append("start ").append(wallMinusMonotonicNs()).append('\n');
      if (!jfr || missing != null) {
        if (missing != null) {
          clock.append("jfr-off ").append(missing).append('\n');
        }
        // timenanos: System.nanoTime; filecount=0: one file, never rotated away
        options.add("-Xlog:gc,gc+phases:file=\"" + out.resolve(GC) + "\":timenanos:filecount=0");
      } else {
        Files.writeString(out.resolve(JFC), SETTINGS);
        options.add(
            "-XX:StartFlightRecording=settings="
                + out.resolve(JFC)
                + ",filename="
                + out.resolve(JFR)
                + ",dumponexit=true");
        // JDK 17 prints "Started recording 1..." into the program's output otherwise
        options.add("-Xlog:jfr+startup=error");
      }
      Files.writeString(out.resolve(CLOCK), clock);
      return options;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare the JVM layer's files in " + out, e);
    }
  }

  /** Deletes the layer files in {@code dir}, if any. */
  public static void clear(Path dir) {
    try {
      for (String name : List.of(GC, AGENT, JFC, JFR, CLOCK, THREADS)) {
        Files.deleteIfExists(dir.resolve(name));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the JVM layer's files in " + dir, e);
    }
  }

  /**
   * Epoch nanoseconds of the wall clock minus {@code System.nanoTime}, from the tightest of a few
   * bracketed reads.
   */
  public static long wallMinusMonotonicNs() {
    long best = Long.MAX_VALUE;
    long offset = 0;
    for (int i = 0; i < 7; i++) {
      long before = System.nanoTime();
      Instant wall = Instant.now();
      long after = System.nanoTime();
      if (after - before < best) {
        best = after - before;
        offset = epochNanos(wall) - (before + (after - before) / 2);
      }
    }
    return offset;
  }

  static long epochNanos(Instant t) {
    return t.getEpochSecond() * 1_000_000_000L + t.getNano();
  }

  /**
   * Why the JDK of {@code launcher} cannot record JFR, or null when it can or when this cannot be
   * told (its {@code release} file is the only thing read).
   */
  static String jfrMissing(String launcher) {
    try {
      Path java = resolve(launcher);
      if (java == null) {
        return null;
      }
      Path home = java.toRealPath().getParent().getParent();
      Path release = home.resolve("release");
      if (!Files.isRegularFile(release)) {
        return null;
      }
      for (String line : Files.readAllLines(release)) {
        if (line.startsWith("MODULES=") && !line.contains("jdk.jfr")) {
          return "the JDK at " + home + " has no jdk.jfr module";
        }
        if (line.startsWith("JAVA_VERSION=\"1.")) {
          return "the JDK at " + home + " is older than 11";
        }
      }
      return null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static Path resolve(String launcher) {
    Path given = Path.of(launcher);
    if (given.getParent() != null) {
      return given;
    }
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String entry : path.split(java.io.File.pathSeparator)) {
      if (!entry.isEmpty() && Files.isExecutable(Path.of(entry, launcher))) {
        return Path.of(entry, launcher);
      }
    }
    return null;
  }
}
