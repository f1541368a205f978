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
 * The static entry points that instrumented code calls. This class and its package are appended to
 * the boot class path so that instrumented JDK classes can see them; they must not reference
 * anything outside the JDK. Nothing on the paths that instrumented code reaches may use a lambda, a
 * method reference or a string concatenation compiled to invokedynamic (the agent module is
 * compiled with {@code -XDstringConcat=inline}): bootstrapping those costs tens of milliseconds at
 * first use and runs JDK code that may itself be hooked.
 *
 * <p>Every entry point finds the calling thread's {@link ThreadState} and returns quickly; none of
 * them locks, parks or allocates on the steady-state path. Before {@link #start} nothing is
 * installed, so the entry points are never reached.
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
  private static final ThreadLocal<ThreadState> STATE =
      new ThreadLocal<>() {
        @Override
        protected ThreadState initialValue() {
          return ThreadState.forCurrentThread();
        }
      };

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
   * @param sampling whether fine-grained task classes are sampled ({@link Sampling})
   * @param waitPeriodNs how often to sample the states of threads ({@link WaitSampler}); 0 for
   *     never
   * @param settings the agent options as given, for the trace's meta data
   * @return an error message, or null when recording started
   */
  public static String start(
      Path out,
      String cpu,
      boolean withContexts,
      boolean sampling,
      long waitPeriodNs,
      Map<String, String> settings) {
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
    pool = new ChunkPool(CHUNKS, CHUNK_WORDS);
    cpuMode = mode;
    contexts = withContexts;
    String cpuName = mode == CPU_ALL ? "all" : mode == CPU_OFF ? "off" : "sampled";
    return TraceWriter.start(out, pool, cpuName, withContexts, sampling, waitPeriodNs, settings);
  }

  @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+
  private static ThreadState state() {
    Thread t = Thread.currentThread();
    int slot = (int) t.getId() & (RECENT.length - 1);
    ThreadState s = RECENT[slot];
    if (s == null || s.thread != t) {
      s = STATE.get();
      RECENT[slot] = s;
    }
    return s;
  }

  static Chunk takeChunk() {
    ChunkPool p = pool;
    return p == null ? null : p.pop();
  }

  static long threadCpuTime() {
    return threads.getCurrentThreadCpuTime();
  }

  /**
   * Entry of an execution method ({@code run}, {@code call}, {@code exec}, {@code doExec}) of
   * {@code task}; the hooked method calls {@link #exit} on every way out.
   *
   * @param method {@link #RUN}, {@link #CALL} or {@link #EXEC}
   */
  public static void enter(Object task, int method) {
    try {
      state().enter(task, method, task instanceof Thread);
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /**
   * Entry of a virtual thread's body ({@code VirtualThread.run(Runnable)}); {@link #exit} follows.
   */
  public static void enterVirtual(Object task) {
    try {
      state().enter(task, RUN, true);
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /**
   * Exit, normal or by exception, of the execution method whose {@link #enter} came last on this
   * thread.
   */
  public static void exit() {
    try {
      state().exit();
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /**
   * Exit of a constructor of a task class; records a creation when {@code declaring} is the
   * object's class.
   */
  public static void created(Object task, Class<?> declaring) {
    try {
      if (task.getClass() == declaring) {
        state().created(task, declaring);
      }
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /** Entry of a submission method; only the outermost one on the stack records. */
  public static void submitEnter(Object executor, Object task) {
    try {
      ThreadState s = state();
      if (s.submitDepth++ == 0) {
        s.submitted(executor, task, true);
      }
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /** Entry of {@code invokeAll}/{@code invokeAny}: one submission per task. */
  public static void submitAllEnter(Object executor, Collection<?> tasks) {
    try {
      ThreadState s = state();
      if (s.submitDepth++ == 0 && tasks != null) {
        for (Object t : tasks) {
          s.submitted(executor, t, true);
        }
      }
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /** Exit, normal or by exception, of a submission method. */
  public static void submitExit() {
    try {
      state().submitDepth--;
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /**
   * {@code ForkJoinTask.fork()}: a submission to the worker's pool, or to the common pool from
   * outside.
   */
  public static void forked(Object task) {
    try {
      ThreadState s = state();
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
  public static void joinEnter() {
    try {
      state().waitEnter();
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /** Exit, normal or by exception, of such a wait. */
  public static void joinExit() {
    try {
      state().waitExit();
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /**
   * Normal return of a join of {@code task} ({@code ForkJoinTask.join}, {@code get}, {@code
   * quietlyJoin}...): records the join edge when this thread is inside a recorded execution.
   */
  public static void joined(Object task) {
    try {
      state().joined(task);
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /** Normal return of {@code ForkJoinTask.invokeAll(t1, t2)}: both tasks are joined. */
  public static void joined(Object t1, Object t2) {
    try {
      state().joined(t1, t2);
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /** Normal return of {@code ForkJoinTask.invokeAll(tasks...)}. */
  public static void joinedAll(Object[] tasks) {
    try {
      state().joinedAll(tasks);
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /** Normal return of {@code ForkJoinTask.invokeAll(Collection)}. */
  public static void joinedAll(Collection<?> tasks) {
    try {
      state().joinedAll(tasks);
    } catch (Throwable recorderFailure) {
      // never visible to the program
    }
  }

  /** Replaces {@code task.run()} in {@code ThreadPoolExecutor.runWorker}. */
  public static void runWorkerTask(Runnable task) {
    enter(task, RUN);
    try {
      task.run();
    } finally {
      exit();
    }
  }
}
