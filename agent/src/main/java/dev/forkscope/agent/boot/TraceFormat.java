package dev.forkscope.agent.boot;

/**
 * Layout of the in-memory records and of {@code trace.bin}; the reader in {@code
 * dev.forkscope.profile.trace} implements the same description.
 *
 * <p>{@code trace.bin}: the 8 bytes {@code FSTRACE5}, a varlong base time (nanoTime at agent
 * start), then tagged records until the end of the file. A record cut short by the end of the file
 * (a JVM killed while writing) is ignored. Integers are LEB128 varints, except {@code identityHash}
 * and {@code executorHash}: 4 bytes, little-endian (random 31-bit values, which would take 5 bytes
 * as varints); {@code z} marks zigzag-encoded signed values; strings are a varint byte length and
 * UTF-8 bytes.
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
 * </pre>
 *
 * Times and seqs are deltas, which keeps most of them to one or two bytes: {@code prevTime} is the
 * time of the previous EXEC (its end), CREATE, SUBMIT or JOIN record, or the end of the previous
 * WAIT record, since the last OWNER record, or the base time right after it; {@code prevSeq} is the
 * seq of the previous EXEC since the last OWNER record, or 0. EXEC flags: bits 0-1 method (0 run, 1
 * call, 2 exec), {@link #F_HELPED}, {@link #F_VIRTUAL}, {@link #F_THREAD_TASK}, {@link #F_CPU}
 * (selfCpu measured), bits 8-11 the task's kinds (runnable 1, callable 2, fork/join 4, thread 8),
 * {@link #F_DONE} (a fork/join task that was done when the execution ended). SUBMIT flags: {@link
 * #F_FORKED}, {@link #F_TIMED} (the clock was read for this submission: always for a submission or
 * fork made inside a fork/join task's execution, whose place in that execution's time line the
 * work/span analysis needs, one time in four otherwise). A CREATE record's time, and an untimed
 * SUBMIT's, is one more than the thread's previous time stamp (the recorder saves a clock read
 * there): it orders the record among its thread's others, no more. {@code seq} numbers executions
 * per recorder (thread); {@code parentSeq} is the enclosing execution's seq on the same recorder, 0
 * if none.
 *
 * <p>A JOIN record: a join of the task ({@code join}, {@code get}, {@code quietlyJoin}, {@code
 * invokeAll}, JDK 17's {@code joinForPoolInvoke}) returned normally at {@code time} on the owner
 * thread (those of {@code invokeAll} only inside a recorded execution); the tasks of one {@code
 * invokeAll} share one clock read, each record stamped one nanosecond after the one before. A WAIT
 * record: inside a recorded execution, the owner thread waited from {@code start} to {@code end} in
 * a join that found its task not done, a quiescence or a managed block (only the outermost such
 * wait of each execution; tasks run meanwhile have EXEC records of their own, written before the
 * WAIT). FSTRACE4 had no JOIN or WAIT records and timed one fork in four.
 *
 * <p>Sampling (FSTRACE6; FSTRACE5 is FSTRACE6 without it): once a task class has shown itself
 * fine-grained, the recorder keeps each of its records (EXEC, CREATE of a class that is not
 * fork/join, SUBMIT, JOIN) with probability 1 in its period, a power of two that only grows; each
 * record's draw is independent, so a recorded execution of a sampled class usually has no recorded
 * submission, and the reader takes the executor from the class's recorded submissions. EXEC flags
 * bits 13-16 ({@link #PERIOD_SHIFT}) hold log2 of the period the execution was sampled at (it
 * stands for that many executions), 0 for an execution recorded unconditionally. The executions and
 * creations that got no record are counted per thread, and a COUNTS record per sampled class,
 * written at exit, gives their totals and the class's final period: a class's exact execution count
 * is its EXEC records plus its unrecorded executions. Fork/join creations stay counted in CREATED
 * records, all of them, as before.
 */
final class TraceFormat {
  static final byte[] MAGIC = {'F', 'S', 'T', 'R', 'A', 'C', 'E', '6'};

  static final byte T_CLASS = 1;
  static final byte T_THREAD = 2;
  static final byte T_SITE = 3;
  static final byte T_OWNER = 4;
  static final byte T_EXEC = 5;
  static final byte T_CREATE = 6;
  static final byte T_SUBMIT = 7;
  static final byte T_CREATED = 8;
  static final byte T_JOIN = 9;
  static final byte T_WAIT = 10;
  static final byte T_COUNTS = 11;

  /**
   * An upper bound of one encoded EXEC, CREATE, SUBMIT or JOIN record: a tag and at most ten
   * varints.
   */
  static final int MAX_RECORD_BYTES = 1 + 10 * 10;

  /**
   * In-memory records: the first word holds the type (bits 0-7), the flags (bits 8-31) and a 32-bit
   * field (bits 32-63): for EXEC the distance {@code seq - parentSeq} (0 when there is no parent or
   * it does not fit), for CREATE and SUBMIT {@code site + 1}. Then EXEC: key, seq, start, end,
   * selfWall, selfCpu; CREATE: key, time; SUBMIT: key, time, executor key; JOIN: key, time; WAIT:
   * start, end.
   */
  static final int EXEC = 1;

  static final int CREATE = 2;
  static final int SUBMIT = 3;
  static final int JOIN = 4;
  static final int EXEC_WORDS = 7;
  static final int CREATE_WORDS = 3;
  static final int SUBMIT_WORDS = 4;
  static final int JOIN_WORDS = 3;
  static final int WAIT = 5;
  static final int WAIT_WORDS = 3;

  static final int F_HELPED = 4;
  static final int F_VIRTUAL = 8;
  static final int F_THREAD_TASK = 16;
  static final int F_CPU = 32;
  static final int F_FORKED = 64;
  static final int F_TIMED = 128;
  static final int KIND_SHIFT = 8;
  static final int F_DONE = 1 << 12;

  /** EXEC flags bits 13-16: log2 of the sampling period, 0 for an unconditional record. */
  static final int PERIOD_SHIFT = 13;

  /** The largest log2 of a sampling period (four bits). */
  static final int MAX_PERIOD_LOG = 15;

  private TraceFormat() {}

  /** The high half of an EXEC record's first word. */
  static long parentDistance(long seq, long parentSeq) {
    long d = parentSeq == 0 ? 0 : seq - parentSeq;
    return d > 0xffffffffL ? 0 : d;
  }

  /** The high half of a CREATE or SUBMIT record's first word. */
  static long siteBits(int site) {
    return (long) (site + 1) << 32;
  }

  /** The site id held in the high half of a CREATE or SUBMIT record's first word. */
  static int site(long head) {
    return (int) (head >>> 32) - 1;
  }
}
