package dev.forkscope.profile.trace;

import dev.forkscope.agent.contract.TraceFormat;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The raw content of {@code trace.bin}, decoded into a column per field of each type of record, but
 * not yet linked.
 *
 * <p>The format is the contract's {@link TraceFormat} (written by the agent's {@code
 * dev.forkscope.agent.boot.TraceWriter}; docs/trace-format.md): the 8 bytes {@link
 * TraceFormat#MAGIC} (or {@link TraceFormat#MAGIC_UNBLOCKED}, the same without BLOCK records, or
 * {@link TraceFormat#MAGIC_UNSAMPLED}, also without sampling), a varlong base time, then tagged
 * records. This class holds each record's fields as absolute values: times and seqs undone from
 * their deltas, an EXEC record's start derived from its end and inclusive time, its {@code
 * parentSeq} from its distance. A record cut short by the end of the file (a JVM killed while
 * writing) ends the trace, and {@link #complete} says so.
 */
final class TraceFile {
  private static final byte[] MAGIC = TraceFormat.MAGIC.getBytes(StandardCharsets.US_ASCII);

  private static final byte[] MAGIC_UNSAMPLED =
      TraceFormat.MAGIC_UNSAMPLED.getBytes(StandardCharsets.US_ASCII);

  private static final byte[] MAGIC_UNBLOCKED =
      TraceFormat.MAGIC_UNBLOCKED.getBytes(StandardCharsets.US_ASCII);

  record ThreadInfo(long threadId, String name, boolean virtual) {}

  /** A sampled class's COUNTS record. */
  record Counts(long unrecordedExecutions, long unrecordedCreations, long period) {}

  /**
   * EXEC records, a column per field ({@code recorder} is an index into {@link #recorderIds});
   * {@code start} is derived (end minus inclusive wall time), {@code parentSeq} 0 when none.
   */
  static final class Execs extends Columns.Records {
    final Columns.Packed recorder = column();
    final Columns.Packed flags = column();
    final Columns.Packed key = column();
    final Columns.Packed seq = column();
    final Columns.Packed parentSeq = column();
    final Columns.Packed start = column();
    final Columns.Packed end = column();
    final Columns.Packed selfWall = column();
    final Columns.Packed selfCpu = column();
  }

  /** CREATE records. */
  static final class Creates extends Columns.Records {
    final Columns.Packed recorder = column();
    final Columns.Packed key = column();
    final Columns.Packed time = column();
    final Columns.Packed site = column();
  }

  /** SUBMIT records. */
  static final class Submits extends Columns.Records {
    final Columns.Packed recorder = column();
    final Columns.Packed flags = column();
    final Columns.Packed key = column();
    final Columns.Packed time = column();
    final Columns.Packed executorKey = column();
    final Columns.Packed site = column();
  }

  /** JOIN records. */
  static final class Joins extends Columns.Records {
    final Columns.Packed recorder = column();
    final Columns.Packed key = column();
    final Columns.Packed time = column();
  }

  /** WAIT records. */
  static final class Waits extends Columns.Records {
    final Columns.Packed recorder = column();
    final Columns.Packed start = column();
    final Columns.Packed end = column();
  }

  /** BLOCK records: a thread blocked inside an execution (exact, not sampled). */
  static final class Blocks extends Columns.Records {
    final Columns.Packed recorder = column();
    final Columns.Packed kind = column();
    final Columns.Packed start = column();
    final Columns.Packed end = column();
    final Columns.Packed site = column();
  }

  final Map<Integer, String> classes = new HashMap<>();

  /** Per recorder id, its thread. */
  final Map<Long, ThreadInfo> threads = new HashMap<>();

  final Map<Integer, List<String>> sites = new HashMap<>();

  /** The recorder ids in the order of their first OWNER record: the records' recorder indices. */
  final Columns.Packed recorderIds = new Columns.Packed(16);

  final Execs execs = new Execs();
  final Creates creates = new Creates();
  final Submits submits = new Submits();
  final Joins joins = new Joins();
  final Waits waits = new Waits();
  final Blocks blocks = new Blocks();

  /** Whether the agent recorded blocks (FSTRACE7 on): a trace without BLOCK records had none. */
  boolean blocksRecorded;

  /**
   * Creations counted per class id (fork/join tasks); absent when the JVM died before writing them.
   */
  final Map<Integer, Long> createdCounts = new HashMap<>();

  /** Per sampled class id, what its records leave out; empty for an FSTRACE5 file. */
  final Map<Integer, Counts> counts = new HashMap<>();

  /** False when the file ended inside a record. */
  boolean complete = true;

  private final InputStream in;

  /** The bytes read ahead of the decoder: {@code buffer[position .. limit - 1]}. */
  private final byte[] buffer = new byte[1 << 16];

  private int position;
  private int limit;
  private final Map<Long, Integer> recorderIndex = new HashMap<>();
  private long base;

  /** Delta bases, reset by every OWNER record. */
  private long prevTime;

  private long prevSeq;

  private TraceFile(InputStream in) {
    this.in = in;
  }

  static TraceFile read(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      TraceFile t = new TraceFile(in);
      t.readAll(file);
      t.execs.trim();
      t.creates.trim();
      t.submits.trim();
      t.joins.trim();
      t.waits.trim();
      t.blocks.trim();
      return t;
    }
  }

  static long key(long classId, long hash) {
    return (classId << 32) | hash;
  }

  /** The thread of a recorder index, or null when the trace has no THREAD record for it. */
  ThreadInfo thread(int recorder) {
    return recorder < 0 ? null : threads.get(recorderIds.get(recorder));
  }

  static int classOf(long key) {
    return (int) (key >>> 32);
  }

  private void readAll(Path file) throws IOException {
    byte[] magic = bytes(MAGIC.length);
    blocksRecorded = Arrays.equals(magic, MAGIC);
    if (!blocksRecorded
        && !Arrays.equals(magic, MAGIC_UNBLOCKED)
        && !Arrays.equals(magic, MAGIC_UNSAMPLED)) {
      boolean otherVersion =
          magic.length == MAGIC.length
              && Arrays.equals(magic, 0, MAGIC.length - 1, MAGIC, 0, MAGIC.length - 1);
      throw new IOException(
          file
              + (otherVersion
                  ? " was written by another version of the forkscope agent: profile the program again"
                  : " is not a forkscope trace (bad header)"));
    }
    int recorder = -1;
    try {
      base = varlong();
      for (int tag; (tag = read()) >= 0; ) {
        switch (tag) {
          case TraceFormat.T_CLASS -> classes.put((int) varlong(), string());
          case TraceFormat.T_THREAD ->
              threads.put(varlong(), new ThreadInfo(varlong(), string(), read() == 1));
          case TraceFormat.T_SITE -> {
            int id = (int) varlong();
            int n = (int) varlong();
            List<String> frames = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
              frames.add(string());
            }
            sites.put(id, List.copyOf(frames));
          }
          case TraceFormat.T_OWNER -> {
            long id = varlong();
            recorder =
                recorderIndex.computeIfAbsent(
                    id,
                    r -> {
                      recorderIds.add(r);
                      return recorderIds.size() - 1;
                    });
            prevTime = base;
            prevSeq = 0;
          }
          case TraceFormat.T_EXEC -> {
            int flags = (int) varlong();
            long key = taskKey();
            long seq = prevSeq + zigzag();
            long parentDistance = varlong();
            long end = time();
            long inclusive = zigzag();
            long selfWall = inclusive - zigzag();
            long selfCpu = zigzag();
            prevSeq = seq;
            execs.recorder.add(recorder);
            execs.flags.add(flags);
            execs.key.add(key);
            execs.seq.add(seq);
            execs.parentSeq.add(parentDistance == 0 ? 0 : seq - parentDistance);
            execs.start.add(end - inclusive);
            execs.end.add(end);
            execs.selfWall.add(selfWall);
            execs.selfCpu.add(selfCpu);
          }
          case TraceFormat.T_CREATE -> {
            long key = taskKey();
            long time = time();
            int site = (int) zigzag();
            creates.recorder.add(recorder);
            creates.key.add(key);
            creates.time.add(time);
            creates.site.add(site);
          }
          case TraceFormat.T_SUBMIT -> {
            int flags = (int) varlong();
            long key = taskKey();
            long time = time();
            long executorKey = taskKey();
            int site = (int) zigzag();
            submits.recorder.add(recorder);
            submits.flags.add(flags);
            submits.key.add(key);
            submits.time.add(time);
            submits.executorKey.add(executorKey);
            submits.site.add(site);
          }
          case TraceFormat.T_CREATED -> {
            int classId = (int) varlong();
            createdCounts.merge(classId, varlong(), Long::sum);
          }
          case TraceFormat.T_JOIN -> {
            long key = taskKey();
            long time = time();
            joins.recorder.add(recorder);
            joins.key.add(key);
            joins.time.add(time);
          }
          case TraceFormat.T_WAIT -> {
            long start = time();
            prevTime = start + zigzag();
            waits.recorder.add(recorder);
            waits.start.add(start);
            waits.end.add(prevTime);
          }
          case TraceFormat.T_BLOCK -> {
            int kind = (int) varlong();
            long start = time();
            prevTime = start + zigzag();
            blocks.recorder.add(recorder);
            blocks.kind.add(kind);
            blocks.start.add(start);
            blocks.end.add(prevTime);
            blocks.site.add((int) zigzag());
          }
          case TraceFormat.T_COUNTS -> {
            int classId = (int) varlong();
            counts.put(classId, new Counts(varlong(), varlong(), varlong()));
          }
          default -> throw new IOException(file + " is corrupt: unknown record tag " + tag);
        }
      }
    } catch (EOFException truncated) {
      complete = false;
    }
  }

  /** The next delta-encoded time, which becomes the base of the next one. */
  private long time() throws IOException {
    prevTime += zigzag();
    return prevTime;
  }

  /** A class id (varint) and an identity hash code (4 bytes, little-endian). */
  private long taskKey() throws IOException {
    long classId = varlong();
    long hash = 0;
    for (int shift = 0; shift < 32; shift += 8) {
      int b = read();
      if (b < 0) {
        throw new EOFException();
      }
      hash |= (long) b << shift;
    }
    return key(classId, hash);
  }

  private long zigzag() throws IOException {
    return TraceFormat.unzigzag(varlong());
  }

  private long varlong() throws IOException {
    long v = 0;
    for (int shift = 0; shift < 70; shift += 7) {
      int b = read();
      if (b < 0) {
        throw new EOFException();
      }
      v |= (long) (b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        return v;
      }
    }
    throw new IOException("corrupt varint in trace");
  }

  /**
   * True when a byte is left to read, reading ahead if needed. The decoder keeps its own buffer: a
   * {@code BufferedInputStream} takes a lock on every byte, which was a third of the time spent
   * reading a trace.
   */
  private boolean fill() throws IOException {
    if (position < limit) {
      return true;
    }
    limit = Math.max(0, in.read(buffer));
    position = 0;
    return limit > 0;
  }

  /** The next byte, or -1 at the end of the file. */
  private int read() throws IOException {
    return fill() ? buffer[position++] & 0xff : -1;
  }

  /**
   * The next {@code n} bytes, fewer at the end of the file; memory grows with the bytes read, not
   * with {@code n} (a corrupt length must not exhaust the heap).
   */
  private byte[] bytes(int n) throws IOException {
    byte[] out = new byte[Math.min(n, buffer.length)];
    int filled = 0;
    while (filled < n && fill()) {
      if (filled == out.length) {
        out = Arrays.copyOf(out, (int) Math.min(n, 2L * out.length));
      }
      int chunk = Math.min(out.length - filled, limit - position);
      System.arraycopy(buffer, position, out, filled, chunk);
      position += chunk;
      filled += chunk;
    }
    return filled == out.length ? out : Arrays.copyOf(out, filled);
  }

  private String string() throws IOException {
    long length = varlong();
    if (length < 0 || length > Integer.MAX_VALUE) {
      throw new IOException("corrupt string length in trace");
    }
    int n = (int) length;
    byte[] b = bytes(n);
    if (b.length < n) {
      throw new EOFException();
    }
    return new String(b, StandardCharsets.UTF_8);
  }
}
