package dev.forkscope.agent.boot;

/**
 * The layout of the records a {@link ThreadState} writes into its {@link Chunk}s and the {@link
 * TraceWriter} encodes into {@code trace.bin}. The file's format, its tags and flags, is the
 * contract's {@code dev.forkscope.agent.contract.TraceFormat} (docs/trace-format.md); this layout
 * is the recorder's own business.
 */
final class RecordLayout {
  /**
   * The first word of a record holds its type (bits 0-7), the flags (bits 8-31) and a 32-bit field
   * (bits 32-63): for EXEC the distance {@code seq - parentSeq} (0 when there is no parent or it
   * does not fit), for CREATE and SUBMIT {@code site + 1}. Then EXEC: key, seq, start, end,
   * selfWall, selfCpu; CREATE: key, time; SUBMIT: key, time, executor key; JOIN: key, time; WAIT:
   * start, end; BLOCK (the kind in the flags, {@code site + 1} in the high half): start, end.
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
  static final int BLOCK = 6;
  static final int BLOCK_WORDS = 3;

  private RecordLayout() {}

  /** The high half of an EXEC record's first word. */
  static long parentDistance(long seq, long parentSeq) {
    long d = parentSeq == 0 ? 0 : seq - parentSeq;
    return d > 0xffffffffL ? 0 : d;
  }

  /** The high half of a CREATE, SUBMIT or BLOCK record's first word. */
  static long siteBits(int site) {
    return (long) (site + 1) << 32;
  }

  /** The site id held in the high half of a CREATE, SUBMIT or BLOCK record's first word. */
  static int site(long head) {
    return (int) (head >>> 32) - 1;
  }
}
