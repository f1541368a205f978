package dev.forkscope.agent.boot;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.LongAdder;

/**
 * The static entry points that instrumented code calls. This class and its package are appended to the
 * boot class path so that instrumented JDK classes can see them; they must not reference anything outside
 * the JDK.
 *
 * <p>Every entry point finds the calling thread's {@link ThreadState} and returns quickly; none of them
 * locks, parks or allocates on the steady-state path. Before {@link #start} nothing is installed, so the
 * entry points are never reached.
 */
public final class Recorder {
  static final int CPU_OFF = 0;
  static final int CPU_SAMPLED = 1;
  static final int CPU_ALL = 2;

  /** Chunks of record words: 512 x 32 KiB = 16 MiB of trace buffers at most. */
  private static final int CHUNKS = 512;
  private static final int CHUNK_WORDS = 4096;

  private static final ThreadLocal<ThreadState> STATE = ThreadLocal.withInitial(ThreadState::forCurrentThread);
  static final LongAdder DROPPED = new LongAdder();
  static volatile int cpuMode = CPU_OFF;
  static volatile boolean contexts;
  private static ChunkPool pool;
  private static ThreadMXBean threads;

  private Recorder() {}

  /**
   * Starts recording into {@code out} (which must exist and be writable).
   *
   * @param cpu "off", "sampled" or "all"
   * @param settings the agent options as given, for the trace's meta data
   * @return an error message, or null when recording started
   */
  public static String start(Path out, String cpu, boolean withContexts, Map<String, String> settings) {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    int mode = "all".equals(cpu) ? CPU_ALL : "off".equals(cpu) ? CPU_OFF : CPU_SAMPLED;
    if (mode != CPU_OFF && !mx.isCurrentThreadCpuTimeSupported()) {
      mode = CPU_OFF;
    } else if (mode != CPU_OFF && !mx.isThreadCpuTimeEnabled()) {
      mx.setThreadCpuTimeEnabled(true);
    }
    threads = mx;
    pool = new ChunkPool(CHUNKS, CHUNK_WORDS);
    cpuMode = mode;
    contexts = withContexts;
    String cpuName = mode == CPU_ALL ? "all" : mode == CPU_OFF ? "off" : "sampled";
    return TraceWriter.start(out, pool, cpuName, withContexts, settings);
  }

  static Chunk takeChunk() {
    ChunkPool p = pool;
    return p == null ? null : p.pop();
  }

  static long threadCpuTime() {
    return threads.getCurrentThreadCpuTime();
  }

  /**
   * Entry of an execution method ({@code run}, {@code call}, {@code exec}, {@code doExec}) of {@code task}.
   *
   * @return a token for {@link #exit}: the frame index plus one, or 0 when nothing was pushed (so that
   *     the default value of a suppressed advice failure is harmless)
   */
  public static int enter(Object task, String method) {
    char c = method.charAt(0);
    int m = c == 'c' ? ThreadState.CALL : c == 'r' ? ThreadState.RUN : ThreadState.EXEC;
    return STATE.get().enter(task, m, task instanceof Thread) + 1;
  }

  /** Entry of a virtual thread's body; returns a token as {@link #enter} does. */
  public static int enterVirtual(Object task) {
    return task == null ? 0 : STATE.get().enter(task, ThreadState.RUN, true) + 1;
  }

  /** Exit (normal or by exception) of the execution that {@link #enter} returned {@code token} for. */
  public static void exit(int token) {
    if (token > 0) {
      STATE.get().exit(token - 1);
    }
  }

  /** Exit of a constructor of a task class; records a creation when {@code declaring} is the object's class. */
  public static void created(Object task, Class<?> declaring) {
    if (task.getClass() == declaring) {
      STATE.get().created(task, declaring);
    }
  }

  /** Entry of a submission method; only the outermost one on the stack records. */
  public static void submitEnter(Object executor, Object task) {
    ThreadState s = STATE.get();
    if (s.submitDepth++ == 0) {
      s.submitted(executor, task, true);
    }
  }

  /** Entry of {@code invokeAll}/{@code invokeAny}: one submission per task. */
  public static void submitAllEnter(Object executor, Collection<?> tasks) {
    ThreadState s = STATE.get();
    if (s.submitDepth++ == 0 && tasks != null) {
      for (Object t : tasks) {
        s.submitted(executor, t, true);
      }
    }
  }

  public static void submitExit() {
    STATE.get().submitDepth--;
  }

  /** {@code ForkJoinTask.fork()}: a submission to the worker's pool, or to the common pool from outside. */
  public static void forked(Object task) {
    ThreadState s = STATE.get();
    if (s.submitDepth == 0) {
      Thread t = s.thread;
      Object pool = t instanceof ForkJoinWorkerThread ? ((ForkJoinWorkerThread) t).getPool() : ForkJoinPool.commonPool();
      s.submitted(pool, task, true);
    }
  }

  /** Entry of a wait that may run other tasks (join, helpQuiesce, managedBlock...). */
  public static void joinEnter() {
    STATE.get().joinDepth++;
  }

  public static void joinExit() {
    STATE.get().joinDepth--;
  }

  /** Replaces {@code task.run()} in {@code ThreadPoolExecutor.runWorker}. */
  public static void runWorkerTask(Runnable task) {
    int token = 0;
    try {
      token = STATE.get().enter(task, ThreadState.RUN, false) + 1;
    } catch (Throwable recorderFailure) {
      // the task must run whatever happens to the recorder
    }
    try {
      task.run();
    } finally {
      exit(token);
    }
  }
}
