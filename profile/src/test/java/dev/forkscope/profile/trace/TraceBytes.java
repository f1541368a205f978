package dev.forkscope.profile.trace;

import dev.forkscope.agent.contract.TraceFormat;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes {@code trace.bin} records the way the agent's {@code TraceWriter} does (FSTRACE5 and
 * FSTRACE6, see {@link TraceFormat}), for tests and the scale benchmark: the record methods take
 * absolute times and seqs and do the per-owner delta encoding; the primitives write raw bytes for
 * tests that build a record byte by byte.
 */
public final class TraceBytes implements AutoCloseable {
  /**
   * EXEC flags and kinds, spelled out again so that a test sees a change of {@link TraceFormat}.
   */
  public static final int EXEC = 2;

  public static final int HELPED = 4;
  public static final int DONE = 1 << 12;
  public static final int FORK_JOIN = 4 << 8;
  public static final int RUNNABLE = 1 << 8;
  public static final int FORKED = 64;
  public static final int TIMED = 128;

  private final OutputStream out;
  private final long base;
  private long prevTime;
  private long prevSeq;

  /** Starts a file with {@code magic} and the base time {@code base} on {@code out}. */
  public TraceBytes(OutputStream out, String magic, long base) {
    this.out = out;
    this.base = base;
    raw(magic.getBytes(StandardCharsets.US_ASCII));
    varint(base);
  }

  /**
   * Writes the trace directory {@code dir}: {@code meta.json} and, through the callback, records.
   */
  public static void writeTrace(Path dir, String magic, long base, Body body) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(
        dir.resolve("meta.json"),
        "{\"format\": 1, \"cpus\": 2, \"cpuMode\": \"off\", \"startNs\": "
            + base
            + ", \"endNs\": -1, \"overheadPerTaskNs\": 100}");
    try (TraceBytes t =
        new TraceBytes(
            new BufferedOutputStream(Files.newOutputStream(dir.resolve("trace.bin")), 1 << 16),
            magic,
            base)) {
      body.write(t);
    }
  }

  /** The records of a trace. */
  public interface Body {
    void write(TraceBytes t) throws IOException;
  }

  /** The sampling period field of EXEC flags: an execution recorded at 1 in {@code 2^log2}. */
  public static int period(int log2) {
    return log2 << TraceFormat.PERIOD_SHIFT;
  }

  public TraceBytes classDef(int id, String name) {
    tag(1);
    varint(id);
    return string(name);
  }

  public TraceBytes thread(long recorder, long threadId, String name) {
    tag(2);
    varint(recorder);
    varint(threadId);
    string(name);
    return tag(0);
  }

  /** An OWNER record: the delta bases start again. */
  public TraceBytes owner(long recorder) {
    tag(4);
    varint(recorder);
    prevTime = base;
    prevSeq = 0;
    return this;
  }

  public TraceBytes exec(
      int flags,
      int classId,
      int hash,
      long seq,
      long parentSeq,
      long start,
      long end,
      long selfWall,
      long selfCpu) {
    tag(5);
    varint(flags);
    key(classId, hash);
    zigzag(seq - prevSeq);
    varint(parentSeq == 0 ? 0 : seq - parentSeq);
    time(end);
    zigzag(end - start);
    zigzag(end - start - selfWall);
    zigzag(selfCpu);
    prevSeq = seq;
    return this;
  }

  public TraceBytes create(int classId, int hash, long time, int site) {
    tag(6);
    key(classId, hash);
    time(time);
    return zigzag(site);
  }

  public TraceBytes submit(
      int flags, int classId, int hash, long time, int executorClassId, int executorHash) {
    tag(7);
    varint(flags);
    key(classId, hash);
    time(time);
    key(executorClassId, executorHash);
    return zigzag(-1);
  }

  public TraceBytes created(int classId, long count) {
    tag(8);
    varint(classId);
    return varint(count);
  }

  public TraceBytes join(int classId, int hash, long time) {
    tag(9);
    key(classId, hash);
    return time(time);
  }

  /** A WAIT record: the owner waited from {@code start} to {@code end} inside an execution. */
  public TraceBytes await(long start, long end) {
    tag(10);
    time(start);
    return time(end);
  }

  /** An FSTRACE6 COUNTS record. */
  public TraceBytes counts(
      int classId, long unrecordedExecutions, long unrecordedCreations, long period) {
    tag(11);
    varint(classId);
    varint(unrecordedExecutions);
    varint(unrecordedCreations);
    return varint(period);
  }

  private TraceBytes time(long t) {
    zigzag(t - prevTime);
    prevTime = t;
    return this;
  }

  public TraceBytes tag(int b) {
    try {
      out.write(b);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  public TraceBytes raw(byte[] bytes) {
    try {
      out.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  public TraceBytes varint(long v) {
    while ((v & ~0x7fL) != 0) {
      tag((int) ((v & 0x7f) | 0x80));
      v >>>= 7;
    }
    return tag((int) v);
  }

  public TraceBytes zigzag(long v) {
    return varint((v << 1) ^ (v >> 63));
  }

  public TraceBytes string(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    varint(b.length);
    return raw(b);
  }

  /** A class id and a 4-byte little-endian identity hash. */
  public TraceBytes key(int classId, int hash) {
    varint(classId);
    for (int shift = 0; shift < 32; shift += 8) {
      tag(hash >>> shift);
    }
    return this;
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
