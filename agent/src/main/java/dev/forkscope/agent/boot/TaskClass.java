package dev.forkscope.agent.boot;

import dev.forkscope.agent.contract.TraceFormat;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the recorder knows about one class of objects it meets as tasks: an id for the trace,
 * whether it is a JDK wrapper to see through, whether it is pool plumbing to ignore, and per-class
 * sampling counters.
 *
 * <p>Implementation note: instances are computed once per class through a {@link ClassValue} (no
 * lock on a hit) and registered in a queue that the writer drains into the trace's class table. The
 * sampling counters are plain ints, written only for a class's first few executions (so hot classes
 * stop writing them) and updated racily: a lost increment only shifts which execution gets sampled.
 */
final class TaskClass {
  /** JDK wrappers and the field that holds what they wrap, most specific first. */
  private static final Map<String, String> WRAPPED_FIELD =
      Map.ofEntries(
          Map.entry("java.util.concurrent.ExecutorCompletionService$QueueingFuture", "task"),
          Map.entry("java.util.concurrent.FutureTask", "callable"),
          Map.entry("java.util.concurrent.Executors$RunnableAdapter", "task"),
          Map.entry("java.util.concurrent.ForkJoinTask$AdaptedRunnable", "runnable"),
          Map.entry("java.util.concurrent.ForkJoinTask$AdaptedCallable", "callable"),
          Map.entry("java.util.concurrent.ForkJoinTask$RunnableExecuteAction", "runnable"),
          Map.entry("java.util.concurrent.ForkJoinTask$AdaptedRunnableAction", "runnable"),
          Map.entry("java.util.concurrent.ForkJoinTask$AdaptedInterruptibleCallable", "callable"),
          Map.entry("java.util.concurrent.ForkJoinTask$AdaptedInterruptibleRunnable", "runnable"),
          Map.entry("java.util.concurrent.CompletableFuture$AsyncSupply", "fn"),
          Map.entry("java.util.concurrent.CompletableFuture$AsyncRun", "fn"),
          Map.entry("java.util.concurrent.ThreadPerTaskExecutor$TaskRunner", "task"));

  /** Pool plumbing and runtime internals: never tasks of the program (their contents are). */
  private static final String[] IGNORED_PREFIXES = {
    "dev.forkscope.agent.",
    "jdk.internal.",
    "sun.",
    "java.lang.ref.",
    "java.lang.VirtualThread",
    "java.util.concurrent.ThreadPoolExecutor$Worker",
    "java.util.concurrent.ForkJoinWorkerThread"
  };

  /** The program classes that declare hooked execution methods (binary names). */
  private static final Set<String> DECLARE_EXECUTION_METHODS = ConcurrentHashMap.newKeySet();

  private static final AtomicInteger NEXT_ID = new AtomicInteger(1);
  static final ConcurrentLinkedQueue<TaskClass> UNWRITTEN = new ConcurrentLinkedQueue<>();

  /** Every class met so far, for the creation counts written at exit. */
  static final ConcurrentLinkedQueue<TaskClass> ALL = new ConcurrentLinkedQueue<>();

  private static final ClassValue<TaskClass> INFO =
      new ClassValue<>() {
        @Override
        protected TaskClass computeValue(Class<?> type) {
          TaskClass info = new TaskClass(type);
          UNWRITTEN.add(info);
          ALL.add(info);
          return info;
        }
      };

  final int id;
  final String name;
  final boolean ignored;
  final int kinds;

  /**
   * Whether an execution of an instance may be entered again inside itself: the class or a
   * superclass declares a hooked execution method (see {@link ThreadState#enter}).
   */
  final boolean reenters;

  /** Field path to the wrapped task, or null when this class is not a wrapper. */
  private final Field[] wrapped;

  int executions;

  /**
   * Executions recorded before sampling could start, counted racily up to {@link Sampling#WARM_UP}:
   * the last one wakes the writer, so that the class's period is chosen before the JIT compiles its
   * hooks for one path only (see {@link ThreadState#enter}).
   */
  int recorded;

