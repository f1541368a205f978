package dev.forkscope.agent.boot;

import dev.forkscope.agent.contract.TraceFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The background daemon thread that drains every chunk into {@code trace.bin} (format in {@link
 * TraceFormat}) and keeps {@code meta.json} up to date.
 *
 * <p>Implementation note: each pass writes the new class, thread and site table entries, then scans
 * the whole chunk pool: for a chunk in use it encodes the words published since the last pass; a
 * chunk handed back (or whose owner thread died) is encoded to its end and returned to the free
 * list. Every pass ends with a flush to the operating system, so a JVM killed with SIGKILL leaves a
 * trace up to the last pass. The writer sleeps {@link #BUSY_PARK_NS} after a pass that found
 * records and {@link #IDLE_PARK_NS} after one that found nothing. Closing (shutdown hook) waits up
 * to {@link #EXIT_GRACE_NS} for running threads to leave their recorded executions (see {@link
 * ThreadState#isFinishingExecutions}), runs one last pass and rewrites the meta data with the end
 * time. Executions still running then are not in the trace: they have no end.
 *
 * <p>A recording in a running JVM ends with {@link #stop} instead (or with the close hook, when the
 * JVM exits first): the hooks are already silent ({@link Recorder#session} is 0), so it waits
 * {@link #STOP_GRACE_NS} for hook calls already under way to finish, then stops the threads, runs
 * the last pass, and counts the recorded executions still open on every thread: those were running
 * when the recording stopped and will never be written (their exits, if they come, find the
 * recording over), and meta.json gives their number as {@code partialExecutions} with the window
 * ({@code windowStartNs}, {@code windowEndNs}). A thread preempted inside a hook call for longer
 * than the grace may publish a record after the last pass (lost) or count as partial an execution
 * it has just written; the count is exact otherwise. The chunks' words are dropped last, so that a
 * thread's state left behind in its {@code ThreadLocal} holds no buffer.
 */
final class TraceWriter implements Runnable {
  /**
   * An upper bound of one encoded EXEC, CREATE, SUBMIT or JOIN record: a tag and at most ten
   * varints.
   */
  private static final int MAX_RECORD_BYTES = 1 + 10 * 10;

  private static final long IDLE_PARK_NS = TimeUnit.MILLISECONDS.toNanos(10);

  /**
   * Pause after a pass that found records: draining in batches rather than in a busy loop keeps the
   * writer from taking a whole core (and a write system call per pass) from the program.
   */
  private static final long BUSY_PARK_NS = TimeUnit.MILLISECONDS.toNanos(5);

  private static final long META_EVERY_NS = TimeUnit.SECONDS.toNanos(1);

  /**
   * The recorder's cost per task is measured at exit (when its code is compiled and the program no
   * longer competes for the CPU), and only for traces with this many executions: it serves the
   * verdict "too fine", which needs many tasks anyway.
   */
  private static final long CALIBRATE_FROM = 1_000;

  /**
   * How long the shutdown hook waits for running threads to finish their recorded executions: long
   * enough for a worker preempted between completing its task and recording it to be scheduled
   * again, short enough not to matter when a program exits in the middle of long tasks.
   */
  private static final long EXIT_GRACE_NS = TimeUnit.MILLISECONDS.toNanos(100);

  /** How long a stop waits for hook calls that read the recording's number before it ended. */
  private static final long STOP_GRACE_NS = TimeUnit.MILLISECONDS.toNanos(10);

  private final Path dir;
  private final ChunkPool pool;
  private final String cpuMode;
  private final boolean contexts;
  private final Map<String, String> settings;
  private final Sampling sampling;
  private final long baseNs = System.nanoTime();

  /** Figures of the attachment for meta.json, or null for a recording from start-up. */
  private final Map<String, Long> attach;

  private final long waitPeriodNs;
  private volatile long windowStartNs = -1;
  private long windowEndNs = -1;
  private long partialExecutions = -1;
  private CloseHook closeHook;
  private final OutputStream out;

  /** Encoded bytes not yet written; records are encoded here without any per-call locking. */
  private final byte[] buf = new byte[1 << 16];

  /** The fields of the record being encoded (see {@link #writeRecord}). */
  private final long[] fields = new long[8];

  private int pos;
  private volatile boolean closing;
  private volatile long overheadPerTaskNs = -1;
  private volatile long clockStepNs = -1;
  private long executionsWritten;

  /**
   * Every recording thread seen in the thread table and alive at the last prune; guarded by this.
   */
  private final List<ThreadState> recorders = new ArrayList<>();

  private long lastOwner = -1;

  /**
   * Delta bases of the current owner's records: the last time and execution seq written since
   * OWNER.
   */
  private long prevTime;

  private long prevSeq;
  private Thread thread;

  /** The running writer's thread, for {@link #wake}. */
  private static volatile Thread active;

  private boolean failed;

  /** The JVM layer's sampler, or null when off. */
  private WaitSampler waits;

  private TraceWriter(
      Path dir,
      ChunkPool pool,
      String cpuMode,
      boolean contexts,
      Sampling sampling,
      long waitPeriodNs,
      Map<String, String> settings,
      Map<String, Long> attach)
      throws IOException {
    this.dir = dir;
    this.attach = attach;
    this.waitPeriodNs = waitPeriodNs;
    this.sampling = sampling;
    this.pool = pool;
    this.cpuMode = cpuMode;
    this.contexts = contexts;
    this.settings = settings;
    this.out = Files.newOutputStream(dir.resolve("trace.bin"));
    out.write(TraceFormat.MAGIC.getBytes(StandardCharsets.US_ASCII));
    varlong(baseNs);
    flush();
    writeMeta(-1);
  }

  /** Opens the trace files; {@link #begin} starts the writing. */
  static TraceWriter open(
      Path dir,
      ChunkPool pool,
      String cpuMode,
      boolean contexts,
      boolean sampling,
      long waitPeriodNs,
      Map<String, String> settings,
      Map<String, Long> attach)
      throws IOException {
    return new TraceWriter(
        dir, pool, cpuMode, contexts, new Sampling(sampling), waitPeriodNs, settings, attach);
  }

  /**
   * Starts the wait sampler, the writer thread and the shutdown hook, right after the recording's
   * number was published. {@code windowStart} is read after the publication, so that every
   * execution starting later is recorded; the executions that started between the two (a hook that
   * saw the new number while the recording thread had not yet read the clock, which a preemption
   * can make last milliseconds) are left out of the trace, as those still open at the end are: no
   * execution in the trace starts before its window. Their nested executions keep them as parents,
   * whom the reader does not find, as it does not find an open one.
   */
  void begin(long windowStart) {
    windowStartNs = windowStart;
    if (waitPeriodNs > 0) {
      waits = WaitSampler.start(dir, waitPeriodNs);
    }
    writeMeta(-1);
    thread = new Thread(this, "forkscope-trace-writer");
    thread.setDaemon(true);
    active = thread;
    thread.start();
    closeHook = new CloseHook(this);
    Runtime.getRuntime().addShutdownHook(closeHook);
  }

  Path dir() {
    return dir;
  }

  /**
   * Ends a recording in a running JVM whose hooks have just been silenced (see the class comment);
   * a no-op when the JVM's exit closed the trace first.
   */
  void stop() {
    // read right after the hooks were silenced: no recorded execution ends later
    long end = System.nanoTime();
    try {
      Runtime.getRuntime().removeShutdownHook(closeHook);
    } catch (IllegalStateException exiting) {
      return; // the close hook runs, or has run, and closes the trace
    }
    LockSupport.parkNanos(STOP_GRACE_NS);
    finish(end, false);
    for (Chunk c : pool.chunks) {
      c.words = null;
    }
  }

  /** Asks the writer for a pass now: a task class has just finished its warm-up. */
  static void wake() {
    Thread t = active;
    if (t != null) {
      LockSupport.unpark(t);
    }
  }

  /** The shutdown hook; a class rather than a method reference (see {@link Recorder}). */
  private static final class CloseHook extends Thread {
    private final TraceWriter writer;

    CloseHook(TraceWriter writer) {
      super("forkscope-trace-close");
      this.writer = writer;
    }

    @Override
    public void run() {
      writer.close();
    }
  }

  @Override
  public void run() {
    long lastMeta = System.nanoTime();
    while (!closing) {
      boolean busy = pass();
      long now = System.nanoTime();
      if (now - lastMeta >= META_EVERY_NS) {
        lastMeta = now;
        writeMeta(-1);
        pruneRecorders();
      }
      LockSupport.parkNanos(busy ? BUSY_PARK_NS : IDLE_PARK_NS);
    }
  }

  /** Closes the trace at the JVM's exit. */
  private void close() {
    finish(-1, true);
  }

  /**
   * Stops the threads, writes what is left and the meta data's end.
   *
   * @param windowEnd when the recording in a running JVM stopped, or -1 at the JVM's exit
   * @param atExit whether the JVM is exiting (running executions are given time to finish)
   */
  private void finish(long windowEnd, boolean atExit) {
    closing = true;
    LockSupport.unpark(thread);
    try {
      thread.join(TimeUnit.SECONDS.toMillis(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (atExit) {
      awaitFinishingExecutions();
    }
    if (waits != null) {
      waits.close();
    }
    synchronized (this) {
      pass();
      writeCounts();
      long end = System.nanoTime();
      windowEndNs = windowEnd >= 0 ? windowEnd : end;
      partialExecutions = 0;
      for (ThreadState s : recorders) {
        partialExecutions += s.openExecutions();
      }
      if (executionsWritten >= CALIBRATE_FROM) {
        overheadPerTaskNs = Calibration.perTaskNs();
      }
      clockStepNs = Calibration.clockStepNs();
      try {
        out.close();
      } catch (IOException e) {
        fail(e);
      }
      writeMeta(end);
    }
  }

  private void awaitFinishingExecutions() {
    List<ThreadState> waitFor;
    synchronized (this) {
      pass(); // registers the threads that started recording since the writer's last pass
      waitFor = new ArrayList<>(recorders);
    }
    long deadline = System.nanoTime() + EXIT_GRACE_NS;
    for (ThreadState s : waitFor) {
      while (s.thread != Thread.currentThread()
          && s.isFinishingExecutions()
          && System.nanoTime() < deadline) {
        LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(200));
      }
    }
  }

  private synchronized void pruneRecorders() {
    for (Iterator<ThreadState> it = recorders.iterator(); it.hasNext(); ) {
      ThreadState s = it.next();
      if (!s.thread.isAlive()) { // no lambda: see Recorder
        sampling.fold(s);
        it.remove();
      }
    }
  }

  /** One drain of everything published so far; true when it found records. */
  private synchronized boolean pass() {
    if (failed) {
      return false;
    }
    boolean found = false;
    try {
      found = writeTables();
      for (Chunk c : pool.chunks) {
        int state = c.state;
        if (state == Chunk.FREE) {
          continue;
        }
        boolean finished = state == Chunk.HANDED_BACK || !c.ownerThread.isAlive();
        int n = c.countAcquire();
        if (n > c.drained) {
          found = true;
          encode(c, n);
        }
        if (finished && c.state == state) {
          int last = c.countAcquire();
          if (last > c.drained) {
            encode(c, last);
          }
          c.drained = 0;
          c.ownerThread = null;
          pool.push(c);
        }
      }
      flush();
    } catch (IOException e) {
      fail(e);
    }
    sampling.adjust();
    return found;
  }

  private boolean writeTables() throws IOException {
    boolean found = false;
    for (TaskClass tc; (tc = TaskClass.UNWRITTEN.poll()) != null; found = true) {
      put(TraceFormat.T_CLASS);
      varlong(tc.id);
      string(tc.name);
      sampling.register(tc);
    }
    for (ThreadState s; (s = ThreadState.UNWRITTEN.poll()) != null; found = true) {
      put(TraceFormat.T_THREAD);
      varlong(s.id);
      @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+
      long tid = s.thread.getId();
      varlong(tid);
      string(s.thread.getName());
      put(s.virtual ? 1 : 0);
      recorders.add(s);
    }
    for (Object[] site; (site = Sites.UNWRITTEN.poll()) != null; found = true) {
      put(TraceFormat.T_SITE);
      varlong((Integer) site[0]);
      List<?> frames = (List<?>) site[1];
      varlong(frames.size());
      for (Object f : frames) {
        string((String) f);
      }
    }
    return found;
  }

  /** The CREATED records, and the COUNTS records of the sampled classes. */
  private void writeCounts() {
    try {
      for (TaskClass tc : TaskClass.ALL) {
        long[] counts = sampling.counts(tc, recorders);
        if (tc.countsCreations() && counts[1] > 0) {
          put(TraceFormat.T_CREATED);
          varlong(tc.id);
          varlong(counts[1]);
        }
        if (tc.sampleShift > 0) {
          put(TraceFormat.T_COUNTS);
          varlong(tc.id);
          varlong(counts[0]);
          varlong(tc.countsCreations() ? 0 : counts[1]);
          varlong(1L << tc.sampleShift);
        }
      }
      flush();
    } catch (IOException e) {
      fail(e);
    }
  }

  private void encode(Chunk c, int end) throws IOException {
    if (c.ownerId != lastOwner) {
      lastOwner = c.ownerId;
      put(TraceFormat.T_OWNER);
      varlong(c.ownerId);
      prevTime = baseNs;
      prevSeq = 0;
    }
    long[] w = c.words;
    byte[] b = buf;
    long[] f = fields;
    long windowStart = windowStartNs;
    int i = c.drained;
    while (i < end) {
      if (pos > b.length - MAX_RECORD_BYTES) {
        flush();
      }
      long head = w[i];
      long flags = (head >>> 8) & 0xffffff;
      int tag;
      int n;
      int keys; // bit k: field k is a key (see key)
      switch ((int) (head & 0xff)) {
        case RecordLayout.EXEC:
          {
            long seq = w[i + 2];
            long start = w[i + 3];
            long stop = w[i + 4];
            if (start < windowStart) { // see begin
              i += RecordLayout.EXEC_WORDS;
              continue;
            }
            tag = TraceFormat.T_EXEC;
            f[0] = flags;
            f[1] = w[i + 1];
            f[2] = TraceFormat.zigzag(seq - prevSeq);
            f[3] = head >>> 32;
            f[4] = TraceFormat.zigzag(stop - prevTime);
            f[5] = TraceFormat.zigzag(stop - start);
            f[6] = TraceFormat.zigzag(stop - start - w[i + 5]);
            f[7] = TraceFormat.zigzag(w[i + 6]);
            n = 8;
            keys = 1 << 1;
            prevSeq = seq;
            prevTime = stop;
            executionsWritten++;
            sampling.executed(
                (int) (w[i + 1] >>> 32), TraceFormat.periodLog((int) flags), w[i + 5]);
            i += RecordLayout.EXEC_WORDS;
            break;
          }
        case RecordLayout.CREATE:
          tag = TraceFormat.T_CREATE;
          f[0] = w[i + 1];
          f[1] = TraceFormat.zigzag(w[i + 2] - prevTime);
          f[2] = TraceFormat.zigzag(RecordLayout.site(head));
          n = 3;
          keys = 1;
          prevTime = w[i + 2];
          i += RecordLayout.CREATE_WORDS;
          break;
        case RecordLayout.SUBMIT:
          tag = TraceFormat.T_SUBMIT;
          f[0] = flags;
          f[1] = w[i + 1];
          f[2] = TraceFormat.zigzag(w[i + 2] - prevTime);
          f[3] = w[i + 3];
          f[4] = TraceFormat.zigzag(RecordLayout.site(head));
          n = 5;
          keys = (1 << 1) | (1 << 3);
          prevTime = w[i + 2];
          i += RecordLayout.SUBMIT_WORDS;
          break;
        case RecordLayout.JOIN:
          tag = TraceFormat.T_JOIN;
          f[0] = w[i + 1];
          f[1] = TraceFormat.zigzag(w[i + 2] - prevTime);
          n = 2;
          keys = 1;
          prevTime = w[i + 2];
          i += RecordLayout.JOIN_WORDS;
          break;
        case RecordLayout.WAIT:
          tag = TraceFormat.T_WAIT;
          f[0] = TraceFormat.zigzag(w[i + 1] - prevTime);
          f[1] = TraceFormat.zigzag(w[i + 2] - w[i + 1]);
          n = 2;
          keys = 0;
          prevTime = w[i + 2];
          i += RecordLayout.WAIT_WORDS;
          break;
        case RecordLayout.BLOCK:
          tag = TraceFormat.T_BLOCK;
          f[0] = flags;
          f[1] = TraceFormat.zigzag(w[i + 1] - prevTime);
          f[2] = TraceFormat.zigzag(w[i + 2] - w[i + 1]);
          f[3] = TraceFormat.zigzag(RecordLayout.site(head));
          n = 4;
          keys = 0;
          prevTime = w[i + 2];
          i += RecordLayout.BLOCK_WORDS;
          break;
        default:
          throw new IllegalStateException("corrupt record buffer at word " + i);
      }
      pos = writeRecord(b, pos, tag, f, n, keys);
    }
    c.drained = end;
  }

  /**
   * Writes one record at {@code p} (the caller made room): its tag, then {@code n} fields, each a
   * varint except a key (bit k of {@code keys}), which is its class id as a varint and then its
   * identity hash code as 4 bytes, little-endian (see TraceFormat). One loop for every field of
   * every record: inlined into {@link #encode} once, where a varint per field would put twenty
   * copies of the loop there and make the JIT's compilation of the writer cost more CPU than the
   * writing (it did: half a second of C2 on a trace of four million tasks).
   */
  private static int writeRecord(byte[] b, int p, int tag, long[] f, int n, int keys) {
    b[p++] = (byte) tag;
    for (int k = 0; k < n; k++) {
      long v = f[k];
      boolean key = (keys & (1 << k)) != 0;
      p = varlong(b, p, key ? v >>> 32 : v);
      if (key) {
        int hash = (int) v;
        b[p] = (byte) hash;
        b[p + 1] = (byte) (hash >>> 8);
        b[p + 2] = (byte) (hash >>> 16);
        b[p + 3] = (byte) (hash >>> 24);
        p += 4;
      }
    }
    return p;
  }

  /**
   * Writes {@code v} as a varint at {@code p} (the caller made room) and returns the position after
   * it.
   */
  private static int varlong(byte[] b, int p, long v) {
    while ((v & ~0x7fL) != 0) {
      b[p++] = (byte) ((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    b[p++] = (byte) v;
    return p;
  }

  private void put(int b) throws IOException {
    if (pos == buf.length) {
      flush();
    }
    buf[pos++] = (byte) b;
  }

  private void varlong(long v) throws IOException {
    if (pos > buf.length - 10) {
      flush();
    }
    pos = varlong(buf, pos, v);
  }

  private void string(String s) throws IOException {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    varlong(b.length);
    flush();
    out.write(b);
  }

  /** Hands the encoded bytes to the operating system (so they survive a killed JVM). */
  private void flush() throws IOException {
    out.write(buf, 0, pos);
    pos = 0;
  }

  private void fail(IOException e) {
    if (!failed) {
      failed = true;
      Recorder.warn("writing the trace failed, recording stopped: " + e);
    }
  }

  /** Writes meta.json through a temporary file and an atomic move. */
  private synchronized void writeMeta(long endNs) {
    StringBuilder b = new StringBuilder(512).append("{\n");
    field(b, "format", "1").append(",\n");
    field(b, "jdk", quote(System.getProperty("java.version"))).append(",\n");
    field(b, "cpus", Integer.toString(Runtime.getRuntime().availableProcessors())).append(",\n");
    field(b, "cpuMode", quote(cpuMode)).append(",\n");
    field(b, "cpuSampleEvery", Integer.toString(ThreadState.CPU_SAMPLE_EVERY)).append(",\n");
    field(b, "contexts", Boolean.toString(contexts)).append(",\n");
    field(b, "sampling", quote(sampling.enabled() ? "on" : "off")).append(",\n");
    field(b, "startNs", Long.toString(baseNs)).append(",\n");
    field(b, "endNs", Long.toString(endNs)).append(",\n");
    field(b, "overheadPerTaskNs", Long.toString(overheadPerTaskNs)).append(",\n");
    field(b, "clockStepNs", Long.toString(clockStepNs)).append(",\n");
    field(b, "dropped", Long.toString(Recorder.DROPPED.sum())).append(",\n");
    if (attach != null) {
      field(b, "windowStartNs", Long.toString(windowStartNs)).append(",\n");
      field(b, "windowEndNs", Long.toString(endNs < 0 ? -1 : windowEndNs)).append(",\n");
      field(b, "partialExecutions", Long.toString(endNs < 0 ? -1 : partialExecutions))
          .append(",\n");
      for (Map.Entry<String, Long> e : attach.entrySet()) {
        field(b, e.getKey(), Long.toString(e.getValue())).append(",\n");
      }
    }
    b.append("  \"settings\": {");
    String sep = "";
    for (Map.Entry<String, String> e : settings.entrySet()) {
      b.append(sep).append(quote(e.getKey())).append(": ").append(quote(e.getValue()));
      sep = ", ";
    }
    b.append("}\n}\n");
    try {
      Path tmp = dir.resolve("meta.json.tmp");
      Files.writeString(tmp, b);
      Files.move(
          tmp,
          dir.resolve("meta.json"),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      fail(e);
    }
  }

  private static StringBuilder field(StringBuilder b, String name, String json) {
    return b.append("  \"").append(name).append("\": ").append(json);
  }

  private static String quote(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (char ch : s.toCharArray()) {
      if (ch == '"' || ch == '\\') {
        b.append('\\').append(ch);
      } else if (ch < 0x20) {
        b.append(String.format("\\u%04x", (int) ch));
      } else {
        b.append(ch);
      }
    }
    return b.append('"').toString();
  }
}
