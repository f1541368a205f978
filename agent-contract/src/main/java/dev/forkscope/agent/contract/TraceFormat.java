package dev.forkscope.agent.contract;

/**
 * The format of {@code trace.bin}, as the agent's writer ({@code
 * dev.forkscope.agent.boot.TraceWriter}) and the profile's reader ({@code
 * dev.forkscope.profile.trace.TraceFile}) both compile against it: the header, the record tags, the
 * flag bits and the encodings both sides need. docs/trace-format.md describes the format in full.
 *
 * <p>The file: the 8 bytes {@link #MAGIC}, a varlong base time (nanoTime at the agent's start),
 * then tagged records until the end of the file. Integers are LEB128 varints, except {@code
 * identityHash} and {@code executorHash}: 4 bytes, little-endian (random 31-bit values, which would
 * take 5 bytes as varints); {@code z} marks {@linkplain #zigzag zigzag}-encoded signed values;
 * strings are a varint byte length and UTF-8 bytes.
 *
 * <pre>
 * 1 CLASS   id, name
 * 2 THREAD  recorderId, threadId, name, virtual(0|1)
 * 3 SITE    id, frameCount, frames...
 * 4 OWNER   recorderId                 (the thread of the records that follow)
 * 5 EXEC    flags, classId, identityHash, z(seq - prevSeq), seq - parentSeq (0 if none), z(end - prevTime),
 *           z(end - start), z(end - start - selfWall), z(selfCpu)
 * 6 CREATE  classId, identityHash, z(time - prevTime), z(site)
 * 7 SUBMIT  flags, classId, identityHash, z(time - prevTime), executorClassId, executorHash, z(site)
 * 8 CREATED classId, count             (at exit: fork/join tasks created, counted rather than recorded)
 * 9 JOIN    classId, identityHash, z(time - prevTime)
 * 10 WAIT   z(start - prevTime), z(end - start)
 * 11 COUNTS classId, unrecordedExecutions, unrecordedCreations, period   (at exit, sampled classes)
 * 12 BLOCK  kind, z(start - prevTime), z(end - start), z(site)
 * </pre>
 *
 * Times and seqs are deltas: {@code prevTime} is the time of the previous EXEC (its end), CREATE,
 * SUBMIT or JOIN record, or the end of the previous WAIT or BLOCK record, since the last OWNER
 * record, or the base time right after it; {@code prevSeq} is the seq of the previous EXEC since
 * the last OWNER record, or 0. EXEC flags: bits 0-1 the method ({@link #F_METHOD}: 0 run, 1 call, 2
 * exec), {@link #F_HELPED}, {@link #F_VIRTUAL}, {@link #F_THREAD_TASK}, {@link #F_CPU}, bits 8-11
 * the task's kinds ({@link #KIND_SHIFT}), {@link #F_DONE}, bits 13-16 the sampling period ({@link
 * #periodLog}). SUBMIT flags: {@link #F_FORKED}, {@link #F_TIMED}. A CREATE record's time, and an
 * untimed SUBMIT's, is one more than the thread's previous time stamp (the recorder saves a clock
 * read there): it orders the record among its thread's others, no more. {@code seq} numbers
 * executions per recorder (thread); {@code parentSeq} is the enclosing execution's seq on the same
 * recorder, 0 if none.
 *
 * <p>A JOIN record: a join of the task ({@code join}, {@code get}, {@code quietlyJoin}, {@code
 * invokeAll}, JDK 17's {@code joinForPoolInvoke}) returned normally at {@code time} on the owner
 * thread (those of {@code invokeAll} only inside a recorded execution); the tasks of one {@code
 * invokeAll} share one clock read, each record stamped one nanosecond after the one before. A WAIT
 * record: inside a recorded execution, the owner thread waited from {@code start} to {@code end} in
 * a join that found its task not done, a quiescence or a managed block (only the outermost such
 * wait of each execution; tasks run meanwhile have EXEC records of their own, written before the
 * WAIT). A BLOCK record: inside a recorded execution, the owner thread did not run from {@code
 * start} to {@code end} because it blocked: {@code kind} is {@link #BLOCK_PARK} ({@code
 * LockSupport.park*}: locks, conditions, latches, futures, joins), {@link #BLOCK_MONITOR} (a
 * contended {@code synchronized} in the program's code), {@link #BLOCK_WAIT} ({@code Object.wait})
 * or {@link #BLOCK_SLEEP} ({@code Thread.sleep}, {@code TimeUnit.sleep}); {@code site} the SITE
 * record of the calling context (-1 if unknown). It belongs to the innermost execution of its
 * thread that encloses it, whose EXEC record follows it. A pool's own wait for work is not
 * recorded. A record cut short by the end of the file (a JVM killed while writing) ends the trace.
 *
 * <p>Sampling ({@link #MAGIC}; {@link #MAGIC_UNSAMPLED} is the same without it): once a task class
 * has shown itself fine-grained, the recorder keeps each of its records (EXEC, CREATE of a class
 * that is not fork/join, SUBMIT, JOIN) with probability 1 in its period, a power of two that only
 * grows; each record's draw is independent, so a recorded execution of a sampled class usually has
 * no recorded submission, and the reader takes the executor from the class's recorded submissions.
 * An EXEC record of a sampled execution stands for {@link #weight} executions. The executions and
 * creations that got no record are counted per thread, and a COUNTS record per sampled class,
 * written at exit, gives their totals and the class's final period: a class's exact execution count
 * is its EXEC records plus its unrecorded executions. Fork/join creations stay counted in CREATED
 * records, all of them.
 *
 * <p>A change of the format is one edit here, in the writer and in the reader, a new {@link #MAGIC}
 * when old readers would misread the file, and a line in docs/trace-format.md.
 *
 * <p>Implementation note: the agent embeds this class, relocated, in the nested jar that it puts on
 * the boot class path, because the recorder there calls it (a class on the boot class path sees
 * only others on it; see agent/pom.xml). So it must stay JDK-only, hold no state, and use no lambda
 * and no string concatenation (both bootstrap through invokedynamic, which the recorder must not).
 */
