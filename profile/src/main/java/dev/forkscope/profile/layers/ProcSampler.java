package dev.forkscope.profile.layers;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Samples the OS layer of a profiled JVM from outside: every {@value #PERIOD_MS} ms, per thread of
 * the child process, its CPU time and the time it waited for a CPU while runnable ({@code
 * /proc/PID/task/TID/schedstat}, nanoseconds; or {@code stat}'s utime+stime in clock ticks, and no
 * waiting time, where schedstat is missing) and its voluntary and involuntary context switches
 * ({@code status}, every {@value #STATUS_EVERY}th sample); at that coarser step, the whole
 * machine's runnable threads and CPU time, stolen time included ({@code /proc/stat}). The sample
 * time is this process's {@code System.nanoTime}: {@code CLOCK_MONOTONIC}, the same clock as the
 * child's task trace. On close it writes {@value LayerFiles#THREADS} and {@value
 * LayerFiles#MACHINE} and appends the clock offset after the run to {@value LayerFiles#CLOCK}.
 *
 * <p>Where {@code /proc} is missing (not Linux) it records nothing; the reader says so.
 */
public final class ProcSampler implements AutoCloseable {

  /** Sampling period. */
  static final long PERIOD_MS = 20;

  /**
   * Samples between two reads of a thread's {@code status} (the kernel formats fifty lines for it;
   * {@code schedstat} is one): context switches are counted at this coarser step.
   */
  static final int STATUS_EVERY = 5;

  /** Assumed USER_HZ for stat's tick counts (100 on every Linux that matters). */
  private static final long NS_PER_TICK = 10_000_000;

  private final Path dir;
  private final Path tasks;
  private final Thread thread;
  private final List<long[]> rows = new ArrayList<>();
  private final Map<Long, String> names = new ConcurrentHashMap<>();
  private final Map<String, Task> known = new java.util.HashMap<>();
  private final Map<Long, long[]> switches = new java.util.HashMap<>();
  private final List<long[]> machine = new ArrayList<>();
  private final Path procStat = Path.of("/proc/stat");
  private volatile boolean stop;

  /** The sampling thread's own CPU time when it ended; -1 until then. */
  private volatile long ownCpuNs = -1;

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
    try {
      sample();
    } finally {
      ownCpuNs = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }
  }

  private void sample() {
    byte[] buffer = new byte[4096];
    try {
      for (int round = 0; !stop; round++) {
        long now = System.nanoTime();
        List<Task> threads = list();
        if (threads.isEmpty()) {
          return; // the process is gone
        }
        List<long[]> batch = new ArrayList<>(threads.size());
        boolean status = round % STATUS_EVERY == 0;
        if (status) {
          sampleMachine(now);
        }
        for (Task t : threads) {
          long[] row = sampleThread(now, t, buffer, status);
          if (row != null) {
            batch.add(row);
          }
        }
        synchronized (rows) {
          rows.addAll(batch);
        }
        try {
          Thread.sleep(PERIOD_MS);
        } catch (InterruptedException e) {
          return;
        }
      }
    } finally {
      for (Task t : known.values()) {
        t.close();
      }
    }
  }

  /**
   * One thread's files, opened once and read again from their start at each sample (the kernel
   * makes a {@code /proc} file's text anew on a read at offset 0): an open and a close per file and
   * sample cost more than the read. {@link RandomAccessFile} rather than a channel: two native
   * calls a read, which matters while this code still runs interpreted.
   */
  private static final class Task {
    final long tid;
    private final String base;
    private RandomAccessFile status;
    private RandomAccessFile schedstat;
    private RandomAccessFile stat;

    Task(String dir, String tid) {
      this.tid = Long.parseLong(tid);
      this.base = dir + "/" + tid + "/";
    }

    int status(byte[] buffer) {
      return read(status == null ? status = open("status") : status, buffer);
    }

    int schedstat(byte[] buffer) {
      return read(schedstat == null ? schedstat = open("schedstat") : schedstat, buffer);
    }

    int stat(byte[] buffer) {
      return read(stat == null ? stat = open("stat") : stat, buffer);
    }

    private RandomAccessFile open(String file) {
      try {
        return new RandomAccessFile(base + file, "r");
      } catch (IOException e) {
        return null; // gone, or no such file on this kernel
      }
    }

    /** The bytes read into {@code buffer} from the file's start, or -1. */
    private static int read(RandomAccessFile file, byte[] buffer) {
      if (file == null) {
        return -1;
      }
      try {
        file.seek(0);
        int n = 0;
        for (int r; n < buffer.length && (r = file.read(buffer, n, buffer.length - n)) > 0; ) {
          n += r;
        }
        return n;
      } catch (IOException e) {
        return -1;
      }
    }

    void close() {
      for (RandomAccessFile f : new RandomAccessFile[] {status, schedstat, stat}) {
        try {
          if (f != null) {
            f.close();
          }
        } catch (IOException e) {
          // nothing was written
        }
      }
    }
  }

  /** The child's threads now; the files of those that ended are closed. */
  private List<Task> list() {
    String[] tids = new java.io.File(tasks.toString()).list();
    if (tids == null) {
      return List.of();
    }
    List<Task> out = new ArrayList<>(tids.length);
    for (String tid : tids) {
      out.add(known.computeIfAbsent(tid, id -> new Task(tasks.toString(), id)));
    }
    if (known.size() > out.size()) {
      Set<String> alive = Set.of(tids);
      known
          .entrySet()
          .removeIf(
              e -> {
                boolean gone = !alive.contains(e.getKey());
                if (gone) {
                  e.getValue().close();
                }
                return gone;
              });
    }
    return out;
  }

  private void sampleMachine(long now) {
    try {
      long[] row = machineRow(now, Files.readString(procStat, StandardCharsets.ISO_8859_1));
      if (row != null) {
        synchronized (rows) {
          machine.add(row);
        }
      }
    } catch (IOException e) {
      // no /proc/stat: the machine's load is not known, and the summary says n/a
    }
  }

  /**
   * timeNs, procs_running, steal and total CPU ticks of all CPUs, from the text of {@code
   * /proc/stat}; null when it lacks them. The total is user, nice, system, idle, iowait, irq,
   * softirq and steal (guest time is already counted in user).
   */
  static long[] machineRow(long now, String stat) {
    long running = -1;
    long[] cpu = null;
    for (String line : stat.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f[0].equals("cpu") && f.length >= 9) {
        cpu = new long[2];
        for (int i = 1; i <= 8; i++) {
          cpu[1] += Long.parseLong(f[i]);
        }
        cpu[0] = Long.parseLong(f[8]);
      } else if (f[0].equals("procs_running") && f.length == 2) {
        running = Long.parseLong(f[1]);
      }
    }
    return running < 0 || cpu == null ? null : new long[] {now, running, cpu[0], cpu[1]};
  }

  /** timeNs, tid, cpuNs, voluntary, involuntary, run delay; the name goes to {@link #names}. */
  private long[] sampleThread(long now, Task t, byte[] buffer, boolean withStatus) {
    long tid = t.tid;
    long[] switches = this.switches.get(tid);
    if (withStatus || switches == null) {
      switches = status(tid, t, buffer);
      if (switches == null) {
        return null;
      }
      this.switches.put(tid, switches);
    }
    return cpuPart(now, tid, switches, t, buffer, t.schedstat(buffer));
  }

  /** Voluntary and involuntary switches from {@code status}; remembers the name; null if gone. */
  private long[] status(long tid, Task t, byte[] buffer) {
    int n = t.status(buffer);
    if (n <= 0) {
      return null;
    }
    if (!names.containsKey(tid)) {
      int from = indexOf(buffer, n, "Name:");
      if (from >= 0) {
        int end = from;
        while (end < n && buffer[end] != '\n') {
          end++;
        }
        names.put(
            tid,
            new String(buffer, from, end - from, StandardCharsets.ISO_8859_1)
                .trim()
                .replace(',', '_'));
      }
    }
    return new long[] {
      number(buffer, n, lastIndexOf(buffer, n, "\nvoluntary_ctxt_switches:")),
      number(buffer, n, lastIndexOf(buffer, n, "\nnonvoluntary_ctxt_switches:"))
    };
  }

  private long[] cpuPart(long now, long tid, long[] switches, Task t, byte[] buffer, int n) {
    long cpu = -1;
    long runDelay = -1;
    if (n > 0) { // schedstat: CPU time, time runnable waiting for a CPU, time slices
      cpu = number(buffer, n, 0);
      int space = 0;
      while (space < n && buffer[space] != ' ') {
        space++;
      }
      runDelay = number(buffer, n, space);
    } else {
      n = t.stat(buffer);
      int close = n;
      while (close > 0 && buffer[close - 1] != ')') {
        close--;
      }
      if (close > 0) {
        // after ") ": state, then 10 fields, then utime and stime
        int at = close + 1;
        for (int field = 0; field < 11 && at < n; at++) {
          if (buffer[at] == ' ') {
            field++;
          }
        }
        long utime = number(buffer, n, at);
        while (at < n && buffer[at] != ' ') {
          at++;
        }
        long stime = number(buffer, n, at);
        cpu = utime < 0 || stime < 0 ? -1 : (utime + stime) * NS_PER_TICK;
      }
    }
    if (cpu < 0) {
      return null; // the thread is gone
    }
    return new long[] {now, tid, cpu, switches[0], switches[1], runDelay};
  }

  /** Where the first {@code key} ends in the first {@code n} bytes, or -1. */
  private static int indexOf(byte[] b, int n, String key) {
    for (int i = 0; i + key.length() <= n; i++) {
      if (startsWith(b, i, key)) {
        return i + key.length();
      }
    }
    return -1;
  }

  /**
   * Where the last {@code key} ends in the first {@code n} bytes, or -1. The context switches are
   * the last lines of {@code status}: searched from the end, they are found after a few dozen bytes
   * rather than a kilobyte and a half (which mattered while this code ran interpreted, in the first
   * second of a profile).
   */
  private static int lastIndexOf(byte[] b, int n, String key) {
    for (int i = n - key.length(); i >= 0; i--) {
      if (startsWith(b, i, key)) {
        return i + key.length();
      }
    }
    return -1;
  }

  private static boolean startsWith(byte[] b, int at, String key) {
    for (int k = 0; k < key.length(); k++) {
      if (b[at + k] != key.charAt(k)) {
        return false;
      }
    }
    return true;
  }

  /** The decimal number after optional blanks at {@code at}, or -1. */
  private static long number(byte[] b, int n, int at) {
    if (at < 0) {
      return -1;
    }
    while (at < n && (b[at] == ' ' || b[at] == '\t')) {
      at++;
    }
    long v = 0;
    int digits = 0;
    while (at < n && b[at] >= '0' && b[at] <= '9') {
      v = v * 10 + (b[at++] - '0');
      digits++;
    }
    return digits == 0 ? -1 : v;
  }

  /**
   * The CPU time the sampling itself took (this process's thread, not the child's), known once
   * closed; -1 before, or when nothing was sampled.
   */
  public long cpuNs() {
    return ownCpuNs;
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
    List<long[]> copy;
    List<long[]> machineCopy;
    synchronized (rows) {
      copy = new ArrayList<>(rows);
      machineCopy = new ArrayList<>(machine);
    }
    if (!machineCopy.isEmpty()) {
      try (Writer w = Files.newBufferedWriter(dir.resolve(LayerFiles.MACHINE))) {
        w.write("timeNs,procsRunning,stealTicks,totalTicks\n");
        for (long[] r : machineCopy) {
          w.write(r[0] + "," + r[1] + "," + r[2] + "," + r[3] + "\n");
        }
      }
    }
    if (copy.isEmpty()) {
      return;
    }
    try (Writer w = Files.newBufferedWriter(dir.resolve(LayerFiles.THREADS))) {
      w.write("timeNs,tid,name,cpuNs,voluntarySwitches,involuntarySwitches,runDelayNs\n");
      for (long[] r : copy) {
        w.write(
            r[0]
                + ","
                + r[1]
                + ","
                + names.getOrDefault(r[1], "")
                + ","
                + r[2]
                + ","
                + r[3]
                + ","
                + r[4]
                + ","
                + r[5]
                + "\n");
      }
    }
  }
}
