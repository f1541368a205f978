package dev.forkscope.agent.boot;

import dev.forkscope.agent.contract.TraceFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.RandomAccess;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One thread's recorder: the frame stack of the task executions in progress on it (Rosà et al.
 * (2019), Fig. 5, with nested-task exclusion) and the chunk its records go into.
 *
 * <p>Implementation note: an instance is reached only from its own thread (a platform or virtual
 * thread, through a {@link ThreadLocal}), so every field is plain, except {@link #recording}: the
 * owner writes it with release semantics (a plain store on x86) and the shutdown hook reads it with
 * acquire semantics to wait for executions that are between their last line and their exit record.
 * Per-execution state lives in the frame arrays, never on the task object, so one object may run
 * many times, concurrently on several threads, or nested in itself. A frame's self time is its
 * inclusive time minus the inclusive time of the executions directly nested in it ({@code
 * childWall}/{@code childCpu}); helped executions are subtracted the same way, and so is the
 * recorder's own sampling of calling contexts. The arrays only grow (nesting depth), so the hot
 * path does not allocate. When no chunk is free a record is dropped and counted; nothing here
 * blocks or locks.
 *
 * <p>The instrumented code calls {@link #exit} exactly once for every {@link #enter} that pushed a
 * frame, on every way out of the hooked method, and never for one that did not (see {@link
 * Recorder}), so exit pops the top frame. An enter that can record nothing pushes none: a task's
 * own execution method entered inside its execution (its {@code run()} inside {@code doExec} or a
 * JDK wrapper's {@code run()}) is the common case, two of the three entries of a Pekko mailbox run.
 * A frame is {@link #SILENT} only when the recorder failed while filling it in. Executions read the
 * clock twice, and so does a wait in an execution that finds its task not done; joins, and
 * submissions (forks) made inside a fork/join task's execution, read it once: the work/span
 * analysis places them on their execution's time line. Creations and other submissions are stamped
 * with one nanosecond more than the thread's last time stamp ({@link #stamp}): all time stamps of
 * one thread strictly increase, so the trace reader's time order keeps each thread's program order,
 * and a stamp is never later than the true time of its record (each record takes more than a
 * nanosecond).
 *
 * <p>Sampling (see {@link Sampling} and {@link TraceFormat}): once a class is sampled at period
 * {@code 2^shift}, each of its executions, submissions, joins and (non-fork/join) creations is
 * recorded with probability {@code 2^-shift}, by a per-thread xorshift draw; the rest are counted
 * in this thread's {@link #counted()} array. An execution left out pushes a {@link #COUNTED} frame:
 * no record, no identity hash (the first {@code identityHashCode} of an object is costly), and no
 * clock read unless its nearest enclosing execution is recorded ({@link #TIMED}), whose self time
 * must leave it out. A recorded execution's parent seq is its nearest recorded ancestor's.
 *
 * <p>Budget per fork/join task: a class recorded in full pays for the clock reads, the identity
 * hash and the records; a sampled class only for its class, one draw and a count, so that the four
 * hooks of an unrecorded task (creation, fork, execution, join) cost about as little as running the
 * task itself. An enter that can record nothing pushes no frame, and a frame keeps its task only
 * where it is read again (see {@link #tasks}). {@code RecorderHooks} measures each hook with JMH;
 * its figures are in docs/journal.md. The writer's encoding and the JIT's compilation of the hooks
 * come on top, and inlined into a program's fork/join code the hooks cost it more than alone (see
 * docs/profile.md).
 */
final class ThreadState {
  static final int RUN = 0;
  static final int CALL = 1;
  static final int EXEC = 2;

  private static final AtomicLong NEXT_ID = new AtomicLong(1);

  /** Threads not yet described in the trace's thread table; drained by the writer. */
  static final ConcurrentLinkedQueue<ThreadState> UNWRITTEN = new ConcurrentLinkedQueue<>();

  /**
   * In sampled mode, CPU time is taken for the first executions of each class, then for 1 in
   * CPU_SAMPLE_EVERY executions on each thread (a per-thread tick: a shared per-class counter would
   * be a contended cache line on the hot path).
   */
  static final int CPU_SAMPLE_FIRST = 8;

  static final int CPU_SAMPLE_EVERY = 32;

  /** The samples of a sampled class whose CPU time is taken: one in this many (a power of two). */
  static final int SAMPLED_CPU_EVERY = 8;

  /** In sampled mode, CPU time is also taken when this thread has not read it for this long. */
  static final long CPU_SAMPLE_GAP_NS = 50_000;

  /**
   * Submissions read the clock one time in this many (a power of two): a clock read costs tens of
   * nanoseconds, as much as the rest of a submission record, and queue-wait percentiles need no
   * more. Forks inside fork/join executions always read it (see {@link #inForkJoinExecution}).
   */
  static final int SUBMIT_CLOCK_EVERY = 4;

  /**
   * Flags of a frame that records nothing (its filling-in failed); trace flags never use bit 30.
   */
  private static final int SILENT = 1 << 30;

  /**
   * Frame flag of an execution that sampling left out: counted at its exit, never recorded (trace
   * flags never use bit 29).
   */
  private static final int COUNTED = 1 << 29;

  /**
   * With {@link #COUNTED}: the nearest enclosing execution is recorded, so this one reads the clock
   * twice, so that the recorded execution's self time can leave it out. Counted executions nested
   * in counted ones need no clock: the outermost one's time covers them.
   */
  private static final int TIMED = 1 << 28;

  /**
   * Marks a frame with a nested execution whose CPU time was not taken: its own CPU time cannot be
   * separated, so it is reported as unknown rather than forcing every nested execution to be
   * measured.
   */
  private static final long CPU_UNKNOWN = Long.MIN_VALUE;

  /** Release stores, as {@link Chunk}'s count: a field updater inlines smaller than a VarHandle. */
  private static final AtomicIntegerFieldUpdater<ThreadState> RECORDING =
      AtomicIntegerFieldUpdater.newUpdater(ThreadState.class, "recording");

  final long id;

  /** The recording this state belongs to (see {@link Recorder}); 0 for calibration. */
  final int session;

  final Thread thread;
  final boolean virtual;

  /** The thread's id in the operating system (Linux), -1 if unknown or virtual. */
  final long osThreadId;

  private final boolean calibration;
  private Chunk chunk;

  /**
   * The task of each frame, kept only where it is read: by the frame's exit when it is recorded,
   * and by a nested enter that must recognise the same task entered again, which only a task
   * entered through a wrapper or whose class {@link TaskClass#reenters} can be. Other slots stay
   * null (exit clears every slot it pops): storing a young object into this long-lived array costs
   * G1's post-write barrier, a StoreLoad fence, on every execution ({@code RecorderHooks}).
   */
  private Object[] tasks = new Object[8];

  private long[] keys = new long[8];
  private long[] seqs = new long[8];
  private long[] starts = new long[8];
  private long[] cpuStarts = new long[8];
  private long[] childWall = new long[8];
  private long[] childCpu = new long[8];
  private int[] flags = new int[8];

  /** Index of the nearest enclosing frame that is not {@link #SILENT}, -1 if none. */
  private int[] parents = new int[8];

  private int[] joinAtEntry = new int[8];

  /** When the frame's current outermost wait (join, quiescence, managed block) began. */
  private long[] waitStarts = new long[8];

  private int[] savedSubmitDepth = new int[8];
  private int depth;

  /**
   * Per task class id, at {@code 2 * id} the executions that sampling left unrecorded and at {@code
   * 2 * id + 1} the creations counted rather than recorded (see {@link #counted()}); null until the
   * first.
   */
  private long[] counted;

  /**
   * Frames on the stack that will write a record at their exit; see {@link #isFinishingExecutions}.
   * Written by the owner with release stores ({@link #RECORDING}), read by other threads.
   */
  private volatile int recording;

  private long nextSeq = 1;
  private long lastCpuReadNs = Long.MIN_VALUE / 2;
  private int cpuTick;
  private int siteTick;

  /**
   * The last time stamp this thread's recorder gave a record (see {@link #stamp} and {@link
   * #clock}).
   */
  private long lastClock = System.nanoTime();

  private int random = (int) System.nanoTime() | 1;

  /**
   * The class this thread's recorder looked up last and what it knows of it: a task is looked up
   * four to six times per run (creation, submission, execution, each also unwrapping), and one
   * comparison is cheaper than a ClassValue lookup. It keeps one class reachable while the thread
   * lives.
   */
  private Class<?> lastType;

  private TaskClass lastClass;

  int joinDepth;
  int submitDepth;

  /** Blocking calls open on this thread (a park inside a hooked sleep is not a second block). */
  private int blockDepth;

  /**
   * The call site ({@code Sites.callSite}) of the JDK call that may park which the program is in,
   * or -1: set around such calls in the program's code. A call that ends by an exception leaves it
   * set until the next such call or block, so a park in between may be put at its site.
   */
  int blockingCallSite = -1;

  /** When the outermost open blocking call began, or -1 when it is not timed. */
  private long blockStart = -1;

  /**
   * The synchronizer the outermost open park is for ({@code LockSupport.park(blocker)}), or null.
   */
  private Object blocker;

  /**
   * The site of the last park walked for, with the classes of its blocker and of the task that
   * blocked: the leaves of a task class that wait on one kind of synchronizer (a shared lock, a
   * latch each) wait at one site, and walk once, then one block in {@link #REWALK_EVERY}, which
   * notices a class that waits on that kind at a second site. The stack walk takes microseconds in
   * the blocked task's time, which a short wait must not pay every time.
   */
  private Class<?> walkedBlocker;

  private Class<?> walkedTask;
  private int walkedSite;
  private int walkedUses;

  static final int REWALK_EVERY = 16;

  /** True while the recorder itself runs code that might be instrumented (stack walks). */
  boolean busy;

  private ThreadState(int session, boolean calibration) {
    this.id = NEXT_ID.getAndIncrement();
    this.session = session;
    this.thread = Thread.currentThread();
    this.virtual = thread.getClass().getName().startsWith("java.lang.VirtualThread");
    this.osThreadId = virtual || calibration ? -1 : osThreadId();
    this.calibration = calibration;
    if (calibration) {
      chunk = new Chunk(-1, 1024);
      chunk.allocate();
    } else {
      UNWRITTEN.add(this);
      if (WaitSampler.on) {
        WaitSampler.ARRIVED.add(this);
      }
    }
  }

  /**
   * The calling thread's Linux thread id, from the link {@code /proc/thread-self} ("PID/task/TID"):
   * one system call, once per thread.
   */
  private static long osThreadId() {
    try {
      String link = Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();
      return Long.parseLong(link.substring(link.lastIndexOf('/') + 1));
    } catch (IOException | RuntimeException e) {
      return -1; // not Linux
    }
  }

  /** The calling thread's state in recording {@code session}. */
  static ThreadState forCurrentThread(int session) {
    return new ThreadState(session, false);
  }

  /** A recorder whose records are thrown away, for timing the recorder itself. */
  static ThreadState forCalibration() {
    return new ThreadState(0, true);
  }

  /**
   * Starts an execution of {@code task} (or of the task a JDK wrapper holds), and says whether it
   * pushed a frame: then, and only then, {@link #exit} must follow. A call that can record nothing
   * pushes none and returns false: the recorder is busy, the class is ignored, or the running
   * task's own execution method is entered inside its execution (a wrapper's or {@code doExec}'s
   * call of it), the common case, whose exit then costs nothing.
   */
  boolean enter(Object task, int method, boolean threadTask) {
    int d = depth;
    int p = d > 0 && flags[d - 1] == SILENT ? parents[d - 1] : d - 1;
    if (p >= 0 && tasks[p] == task) {
      return false;
    }
    Object payload = busy ? null : payload(task);
    if (payload == null || (p >= 0 && tasks[p] == payload)) {
      return false;
    }
    if (d == tasks.length) {
      grow();
    }
    flags[d] =
        SILENT; // until the frame is complete: a failure below leaves one that records nothing
    parents[d] = p;
    depth = d + 1;
    try {
      begin(d, p, task, payload, method, threadTask);
    } catch (Throwable recorderFailure) {
      // the frame stays as far as it got, and its exit pops it
    }
    return true;
  }

  /** Fills in the frame that {@link #enter} pushed at {@code d} for {@code payload}. */
  private void begin(int d, int p, Object task, Object payload, int method, boolean threadTask) {
    TaskClass tc = classOf(payload.getClass());
    int shift = threadTask ? 0 : tc.sampleShift;
    if (shift != 0 && !sampled(shift)) {
      if (task != payload || tc.reenters) {
        tasks[d] = payload;
      }
      keys[d] = tc.id;
      joinAtEntry[d] = joinDepth;
      savedSubmitDepth[d] = submitDepth;
      submitDepth = 0;
      if (p >= 0 && (flags[p] & COUNTED) == 0) {
        starts[d] = clock();
        flags[d] = COUNTED | TIMED;
      } else {
        flags[d] = COUNTED;
      }
      return;
    }
    tasks[d] = payload;
    enterRecorded(
        d, p, task == payload ? method : methodOf(tc.kinds), tc, shift, payload, threadTask);
  }

  /**
   * Completes the frame of a recorded execution (a method of its own: see {@link #exitRecorded}).
   */
  private void enterRecorded(
      int d, int p, int m, TaskClass tc, int shift, Object payload, boolean threadTask) {
    boolean helped = p >= 0 && joinDepth > joinAtEntry[p];
    int f =
        m
            | (helped ? TraceFormat.F_HELPED : 0)
            | (virtual ? TraceFormat.F_VIRTUAL : 0)
            | (threadTask ? TraceFormat.F_THREAD_TASK : 0)
            | (tc.kinds << TraceFormat.KIND_SHIFT)
            | (shift << TraceFormat.PERIOD_SHIFT);
    keys[d] = key(tc, payload);
    seqs[d] = nextSeq++;
    joinAtEntry[d] = joinDepth;
    savedSubmitDepth[d] = submitDepth;
    submitDepth = 0;
    childWall[d] = 0;
    childCpu[d] = 0;
    long now = clock();
    if (wantsCpu(tc, shift, now)) {
      cpuStarts[d] = Recorder.threadCpuTime();
      lastCpuReadNs = now;
      now = clock();
    } else {
      cpuStarts[d] = -1;
    }
    starts[d] = now;
    flags[d] = f;
    RECORDING.lazySet(this, recording + 1);
    if (shift == 0 && tc.recorded < Sampling.WARM_UP && ++tc.recorded == Sampling.WARM_UP) {
      TraceWriter.wake(); // the JIT compiles a hot class's hooks after some thousand executions
    }
  }

  /**
   * For another thread: 0 when this thread is outside recorded executions, else a number that
   * changes whenever it starts another one (a racy read of a long, whole on 64-bit JVMs, at least
   * as new as the acquire that precedes it).
   */
  long executionMark() {
    return recording > 0 ? nextSeq : 0;
  }

  /**
   * Read by the shutdown hook on another thread: whether this thread is running and inside a
   * recorded execution. An executor signals a task's completion (a join or {@code Future.get}
   * returns) before the hooked method returns and writes the exit record, so a program that exits
   * right after its last task completes could otherwise lose that task.
   */
  boolean isFinishingExecutions() {
    return recording > 0 && thread.getState() == Thread.State.RUNNABLE;
  }

  /**
   * Read by the writer when a recording stops: the recorded executions open on this thread, which
   * will never be written (partial executions).
   */
  int openExecutions() {
    return recording;
  }

  /**
   * The task that {@code task} runs for the program: itself, or what a JDK wrapper holds; null to
   * ignore.
   */
  private Object payload(Object task) {
    if (task == null) {
      return null;
    }
    TaskClass tc = classOf(task.getClass());
    Object payload = task;
    for (int hops = 0; tc.isWrapper() && hops < 4; hops++) {
      payload = tc.unwrap(payload);
      if (payload == null) {
        return null;
      }
      tc = classOf(payload.getClass());
    }
    return tc.ignored && !calibration ? null : payload;
  }

  /** Ends the execution whose frame the matching {@link #enter} pushed. */
  void exit() {
    int f = depth - 1;
    if (f < 0) {
      return;
    }
    depth = f;
    Object task = tasks[f];
    tasks[f] = null;
    int frameFlags = flags[f];
    if (frameFlags == SILENT) {
      return;
    }
    if ((frameFlags & COUNTED) != 0) {
      exitCounted(f, frameFlags);
    } else {
      exitRecorded(f, task);
    }
  }

  /**
   * Ends a recorded execution: its record, and its times added to the enclosing frame's nested
   * times. A method of its own, so that once a class is sampled the JIT can leave this rare path
   * out of the code it inlines into the program's tasks.
   */
  private void exitRecorded(int f, Object task) {
    long end = clock();
    long cpuEnd = -1;
    if (cpuStarts[f] >= 0) {
      cpuEnd = Recorder.threadCpuTime();
      lastCpuReadNs = end;
    }
    long inclusive = end - starts[f];
    long cpuInclusive = cpuEnd >= 0 ? cpuEnd - cpuStarts[f] : -1;
    long selfWall = inclusive - childWall[f];
    long selfCpu =
        cpuInclusive >= 0 && childCpu[f] != CPU_UNKNOWN ? cpuInclusive - childCpu[f] : -1;
    int p = parents[f];
    long parentSeq = 0;
    if (p >= 0) {
      childWall[p] += inclusive;
      if (cpuInclusive < 0) {
        childCpu[p] = CPU_UNKNOWN;
      } else if (childCpu[p] != CPU_UNKNOWN) {
        childCpu[p] += cpuInclusive;
      }
      int r = p;
      while (r >= 0 && (flags[r] & COUNTED) != 0) {
        r = parents[r];
      }
      parentSeq = r >= 0 ? seqs[r] : 0;
    }
    submitDepth = savedSubmitDepth[f];
    int at = reserve(RecordLayout.EXEC_WORDS);
    if (at >= 0) {
      long[] w = chunk.words;
      long fl =
          flags[f]
              | (selfCpu >= 0 ? TraceFormat.F_CPU : 0)
              | (isDoneForkJoinTask(flags[f], task) ? TraceFormat.F_DONE : 0);
      w[at] =
          RecordLayout.EXEC | (fl << 8) | (RecordLayout.parentDistance(seqs[f], parentSeq) << 32);
      w[at + 1] = keys[f];
      w[at + 2] = seqs[f];
      w[at + 3] = starts[f];
      w[at + 4] = end;
      w[at + 5] = selfWall;
      w[at + 6] = selfCpu;
      chunk.publish(at + RecordLayout.EXEC_WORDS);
    }
    RECORDING.lazySet(this, recording - 1);
    if (virtual && f == 0) {
      handBack(); // a virtual thread may never record again: do not keep a chunk across parks
    }
  }

  /**
   * Whether {@code task}, of the kinds in its frame's flags, is a fork/join task that is done. The
   * kinds and {@link Class#cast} rather than {@code instanceof}: the JIT would speculate on the one
   * task class it saw at an {@code instanceof} and recompile the program's code when another came.
   */
  private static boolean isDoneForkJoinTask(int frameFlags, Object task) {
    return (frameFlags & (TraceFormat.KIND_FORK_JOIN << TraceFormat.KIND_SHIFT)) != 0
        && ForkJoinTask.class.cast(task).isDone();
  }

  /**
   * Ends an execution that sampling left out: counts it and, when a recorded execution encloses it,
   * adds its time to the enclosing frame's nested time (its CPU time is not read, so the enclosing
   * execution's CPU time becomes unknown).
   */
  private void exitCounted(int f, int frameFlags) {
    submitDepth = savedSubmitDepth[f];
    count(2 * (int) keys[f]);
    if ((frameFlags & TIMED) != 0) {
      int p = parents[f];
      if (p >= 0) {
        childWall[p] += clock() - starts[f];
        childCpu[p] = CPU_UNKNOWN;
      }
    }
  }

  private void count(int slot) {
    long[] u = counted;
    if (u == null || slot >= u.length) {
      counted = u = u == null ? new long[slot + 64] : Arrays.copyOf(u, 2 * slot + 2);
    }
    u[slot]++;
  }

  /**
   * This thread's counts, per task class id: at {@code 2 * id} the executions that sampling left
   * unrecorded, at {@code 2 * id + 1} the creations counted rather than recorded (for a fork/join
   * class all of them, for another class those that sampling left unrecorded); null if none.
   * Written only by the owner thread, so exact once it has died; read racily at exit otherwise.
   */
  long[] counted() {
    return counted;
  }

  /**
   * Records the creation of a task object whose most derived constructor just finished. Fork/join
   * tasks are the bulk of creations (often two per task executed) and most of their creation
   * records would say only "created on this thread": they are counted per class, and recorded one
   * by one only when their calling context is sampled. Other tasks are always recorded, since tgp's
   * aggregation of a task run inside a thread depends on which thread created it.
   */
  void created(Object task, Class<?> type) {
    if (busy) {
      return;
    }
    TaskClass tc = classOf(type);
    if (tc.ignored) {
      return;
    }
    if (!tc.countsCreations() && !keeps(tc)) {
      count(2 * tc.id + 1);
      return;
    }
    int site = -1;
    if (Recorder.contexts
        && (tc.creationSamples < Sites.SAMPLE_FIRST || ++siteTick % Sites.SAMPLE_EVERY == 0)) {
      tc.creationSamples++;
      site = captureSite(type);
    }
    if (tc.countsCreations()) {
      count(2 * tc.id + 1);
      if (site < 0) {
        return;
      }
    }
    createdRecorded(task, tc, site);
  }

  /**
   * Writes a CREATE record. This and the other methods named {@code ...Recorded} write records: a
   * method of their own each, which the commands that launch the agent keep out of the JIT's
   * inlining, so that the hooks inlined into the program's code stay small once a class is sampled.
   */
  private void createdRecorded(Object task, TaskClass tc, int site) {
    int at = reserve(RecordLayout.CREATE_WORDS);
    if (at >= 0) {
      long[] w = chunk.words;
      w[at] = RecordLayout.CREATE | RecordLayout.siteBits(site);
      w[at + 1] = key(tc, task);
      w[at + 2] = stamp();
      chunk.publish(at + RecordLayout.CREATE_WORDS);
    }
  }

  /** Records one submission of {@code task} (or what it wraps) to {@code executor}. */
  void submitted(Object executor, Object task, boolean fork) {
    if (busy) {
      return;
    }
    Object payload = payload(task);
    if (payload == null) {
      return;
    }
    TaskClass tc = classOf(payload.getClass());
    if (keeps(tc)) {
      submittedRecorded(executor, payload, tc, fork);
    }
  }

  /** Writes a SUBMIT record (see {@link #createdRecorded}). */
  private void submittedRecorded(Object executor, Object payload, TaskClass tc, boolean fork) {
    boolean timed = inForkJoinExecution() || sampleSubmissionClock();
    long t = timed ? clock() : stamp();
    boolean forked =
        fork
            && thread instanceof ForkJoinWorkerThread
            && ((ForkJoinWorkerThread) thread).getPool() == executor;
    int site = -1;
    if (Recorder.contexts
        && (tc.submissionSamples < Sites.SAMPLE_FIRST || ++siteTick % Sites.SAMPLE_EVERY == 0)) {
      tc.submissionSamples++;
      site = captureSite(null);
    }
    int at = reserve(RecordLayout.SUBMIT_WORDS);
    if (at >= 0) {
      long[] w = chunk.words;
      int fl = (forked ? TraceFormat.F_FORKED : 0) | (timed ? TraceFormat.F_TIMED : 0);
      w[at] = RecordLayout.SUBMIT | ((long) fl << 8) | RecordLayout.siteBits(site);
      w[at + 1] = key(tc, payload);
      w[at + 2] = t;
      w[at + 3] = key(TaskClass.of(executor.getClass()), executor);
      chunk.publish(at + RecordLayout.SUBMIT_WORDS);
    }
  }

  /**
   * Entry of a wait that may run other tasks ({@code awaitDone}, {@code helpQuiesce}, {@code
   * managedBlock}...). The outermost wait of a recorded execution reads the clock: the time until
   * it ends is not the execution's own work (the work/span analysis leaves it out). These methods
   * are entered only when a join has to wait, so a join of a task already done costs nothing here.
   */
  void waitEnter() {
    int f = recordedFrame();
    if (f >= 0 && joinDepth == joinAtEntry[f] && !busy) {
      waitStarts[f] = clock();
    }
    joinDepth++;
  }

  /** Exit of such a wait; the outermost one of a recorded execution writes a WAIT record. */
  void waitExit() {
    if (joinDepth == 0) {
      return; // the wait began before the recording started
    }
    joinDepth--;
    int f = recordedFrame();
    if (f >= 0 && joinDepth == joinAtEntry[f] && !busy) {
      waitRecorded(waitStarts[f]);
    }
  }

  /** Writes a WAIT record (see {@link #createdRecorded}). */
  private void waitRecorded(long start) {
    int at = reserve(RecordLayout.WAIT_WORDS);
    if (at >= 0) {
      long[] w = chunk.words;
      w[at] = RecordLayout.WAIT;
      w[at + 1] = start;
      w[at + 2] = clock();
      chunk.publish(at + RecordLayout.WAIT_WORDS);
    }
  }

  /**
   * Entry of a blocking call ({@code LockSupport.park*}, {@code Thread.sleep}, {@code
   * Object.wait}): the outermost one inside a recorded execution reads the clock. One field test
   * outside executions, so that a pool's idle worker pays nothing.
   */
  void blockEnter(Object blocker) {
    if (blockDepth++ == 0) {
      int f = recordedFrame();
      // a park inside a fork/join join is that join's wait, a WAIT record already: not a block
      blockStart = !busy && f >= 0 && joinDepth == joinAtEntry[f] ? clock() : -1;
      this.blocker = blocker;
    }
  }

  /**
   * Exit of a blocking call of {@code kind} (TraceFormat's {@code BLOCK_} kinds); the outermost one
   * writes a BLOCK record when its entry was timed and its calling context is not a pool's wait for
   * work.
   */
  void blockExit(int kind, int callSite) {
    if (blockDepth == 0) {
      return; // the call began before the recording started
    }
    if (--blockDepth == 0 && blockStart >= 0) {
      long start = blockStart;
      blockStart = -1;
      blocked(kind, callSite, start, clock());
    }
    blocker = null;
  }

  /**
   * Records that the thread blocked from {@code start} to {@code end}, when inside a recorded
   * execution, at {@code callSite} ({@code Sites.callSite}), or, when that is -1, at the calling
   * context found by a stack walk (after the end was read, so not counted as waiting).
   */
  void blocked(int kind, int callSite, long start, long end) {
    int f = recordedFrame();
    if (busy || f < 0) {
      return;
    }
    int site;
    if (callSite < 0) {
      callSite = blockingCallSite;
      blockingCallSite = -1;
    }
    if (callSite >= 0) {
      site = Sites.ofCallSite(callSite);
    } else if (blocker != null
        && blocker.getClass() == walkedBlocker
        && tasks[f].getClass() == walkedTask
        && ++walkedUses % REWALK_EVERY != 0) {
      site = walkedSite;
    } else {
      site = Sites.captureBlock(this);
      walkedBlocker = blocker == null ? null : blocker.getClass();
      walkedTask = tasks[f].getClass();
      walkedSite = site;
      walkedUses = 0;
    }
    if (site == Sites.IDLE) {
      return;
    }
    int at = reserve(RecordLayout.BLOCK_WORDS);
    if (at >= 0) {
      long[] w = chunk.words;
      w[at] = RecordLayout.BLOCK | ((long) kind << 8) | RecordLayout.siteBits(site);
      w[at + 1] = start;
      w[at + 2] = end;
      chunk.publish(at + RecordLayout.BLOCK_WORDS);
    }
  }

  /** A monitor entered after {@code start}: a block when it took longer than an uncontended one. */
  void monitorEntered(long start, int callSite) {
    if (blockDepth == 0) {
      blocked(TraceFormat.BLOCK_MONITOR, callSite, start, clock());
    }
  }

  /** The innermost frame that records, -1 if none. */
  private int recordedFrame() {
    int d = depth;
    if (d == 0) {
      return -1;
    }
    int f = flags[d - 1] == SILENT ? parents[d - 1] : d - 1;
    return f >= 0 && flags[f] != SILENT && (flags[f] & COUNTED) == 0 ? f : -1;
  }

  /**
   * Records that a join of {@code task} (or of what it wraps) returned: inside an execution, the
   * join edge of the work/span analysis; anywhere, a bound of the task's completion time (a task is
   * done, and its joiners woken, a little before its execution's exit is recorded). One clock read.
   */
  void joined(Object task) {
    if (busy) {
      return;
    }
    Object payload = payload(task);
    if (payload != null && keeps(classOf(payload.getClass()))) {
      joinRecorded(payload, clock());
    }
  }

  /**
   * Records joins of {@code a} and {@code b} (either may be null) after one {@code invokeAll}: one
   * clock read, the second record stamped after it.
   */
  void joined(Object a, Object b) {
    if (busy || recording == 0) {
      return;
    }
    long t = clock();
    Object pa = payload(a);
    if (pa != null && keeps(classOf(pa.getClass()))) {
      joinRecorded(pa, t);
    }
    Object pb = payload(b);
    if (pb != null && keeps(classOf(pb.getClass()))) {
      joinRecorded(pb, stamp());
    }
  }

  /** Records joins of every task in {@code tasks} after one {@code invokeAll}. */
  void joinedAll(Object[] tasks) {
    if (busy || recording == 0 || tasks == null) {
      return;
    }
    long t = clock();
    for (Object task : tasks) {
      Object payload = payload(task);
      if (payload != null && keeps(classOf(payload.getClass()))) {
        joinRecorded(payload, t);
        t = stamp();
      }
    }
  }

  /**
   * Records joins of every task in {@code tasks} after one {@code invokeAll}; only random-access
   * lists (the others go through the array form, which records them, and iterating them would
   * allocate).
   */
  void joinedAll(Collection<?> tasks) {
    if (busy || recording == 0 || !(tasks instanceof List) || !(tasks instanceof RandomAccess)) {
      return;
    }
    List<?> list = (List<?>) tasks;
    long t = clock();
    for (int i = 0, n = list.size(); i < n; i++) {
      Object payload = payload(list.get(i));
      if (payload != null && keeps(classOf(payload.getClass()))) {
        joinRecorded(payload, t);
        t = stamp();
      }
    }
  }

  /** Writes a JOIN record (see {@link #createdRecorded}). */
  private void joinRecorded(Object payload, long time) {
    TaskClass tc = classOf(payload.getClass());
    int at = reserve(RecordLayout.JOIN_WORDS);
    if (at >= 0) {
      long[] w = chunk.words;
      w[at] = RecordLayout.JOIN;
      w[at + 1] = key(tc, payload);
      w[at + 2] = time;
      chunk.publish(at + RecordLayout.JOIN_WORDS);
    }
  }

  /**
   * Whether the innermost recorded execution on this thread is a fork/join task's: its submissions
   * (forks) are the spawn edges of the work/span analysis, which needs their place in the
   * execution's time line, so they always read the clock.
   */
  private boolean inForkJoinExecution() {
    int f = recordedFrame();
    return f >= 0 && (flags[f] & (TraceFormat.KIND_FORK_JOIN << TraceFormat.KIND_SHIFT)) != 0;
  }

  /**
   * Whether this submission reads the clock: one in {@link #SUBMIT_CLOCK_EVERY} on average, picked
   * by a per-thread xorshift generator so that no submission pattern is systematically missed.
   */
  private boolean sampleSubmissionClock() {
    return (nextRandom() & (SUBMIT_CLOCK_EVERY - 1)) == 0;
  }

  /**
   * Whether a record of class {@code tc} is kept: always, unless the class is sampled, then one
   * time in its period.
   */
  private boolean keeps(TaskClass tc) {
    int shift = tc.sampleShift;
    return shift == 0 || sampled(shift);
  }

  /** True one time in {@code 2^shift}, independently of every earlier draw. */
  private boolean sampled(int shift) {
    return (nextRandom() & ((1 << shift) - 1)) == 0;
  }

  private int nextRandom() {
    int r = random;
    r ^= r << 13;
    r ^= r >>> 17;
    r ^= r << 5;
    return random = r;
  }

  private TaskClass classOf(Class<?> type) {
    if (type != lastType) {
      lastClass = TaskClass.of(type);
      lastType = type;
    }
    return lastClass;
  }

  /** Reads the clock; never returns less than one more than the thread's last time stamp. */
  private long clock() {
    long now = System.nanoTime();
    long next = lastClock + 1;
    return lastClock = now >= next ? now : next;
  }

  /** The time stamp of a record that reads no clock: one more than the thread's last. */
  private long stamp() {
    return ++lastClock;
  }

  /** Whether to read the CPU time of an execution recorded at period {@code 2^shift}. */
  private boolean wantsCpu(TaskClass tc, int shift, long now) {
    int mode = Recorder.cpuMode;
    if (mode == Recorder.CPU_OFF) {
      return false;
    }
    if (mode == Recorder.CPU_ALL) {
      return true;
    }
    if (shift != 0) { // a CPU-time read costs a system call: one sample in SAMPLED_CPU_EVERY
      return (++cpuTick & (SAMPLED_CPU_EVERY - 1)) == 0;
    }
    if (tc.executions < CPU_SAMPLE_FIRST) {
      tc.executions++;
      return true;
    }
    return ++cpuTick % CPU_SAMPLE_EVERY == 0 || now - lastCpuReadNs >= CPU_SAMPLE_GAP_NS;
  }

  /**
   * Samples the calling context. A stack walk costs microseconds (much more the first time), so its
   * time is excluded from the running execution's self time as if it were a nested execution.
   */
  private int captureSite(Class<?> constructed) {
    int d = depth;
    int f = d == 0 ? -1 : flags[d - 1] == SILENT ? parents[d - 1] : d - 1;
    boolean cpu = f >= 0 && cpuStarts[f] >= 0;
    long wall0 = System.nanoTime();
    long cpu0 = cpu ? Recorder.threadCpuTime() : 0;
    int site = Sites.capture(this, constructed);
    if (f >= 0) {
      if (cpu) {
        childCpu[f] += Recorder.threadCpuTime() - cpu0;
      }
      childWall[f] += System.nanoTime() - wall0;
    }
    return site;
  }

  private static int methodOf(int kinds) {
    if ((kinds & TraceFormat.KIND_CALLABLE) != 0) {
      return CALL;
    }
    return (kinds & TraceFormat.KIND_FORK_JOIN) != 0 ? EXEC : RUN;
  }

  static long key(TaskClass tc, Object o) {
    return ((long) tc.id << 32) | (System.identityHashCode(o) & 0xffffffffL);
  }

  /** Where the next {@code n} words go in {@link #chunk}, or -1 when the record is dropped. */
  private int reserve(int n) {
    Chunk c = chunk;
    if (c != null) {
      int at = c.countPlain();
      if (at + n <= c.words.length) {
        return at;
      }
      if (calibration) {
        c.publish(0);
        return 0;
      }
      handBack();
    }
    c = Recorder.takeChunk(session);
    if (c == null) {
      Recorder.DROPPED.increment();
      return -1;
    }
    c.allocate();
    c.ownerId = id;
    c.ownerThread = thread;
    c.publish(0);
    c.state = Chunk.IN_USE;
    chunk = c;
    return 0;
  }

  private void handBack() {
    Chunk c = chunk;
    if (c != null && !calibration) {
      chunk = null;
      c.state = Chunk.HANDED_BACK;
    }
  }

  private void grow() {
    int n = tasks.length * 2;
    tasks = Arrays.copyOf(tasks, n);
    keys = Arrays.copyOf(keys, n);
    seqs = Arrays.copyOf(seqs, n);
    starts = Arrays.copyOf(starts, n);
    cpuStarts = Arrays.copyOf(cpuStarts, n);
    childWall = Arrays.copyOf(childWall, n);
    childCpu = Arrays.copyOf(childCpu, n);
    flags = Arrays.copyOf(flags, n);
    parents = Arrays.copyOf(parents, n);
    joinAtEntry = Arrays.copyOf(joinAtEntry, n);
    waitStarts = Arrays.copyOf(waitStarts, n);
    savedSubmitDepth = Arrays.copyOf(savedSubmitDepth, n);
  }
}