public final class TraceFormat {
  /** The header of the current format. */
  public static final String MAGIC = "FSTRACE7";

  /** The header of the format before BLOCK records: the same records otherwise. */
  public static final String MAGIC_UNBLOCKED = "FSTRACE6";

  /** The header of the last format before sampling: the same records, no COUNTS, no period bits. */
  public static final String MAGIC_UNSAMPLED = "FSTRACE5";

  public static final int T_CLASS = 1;
  public static final int T_THREAD = 2;
  public static final int T_SITE = 3;
  public static final int T_OWNER = 4;
  public static final int T_EXEC = 5;
  public static final int T_CREATE = 6;
  public static final int T_SUBMIT = 7;
  public static final int T_CREATED = 8;
  public static final int T_JOIN = 9;
  public static final int T_WAIT = 10;
  public static final int T_COUNTS = 11;
  public static final int T_BLOCK = 12;

  /** BLOCK kinds. */
  public static final int BLOCK_PARK = 0;

  public static final int BLOCK_MONITOR = 1;
  public static final int BLOCK_WAIT = 2;
  public static final int BLOCK_SLEEP = 3;

  /** EXEC flags bits 0-1: the method that ran the task (0 run, 1 call, 2 exec). */
  public static final int F_METHOD = 3;

  /** EXEC: the task ran inside a join-type wait of the enclosing execution (it was helped). */
  public static final int F_HELPED = 4;

  /** EXEC: the task ran on a virtual thread. */
  public static final int F_VIRTUAL = 8;

  /** EXEC: the execution is a thread's own ({@code Thread.run}, {@code VirtualThread.run}). */
  public static final int F_THREAD_TASK = 16;

  /** EXEC: {@code selfCpu} was measured. */
  public static final int F_CPU = 32;

  /** SUBMIT: a fork rather than a submission to an executor. */
  public static final int F_FORKED = 64;

  /**
   * SUBMIT: the clock was read for this submission (always for a submission or fork made inside a
   * fork/join task's execution, one time in four otherwise); an untimed one's time is one more than
   * its thread's previous time stamp, which orders it and no more.
   */
  public static final int F_TIMED = 128;

  /** EXEC flags bits 8-11: the task's kinds, the {@code KIND_} bits. */
  public static final int KIND_SHIFT = 8;

  public static final int KIND_RUNNABLE = 1;
  public static final int KIND_CALLABLE = 2;
  public static final int KIND_FORK_JOIN = 4;
  public static final int KIND_THREAD = 8;

  /** EXEC: a fork/join task that was done when the execution ended. */
  public static final int F_DONE = 1 << 12;

  /** EXEC flags bits 13-16: log2 of the sampling period, 0 for an unconditional record. */
  public static final int PERIOD_SHIFT = 13;

  /** The mask of the period bits once shifted down, and so the largest log2 of a period. */
  public static final int PERIOD_BITS = 0xf;

  private TraceFormat() {}

  /**
   * The log2 of the sampling period an EXEC record with these flags was recorded at: 0 for an
   * execution recorded unconditionally, k for the sample of a class recorded at 1 in 2<sup>k</sup>.
   */
  public static int periodLog(int flags) {
    return (flags >>> PERIOD_SHIFT) & PERIOD_BITS;
  }

  /** How many executions an EXEC record with these flags stands for: its sampling period. */
  public static long weight(int flags) {
    return 1L << periodLog(flags);
  }

  /** A signed value as an unsigned one that is small when the value is near zero. */
  public static long zigzag(long v) {
    return (v << 1) ^ (v >> 63);
  }

  /** The inverse of {@link #zigzag}. */
  public static long unzigzag(long v) {
    return (v >>> 1) ^ -(v & 1);
  }
}