  /**
   * log2 of the period at which this class's records are sampled (see {@link
   * TraceFormat#periodLog}): 0 (every record) until the writer has seen enough of its executions to
   * find it fine-grained; it only ever grows. Volatile, so that a hook inlined into a program's
   * loop sees it change.
   */
  volatile int sampleShift;

  int creationSamples;
  int submissionSamples;

  private TaskClass(Class<?> type) {
    this.id = NEXT_ID.getAndIncrement();
    this.name = type.getName();
    this.ignored = isIgnored(name);
    this.kinds = kindsOf(type);
    this.wrapped = wrappedPath(type);
    this.reenters = declaresExecutionMethods(type);
  }

  static TaskClass of(Class<?> type) {
    return INFO.get(type);
  }

  /**
   * Prepares a new recording (no recording in progress): every class met so far goes into the new
   * trace's class table again, and its sampling starts over as in a new JVM.
   */
  static void restart() {
    UNWRITTEN.clear();
    for (TaskClass tc : ALL) {
      tc.executions = 0;
      tc.recorded = 0;
      tc.sampleShift = 0;
      tc.creationSamples = 0;
      tc.submissionSamples = 0;
      UNWRITTEN.add(tc);
    }
  }

  /**
   * Whether creations are counted rather than recorded one by one (see {@link
   * ThreadState#created}).
   */
  boolean countsCreations() {
    return (kinds & TraceFormat.KIND_FORK_JOIN) != 0;
  }

  boolean isWrapper() {
    return wrapped != null;
  }

  /**
   * The object this wrapper runs, or null when it holds none (for example a completed FutureTask).
   */
  Object unwrap(Object wrapper) {
    Object o = wrapper;
    try {
      for (Field f : wrapped) {
        o = f.get(o);
        if (o == null) {
          return null;
        }
      }
      return o;
    } catch (IllegalAccessException e) {
      return null;
    }
  }

  /** See {@link Recorder#declaresExecutionMethods}. */
  static void declaresExecutionMethods(String className) {
    DECLARE_EXECUTION_METHODS.add(className);
  }

  private static boolean declaresExecutionMethods(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      if (DECLARE_EXECUTION_METHODS.contains(c.getName())) {
        return true;
      }
    }
    return false;
  }

  private static boolean isIgnored(String name) {
    for (String p : IGNORED_PREFIXES) {
      if (name.startsWith(p)) {
        return true;
      }
    }
    return false;
  }

  private static int kindsOf(Class<?> type) {
    int k = 0;
    if (Runnable.class.isAssignableFrom(type)) {
      k |= TraceFormat.KIND_RUNNABLE;
    }
    if (Callable.class.isAssignableFrom(type)) {
      k |= TraceFormat.KIND_CALLABLE;
    }
    if (ForkJoinTask.class.isAssignableFrom(type)) {
      k |= TraceFormat.KIND_FORK_JOIN;
    }
    if (Thread.class.isAssignableFrom(type)) {
      k |= TraceFormat.KIND_THREAD;
    }
    return k;
  }

  private static Field[] wrappedPath(Class<?> type) {
    try {
      if (type == Thread.class) {
        return threadTargetPath();
      }
      for (Class<?> c = type; c != null && c.getName().startsWith("java."); c = c.getSuperclass()) {
        String field = WRAPPED_FIELD.get(c.getName());
        if (field != null) {
          return new Field[] {accessible(c.getDeclaredField(field))};
        }
      }
      return null;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null; // the JDK differs from the ones we know: treat the wrapper as the task
    }
  }

  /** JDK 17 keeps a Thread's Runnable in {@code target}; JDK 21+ in {@code holder.task}. */
  private static Field[] threadTargetPath() throws ReflectiveOperationException {
    try {
      return new Field[] {accessible(Thread.class.getDeclaredField("target"))};
    } catch (NoSuchFieldException e) {
      Field holder = accessible(Thread.class.getDeclaredField("holder"));
      return new Field[] {holder, accessible(holder.getType().getDeclaredField("task"))};
    }
  }

  private static Field accessible(Field f) {
    f.setAccessible(true);
    return f;
  }
}
