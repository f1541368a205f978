package dev.forkscope.profile.layers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Samples the OS layer of a profiled JVM from outside: every {@value #PERIOD_MS} ms, per thread of
 * the child process, its CPU time ({@code /proc/PID/task/TID/schedstat}, nanoseconds, or {@code
 * stat}'s utime+stime in clock ticks where schedstat is missing) and its voluntary and involuntary
 * context switches ({@code status}). The sample time is this process's {@code System.nanoTime}:
 * {@code CLOCK_MONOTONIC}, the same clock as the child's task trace. On close it writes {@value
 * LayerFiles#THREADS} and appends the clock offset after the run to {@value LayerFiles#CLOCK}.
 *
 * <p>Where {@code /proc} is missing (not Linux) it records nothing; the reader says so.
 */
public final class ProcSampler implements AutoCloseable {

  /** Sampling period. */
  static final long PERIOD_MS = 20;

  /** Assumed USER_HZ for stat's tick counts (100 on every Linux that matters). */
  private static final long NS_PER_TICK = 10_000_000;

  private final Path dir;
  private final Path tasks;
  private final Thread thread;
  private final List<String> rows = new ArrayList<>();
  private volatile boolean stop;

  private ProcSampler(Path dir, long pid) {
    this.dir = dir;
    this.tasks = Path.of("/proc", Long.toString(pid), "task");
    this.thread = new Thread(this::loop, "forkscope-proc-sampler");
    thread.setDaemon(true);
  }

  /** Starts sampling the process {@code pid} for the output directory {@code dir}. */
  public static ProcSampler start(Path dir, long pid) {
    ProcSampler s = new ProcSampler(dir, pid);
    if (Files.isDirectory(s.tasks)) {
      s.thread.start();
    }
    return s;
  }

  private void loop() {
    byte[] buffer = new byte[4096];
    while (!stop && Files.isDirectory(tasks)) {
      long now = System.nanoTime();
      sampleOnce(now, buffer);
      try {
        Thread.sleep(PERIOD_MS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void sampleOnce(long now, byte[] buffer) {
    List<String> batch = new ArrayList<>();
    try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
      for (Path t : threads) {
        String row = sampleThread(now, t, buffer);
        if (row != null) {
          batch.add(row);
        }
      }
    } catch (IOException | UncheckedIOException e) {
      return; // the process is gone
    }
    synchronized (rows) {
      rows.addAll(batch);
    }
  }

  private static String sampleThread(long now, Path t, byte[] buffer) {
    String status = read(t.resolve("status"), buffer);
    if (status == null) {
      return null;
    }
    String name = field(status, "Name:");
    String voluntary = field(status, "voluntary_ctxt_switches:");
    String involuntary = field(status, "nonvoluntary_ctxt_switches:");
    long cpu = -1;
    String schedstat = read(t.resolve("schedstat"), buffer);
    if (schedstat != null) {
      int space = schedstat.indexOf(' ');
      cpu = parse(space < 0 ? schedstat.trim() : schedstat.substring(0, space));
    }
    if (cpu < 0) {
      String stat = read(t.resolve("stat"), buffer);
      if (stat != null) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        if (f.length > 12) {
          cpu = (parse(f[11]) + parse(f[12])) * NS_PER_TICK;
        }
      }
    }
    return now
        + ","
        + t.getFileName()
        + ","
        + (name == null ? "" : name.replace(',', '_'))
        + ","
        + cpu
        + ","
        + (voluntary == null ? -1 : parse(voluntary))
        + ","
        + (involuntary == null ? -1 : parse(involuntary));
  }

  private static String read(Path file, byte[] buffer) {
    try (var in = Files.newInputStream(file)) {
      int n = 0;
      int r;
      while (n < buffer.length && (r = in.read(buffer, n, buffer.length - n)) > 0) {
        n += r;
      }
      return new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      return null;
    }
  }

  private static String field(String status, String key) {
    int at = status.startsWith(key) ? 0 : status.indexOf("\n" + key);
    if (at < 0) {
      return null;
    }
    int from = at + (at == 0 ? 0 : 1) + key.length();
    int end = status.indexOf('\n', from);
    return status.substring(from, end < 0 ? status.length() : end).trim();
  }

  private static long parse(String s) {
    try {
      return Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** Stops sampling and writes the files. */
  @Override
  public void close() throws IOException {
    stop = true;
    thread.interrupt();
    try {
      thread.join(1_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Files.writeString(
        dir.resolve(LayerFiles.CLOCK),
        "end " + LayerFiles.wallMinusMonotonicNs() + "\n",
        java.nio.file.StandardOpenOption.CREATE,
        java.nio.file.StandardOpenOption.APPEND);
    List<String> copy;
    synchronized (rows) {
      copy = new ArrayList<>(rows);
    }
    if (copy.isEmpty()) {
      return;
    }
    try (Writer w = Files.newBufferedWriter(dir.resolve(LayerFiles.THREADS))) {
      w.write("timeNs,tid,name,cpuNs,voluntarySwitches,involuntarySwitches\n");
      for (String row : copy) {
        w.write(row);
        w.write('\n');
      }
    }
  }
}
