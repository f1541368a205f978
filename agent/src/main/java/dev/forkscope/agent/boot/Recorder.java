package dev.forkscope.agent.boot;

import dev.forkscope.agent.contract.TraceFormat;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The static entry points that instrumented code calls. This class and its package are appended to
 * the boot class path so that instrumented JDK classes can see them; they must not reference
 * anything outside the JDK. Nothing on the paths that instrumented code reaches may use a lambda, a
 * method reference or a string concatenation compiled to invokedynamic (the agent module is
 * compiled with {@code -XDstringConcat=inline}): bootstrapping those costs tens of milliseconds at
 * first use and runs JDK code that may itself be hooked.
 *
 * <p>Every entry point finds the calling thread's {@link ThreadState} and returns quickly; none of
 * them locks, parks or allocates on the steady-state path. Before {@link #start} nothing is
 * installed, so the entry points are never reached. The hooks of a method's entry and exits (an
 * execution, a submission, a wait) are paired by the method itself: the entry returns the thread's
 * state, the method keeps it in a local variable and hands it to each exit, so an exit finds the
 * state without looking it up again.
 *
 * <p>Implementation note: recordings and the hooks' balance. A JVM started with {@code -javaagent}
 * records once, from start-up to exit. A JVM the agent attaches to may record many times, one
 * recording at a time, with hooks that are added before a recording starts and removed after it
 * stops (see the agent's {@code Attachment}). {@link #session} is the number of the recording in
 * progress, 0 while none is; every entry point reads it once (a volatile read, a plain load on x86)
 * and does nothing when it is 0, and a thread's {@link ThreadState} belongs to one recording: a
 * thread meeting a newer number gets a fresh state, so frames pushed in one recording can never be
 * popped, or written, in the next. The frames of one state stay balanced because an exit acts only
 * on the state its own entry returned, and only while that state's recording is the one in progress
 * ({@link #live}): a method entered while no recording was on gets null and its exits do nothing
 * (as does one whose entry records nothing, such as a task's own {@code run()} inside its {@code
 * doExec}); a method entered without hooks (before they were added: a method keeps running the code
 * it was entered with when its class is retransformed) calls no exit at all; and an exit that comes
 * after its recording stopped (the method was still running, and is still running hooked code) does
 * nothing, so the frame stays open in the dead state and counts as a partial execution ({@link
 * TraceWriter}). A hook call that reads a number and is then preempted across a whole stop and
 * restart writes into its own dead state and at most takes a chunk that {@link #takeChunk} refuses
 * it.
 */
public final class Recorder {
  static final int CPU_OFF = 0;
  static final int CPU_SAMPLED = 1;
  static final int CPU_ALL = 2;

  /** Execution methods, as the instrumented code passes them to {@link #enter}. */
  public static final int RUN = ThreadState.RUN;

  public static final int CALL = ThreadState.CALL;
  public static final int EXEC = ThreadState.EXEC;

  /** Chunks of record words: 512 x 32 KiB = 16 MiB of trace buffers at most. */
  private static final int CHUNKS = 512;

  private static final int CHUNK_WORDS = 4096;

  /**
   * The states of recent threads by thread id, in front of {@link #STATE}: a hit costs two loads,
   * where ThreadLocal.get() makes a native call (Reference.refersTo) on JDK 17. Slots are written
   * racily; a state is used only by the thread it belongs to ({@code thread} is final), so a lost
   * or foreign entry just falls back to the ThreadLocal.
   */
  private static final ThreadState[] RECENT = new ThreadState[1024];

  /**
   * A subclass rather than ThreadLocal.withInitial: the recorder must not use lambdas (see the
   * class comment).
   */
  private static final ThreadLocal<ThreadState> STATE = new ThreadLocal<>();

  /** The system property that tells a tool attaching to this JVM that forkscope is loaded. */
  private static final String PROPERTY = "dev.forkscope.agent";

  /** The file, in the trace's directory, of an attached recording's warnings. */
  private static final String WARNINGS = "agent-warnings.txt";

  static final LongAdder DROPPED = new LongAdder();
  static volatile int cpuMode = CPU_OFF;
  static volatile boolean contexts;

  /** The number of the recording in progress, 0 while none is (see the class comment). */
  static volatile int session;

  /** The number of the last recording started; guarded by the class. */
  private static int sessions;

  /**
   * Where the recorder's warnings go: null for the JVM's standard error (a JVM started with the
   * agent), a file in the trace's directory for a recording in a running JVM, whose own output must
   * stay untouched.
   */
  private static volatile Path warnings;

  private static volatile ChunkPool pool;
  private static ThreadMXBean threads;
  private static TraceWriter writer;

  private Recorder() {}

  /**
   * Starts recording into {@code out} (which must exist and be writable); with {@code attach}
   * non-null, a recording in a running JVM, which {@link #stop} ends.
   *
   * @param cpu "off", "sampled" or "all"
   * @param sampling whether fine-grained task classes are sampled ({@link Sampling})
   * @param waitPeriodNs how often to sample the states of threads ({@link WaitSampler}); 0 for
   *     never
   * @param settings the agent options as given, for the trace's meta data
   * @param attach for a recording in a running JVM, figures of the attachment to put into the
   *     trace's meta data (name to value), else null
   * @return an error message, or null when recording started
   */
  public static synchronized String start(
      Path out,
      String cpu,
      boolean withContexts,
      boolean sampling,
      long waitPeriodNs,
      Map<String, String> settings,
      Map<String, Long> attach) {
    if (session != 0) {
      return "forkscope is already recording in this JVM (into " + writer.dir() + ")";
    }
    int mode = "all".equals(cpu) ? CPU_ALL : "off".equals(cpu) ? CPU_OFF : CPU_SAMPLED;
    if (mode != CPU_OFF) { // java.lang.management costs tens of milliseconds of start-up: only when
      // needed
      ThreadMXBean mx = ManagementFactory.getThreadMXBean();
      if (!mx.isCurrentThreadCpuTimeSupported()) {
        mode = CPU_OFF;
      } else if (!mx.isThreadCpuTimeEnabled()) {
        mx.setThreadCpuTimeEnabled(true);
      }
      threads = mx;
    }
    ChunkPool chunks = new ChunkPool(CHUNKS, CHUNK_WORDS);
    cpuMode = mode;
    contexts = withContexts;
    String cpuName = mode == CPU_ALL ? "all" : mode == CPU_OFF ? "off" : "sampled";
    // what an earlier recording left: its registrations and counters belong to its own trace
    DROPPED.reset();
    ThreadState.UNWRITTEN.clear();
    WaitSampler.ARRIVED.clear();
    TaskClass.restart();
    Sites.restart();
    pool = chunks;
    warnings = attach == null ? null : out.resolve(WARNINGS);
    TraceWriter w;
    try {
      w =
          TraceWriter.open(
              out, chunks, cpuName, withContexts, sampling, waitPeriodNs, settings, attach);
    } catch (IOException e) {
      pool = null;
      return "cannot write the trace in " + out + ": " + e;
    }
    writer = w;
    session = ++sessions;
    // read once the hooks record: every execution that starts later is recorded, and the writer
    // leaves out the few that started between the number's publication and this read
    long windowStart = System.nanoTime();
    w.begin(windowStart);
    System.setProperty(PROPERTY, "recording");
    return null;
  }

  /**
   * Ends the recording that {@link #start(Path, String, boolean, boolean, long, Map, Map)} began in
   * a running JVM: from now on the hooks do nothing; the trace is completed and closed, and the
   * recorder's buffers and threads are released. The hooks themselves are the caller's to remove.
   *
   * @return the trace's directory, or null when no recording was in progress
   */
  public static synchronized Path stop() {
    if (session == 0) {
      return null;
    }
    session = 0;
    TraceWriter w = writer;
    writer = null;
    w.stop();
    pool = null;
    Arrays.fill(RECENT, null);
    System.setProperty(PROPERTY, "idle");
    return w.dir();
  }

  /** One line for the user, about a part of the recording that failed (see {@link #warnings}). */
  static void warn(String message) {
    Path log = warnings;
    if (log == null) {
      System.err.println("forkscope agent: " + message);
      return;
    }
    try {
      Files.writeString(
          log,
          message + System.lineSeparator(),
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException | RuntimeException e) {
      // nowhere left to say it: the program's own output is not ours
    }
  }

  /**
   * Tells the recorder that the agent gave execution hooks to methods that the program class {@code
   * className} declares ({@code run}, {@code call} or {@code exec}): its instances, and those of
   * its subclasses, may enter an execution of themselves inside one (a JDK wrapper or {@code
   * doExec} calling it, an override calling {@code super.run()}), which the recorder must recognise
   * as the same execution. Called before the class is defined, so before any of its instances runs.
   */
  public static void declaresExecutionMethods(String className) {
    TaskClass.declaresExecutionMethods(className);
  }

  /** Whether a recording is in progress. */
  public static boolean isRecording() {
    return session != 0;
  }

  /**
   * Makes the calling thread's recorder now, before it records: the agent's start-up calls this on
   * the thread that will run {@code main}, so that the program's first submission is not delayed by
   * it (see {@code Installer}).
   */
  public static void prepareCurrentThread() {
    int current = session;
    if (current != 0) {
      state(current);
    }
  }

  /**
   * The calling thread's state in recording {@code current} (not 0). Inlined into every hooked
   * method; the miss is a method of its own, so that its code is not (see {@link #stateOnMiss}).
   */
  @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+
  private static ThreadState state(int current) {
    Thread t = Thread.currentThread();
    int slot = (int) t.getId() & (RECENT.length - 1);
    ThreadState s = RECENT[slot];
    return s != null && s.thread == t && s.session == current ? s : stateOnMiss(t, slot, current);
  }

  /**
   * The state of thread {@code t} when {@link #RECENT} does not hold it: from the thread local,
   * made when the thread has none in this recording. Rare once each thread has recorded, but the
   * JIT compiles what a method's profile saw taken into every hooked method it inlines the lookup
   * into: as a call, this is 40 bytes of bytecode less in each ({@code ProfilerAgent} keeps it out
   * of C2's inlining).
   */
  private static ThreadState stateOnMiss(Thread t, int slot, int current) {
    ThreadState s = STATE.get();
    if (s == null || s.session != current) {
      s = ThreadState.forCurrentThread(current);
      STATE.set(s);
    }
    RECENT[slot] = s;
    return s;
  }

  /** A free chunk for a state of recording {@code forSession}, or null. */
  static Chunk takeChunk(int forSession) {
    ChunkPool p = pool;
    return p == null || forSession != session ? null : p.pop();
  }

  static long threadCpuTime() {
    return threads.getCurrentThreadCpuTime();
  }

  /**
   * Entry of an execution method ({@code run}, {@code call}, {@code exec}, {@code doExec}) of
   * {@code task}; the hooked method keeps what this returns and passes it to {@link #exit} on every
   * way out.
   *
   * @param method {@link #RUN}, {@link #CALL} or {@link #EXEC}
   * @return the calling thread's recorder when the call began a frame; null when nothing is
   *     recording or the call records nothing (see {@code ThreadState.enter}), and then the exits
   *     do nothing
   */
  public static Object enter(Object task, int method) {
    int current = session;
    if (current == 0) {
      return null;
    }
    Object entered = null;
    try {
      ThreadState s = state(current);
      if (s.enter(task, method, task instanceof Thread)) {
        entered = s;
      }
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
    return entered;
  }

  /**
   * Entry of a virtual thread's body ({@code VirtualThread.run(Runnable)}); {@link #exit} follows.
   */
  public static Object enterVirtual(Object task) {
    int current = session;
    if (current == 0) {
      return null;
    }
    Object entered = null;
    try {
      ThreadState s = state(current);
      if (s.enter(task, RUN, true)) {
        entered = s;
      }
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
    return entered;
  }

  /**
   * Exit, normal or by exception, of an execution method: {@code entered} is what its {@link
   * #enter} returned.
   */
  public static void exit(Object entered) {
    try {
      ThreadState s = live(entered);
      if (s != null) {
        s.exit();
      }
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /**
   * The recorder an entry hook returned, or null when it belongs to no recording or to one that has
   * stopped since (see the class comment).
   */
  private static ThreadState live(Object entered) {
    ThreadState s = (ThreadState) entered;
    return s != null && s.session == session ? s : null;
  }

  /**
   * Exit of a constructor of a task class; records a creation when {@code declaring} is the
   * object's class.
   */
  public static void created(Object task, Class<?> declaring) {
    int current = session;
    if (current == 0) {
      return;
    }
    try {
      if (task.getClass() == declaring) {
        state(current).created(task, declaring);
      }
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /**
   * Entry of a submission method; only the outermost one on the stack records. Returns what its
   * {@link #submitExit} takes, as {@link #enter} does.
   */
  public static Object submitEnter(Object executor, Object task) {
    int current = session;
    if (current == 0) {
      return null;
    }
    ThreadState s = null;
    try {
      s = state(current);
      if (s.submitDepth++ == 0) {
        s.submitted(executor, task, true);
      }
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
    return s;
  }

  /** Entry of {@code invokeAll}/{@code invokeAny}: one submission per task. */
  public static Object submitAllEnter(Object executor, Collection<?> tasks) {
    int current = session;
    if (current == 0) {
      return null;
    }
    ThreadState s = null;
    try {
      s = state(current);
      if (s.submitDepth++ == 0 && tasks != null) {
        for (Object t : tasks) {
          s.submitted(executor, t, true);
        }
      }
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
    return s;
  }

  /** Exit, normal or by exception, of a submission method. */
  public static void submitExit(Object entered) {
    try {
      ThreadState s = live(entered);
      if (s != null && s.submitDepth > 0) {
        s.submitDepth--;
      }
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /**
   * {@code ForkJoinTask.fork()}: a submission to the worker's pool, or to the common pool from
   * outside.
   */
  public static void forked(Object task) {
    int current = session;
    if (current == 0) {
      return;
    }
    try {
      ThreadState s = state(current);
      if (s.submitDepth == 0) {
        Thread t = s.thread;
        Object pool =
            t instanceof ForkJoinWorkerThread
                ? ((ForkJoinWorkerThread) t).getPool()
                : ForkJoinPool.commonPool();
        s.submitted(pool, task, true);
      }
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /** Entry of a wait that may run other tasks (join, helpQuiesce, managedBlock...). */
  public static Object joinEnter() {
    int current = session;
    if (current == 0) {
      return null;
    }
    ThreadState s = null;
    try {
      s = state(current);
      s.waitEnter();
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
    return s;
  }

  /** Exit, normal or by exception, of such a wait. */
  public static void joinExit(Object entered) {
    try {
      ThreadState s = live(entered);
      if (s != null) {
        s.waitExit();
      }
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /**
   * Normal return of a join of {@code task} ({@code ForkJoinTask.join}, {@code get}, {@code
   * quietlyJoin}...): records the join edge when this thread is inside a recorded execution.
   */
  public static void joined(Object task) {
    int current = session;
    if (current == 0) {
      return;
    }
    try {
      state(current).joined(task);
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /** Normal return of {@code ForkJoinTask.invokeAll(t1, t2)}: both tasks are joined. */
  public static void joined(Object t1, Object t2) {
    int current = session;
    if (current == 0) {
      return;
    }
    try {
      state(current).joined(t1, t2);
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /** Normal return of {@code ForkJoinTask.invokeAll(tasks...)}. */
  public static void joinedAll(Object[] tasks) {
    int current = session;
    if (current == 0) {
      return;
    }
    try {
      state(current).joinedAll(tasks);
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /** Normal return of {@code ForkJoinTask.invokeAll(Collection)}. */
  public static void joinedAll(Collection<?> tasks) {
    int current = session;
    if (current == 0) {
      return;
    }
    try {
      state(current).joinedAll(tasks);
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /**
   * The longest a monitor enter may take and count as uncontended: a {@code synchronized} of the
   * program that took longer between the two clock reads around it blocked (an uncontended one
   * takes tens of nanoseconds, a thread that blocks is descheduled for microseconds).
   */
  static final long CONTENDED_MONITOR_NS = 1_000;

  /**
   * The calling thread's state when it has one in the recording in progress, else null: a thread
   * that never recorded (a JDK service thread parking) gets none made here.
   */
  private static ThreadState existingState() {
    int current = session;
    if (current == 0) {
      return null;
    }
    Thread t = Thread.currentThread();
    @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+
    ThreadState s = RECENT[(int) t.getId() & (RECENT.length - 1)];
    if (s == null || s.thread != t) {
      s = STATE.get();
    }
    return s != null && s.session == current ? s : null;
  }

  /**
   * Entry of {@code LockSupport.park*} for {@code blocker} (null for the overloads without one);
   * {@link #parkExit} follows. Returns what the exit takes, as {@link #enter} does.
   */
  public static Object parkEnter(Object blocker) {
    ThreadState s = null;
    try {
      s = existingState();
      if (s != null) {
        s.blockEnter(blocker);
      }
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
    return s;
  }

  /** Exit, normal or by exception, of {@code LockSupport.park*}. */
  public static void parkExit(Object entered) {
    blockExit(entered, TraceFormat.BLOCK_PARK, -1);
  }

  /**
   * The id of the call site {@code frame} ({@code class.method:line}) of a blocking call in the
   * program's code, calling {@code call} ({@code class.method} of the JDK; null for a sleep, a wait
   * or a monitor enter), which the transformer passes to the wrappers and hooks below.
   */
  public static int callSite(String call, String frame) {
    return Sites.callSite(call, frame);
  }

  /**
   * Before a call of the JDK's that may park ({@code Lock.lock}, {@code CountDownLatch.await},
   * {@code Future.get}...) at call site {@code site} of the program's code: a park inside it is at
   * that site, found without a stack walk.
   */
  public static void blockingCall(int site) {
    ThreadState s = existingState();
    if (s != null) {
      s.blockingCallSite = site;
    }
  }

  /** After such a call returned. */
  public static void blockingCallDone() {
    ThreadState s = existingState();
    if (s != null) {
      s.blockingCallSite = -1;
    }
  }

  private static void blockExit(Object entered, int kind, int callSite) {
    try {
      ThreadState s = live(entered);
      if (s != null) {
        s.blockExit(kind, callSite);
      }
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /** Replaces the program's calls of {@code Thread.sleep(long)} at call site {@code site}. */
  public static void sleep(long millis, int site) throws InterruptedException {
    Object entered = parkEnter(null);
    try {
      Thread.sleep(millis);
    } finally {
      blockExit(entered, TraceFormat.BLOCK_SLEEP, site);
    }
  }

  /** Replaces the program's calls of {@code Thread.sleep(long, int)}. */
  public static void sleep(long millis, int nanos, int site) throws InterruptedException {
    Object entered = parkEnter(null);
    try {
      Thread.sleep(millis, nanos);
    } finally {
      blockExit(entered, TraceFormat.BLOCK_SLEEP, site);
    }
  }

  /** Replaces the program's calls of {@code TimeUnit.sleep(long)}. */
  public static void sleep(TimeUnit unit, long duration, int site) throws InterruptedException {
    Object entered = parkEnter(null);
    try {
      unit.sleep(duration);
    } finally {
      blockExit(entered, TraceFormat.BLOCK_SLEEP, site);
    }
  }

  /** Replaces the program's calls of {@code Object.wait()}. */
  public static void wait(Object monitor, int site) throws InterruptedException {
    Object entered = parkEnter(null);
    try {
      monitor.wait();
    } finally {
      blockExit(entered, TraceFormat.BLOCK_WAIT, site);
    }
  }

  /** Replaces the program's calls of {@code Object.wait(long)}. */
  public static void wait(Object monitor, long millis, int site) throws InterruptedException {
    Object entered = parkEnter(null);
    try {
      monitor.wait(millis);
    } finally {
      blockExit(entered, TraceFormat.BLOCK_WAIT, site);
    }
  }

  /** Replaces the program's calls of {@code Object.wait(long, int)}. */
  public static void wait(Object monitor, long millis, int nanos, int site)
      throws InterruptedException {
    Object entered = parkEnter(null);
    try {
      monitor.wait(millis, nanos);
    } finally {
      blockExit(entered, TraceFormat.BLOCK_WAIT, site);
    }
  }

  /**
   * Follows each {@code monitorenter} in the program's code, with the clock read just before it: a
   * clock read and a subtraction unless the enter took longer than {@link #CONTENDED_MONITOR_NS}.
   */
  public static void monitorEntered(long startNs, int site) {
    if (System.nanoTime() - startNs < CONTENDED_MONITOR_NS) {
      return;
    }
    try {
      ThreadState s = existingState();
      if (s != null) {
        s.monitorEntered(startNs, site);
      }
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /** Replaces {@code task.run()} in {@code ThreadPoolExecutor.runWorker}. */
  public static void runWorkerTask(Runnable task) {
    Object entered = enter(task, RUN);
    try {
      task.run();
    } finally {
      exit(entered);
    }
  }
}
