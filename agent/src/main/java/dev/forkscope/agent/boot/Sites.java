package dev.forkscope.agent.boot;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Calling contexts interned into the trace's site table: of task creation and submission (sampled),
 * the first frames outside JDK, agent and executor code; of blocks inside executions, the call site
 * the transformer found in the program's code ({@link #callSite}) or, for a park in a call it did
 * not see, a stack walk ({@link #captureBlock}): the JDK call the program blocked in, then the
 * program's frames, each {@code class.method:line}.
 *
 * <p>Sampling: the first {@link #SAMPLE_FIRST} creations (and submissions) of each task class, then
 * 1 in {@link #SAMPLE_EVERY} on each thread. A stack walk costs microseconds (hundreds on a loaded
 * machine before the JIT compiled the walker), so it must stay off the common path.
 */
final class Sites {
  static final int SAMPLE_FIRST = 4;
  static final int SAMPLE_EVERY = 4096;
  private static final int FRAMES = 4;

  private static final StackWalker WALKER =
      StackWalker.getInstance(Set.of(StackWalker.Option.RETAIN_CLASS_REFERENCE));
  private static final ConcurrentHashMap<String, Integer> IDS = new ConcurrentHashMap<>();
  private static final AtomicInteger NEXT_ID = new AtomicInteger();

  /**
   * The call sites of {@link #callSite}, by id, each its frames; appended to under its lock, read
   * by any thread.
   */
  private static final List<List<String>> CALL_SITES = new CopyOnWriteArrayList<>();

  private static final ConcurrentHashMap<String, Integer> CALL_SITE_IDS = new ConcurrentHashMap<>();

  /**
   * Per call site, its id in this recording's table plus one (0: not yet interned), so that a block
   * at a known call site costs an array read.
   */
  private static volatile int[] recordingIds = new int[64];

  /** What {@link #captureBlock} returns for a pool's own wait for work. */
  static final int IDLE = -2;

  /**
   * The JDK's worker loops ({@code class.method}): a park under one of them with no frame of the
   * program's in between is the pool's own, waiting for work ({@code getTask}, {@code awaitWork})
   * or for its own locks (a worker's lock, the pool's main lock when a worker starts or ends), not
   * a task's; a task's frames lie between its parks and the loop.
   */
  private static final Set<String> IDLE_METHODS =
      Set.of(
          "java.util.concurrent.ThreadPoolExecutor.runWorker",
          "java.util.concurrent.ForkJoinPool.runWorker");

  /** Sites not yet written to the trace, as {id, frames}. */
  static final ConcurrentLinkedQueue<Object[]> UNWRITTEN = new ConcurrentLinkedQueue<>();

  private Sites() {}

  /** Prepares a new recording (no recording in progress): its site table starts empty. */
  static void restart() {
    IDS.clear();
    UNWRITTEN.clear();
    NEXT_ID.set(0);
    recordingIds = new int[64];
    WALKER.walk(new BlockFrames()); // the walker's set-up, paid here rather than by a first block
  }

  /**
   * The current calling context's site id.
   *
   * @param constructed the class being constructed (its constructor frames are skipped), or null
   */
  static int capture(ThreadState state, Class<?> constructed) {
    state.busy = true;
    try {
      return intern(WALKER.walk(new FirstFrames(constructed)));
    } finally {
      state.busy = false;
    }
  }

  /**
   * The calling context of a park, or {@link #IDLE} for a pool's wait for work: the outermost JDK
   * frame called by the program (the blocking call it made, e.g. {@code CountDownLatch.await}), if
   * any, then the program's first {@link #FRAMES} frames.
   */
  static int captureBlock(ThreadState state) {
    state.busy = true;
    try {
      List<String> frames = WALKER.walk(new BlockFrames());
      return frames == null ? IDLE : intern(frames);
    } finally {
      state.busy = false;
    }
  }

  /**
   * The site of a blocking call the transformer found in the program's code, by the id {@link
   * #callSite} gave it: its one frame, interned into this recording's table.
   */
  static int ofCallSite(int callSite) {
    int[] ids = recordingIds;
    if (callSite < ids.length && ids[callSite] != 0) {
      return ids[callSite] - 1;
    }
    if (callSite >= CALL_SITES.size()) {
      return -1;
    }
    int id = intern(CALL_SITES.get(callSite));
    if (callSite >= ids.length) {
      ids = Arrays.copyOf(ids, Math.max(callSite + 1, 2 * ids.length));
    }
    ids[callSite] = id + 1; // racy: a lost update costs another lookup, never a wrong id
    recordingIds = ids;
    return id;
  }

  /**
   * An id, for the life of the JVM, of the call site {@code frame} ({@code class.method:line}) of a
   * blocking call, which the transformer compiles into the program's code; {@code call} names the
   * JDK method called there ({@code class.method}), null for a sleep, a wait or a monitor.
   */
  static int callSite(String call, String frame) {
    String key = call == null ? frame : call.concat("\n").concat(frame);
    Integer id = CALL_SITE_IDS.get(key);
    if (id == null) {
      synchronized (CALL_SITES) {
        id = CALL_SITE_IDS.get(key);
        if (id == null) {
          id = CALL_SITES.size();
          CALL_SITES.add(call == null ? List.of(frame) : List.of(call, frame));
          CALL_SITE_IDS.put(key, id);
        }
      }
    }
    return id;
  }

  private static int intern(List<String> frames) {
    return intern(String.join("\n", frames), frames);
  }

  private static int intern(String key, List<String> frames) {
    Integer id = IDS.get(key);
    if (id == null) {
      Integer fresh = NEXT_ID.getAndIncrement();
      id = IDS.putIfAbsent(key, fresh);
      if (id == null) {
        id = fresh;
        UNWRITTEN.add(new Object[] {fresh, frames});
      }
    }
    return id;
  }

  /** The frames of {@link #captureBlock}, null when idle; a class rather than a lambda. */
  private static final class BlockFrames
      implements Function<Stream<StackWalker.StackFrame>, List<String>> {
    @Override
    public List<String> apply(Stream<StackWalker.StackFrame> stack) {
      List<String> out = new ArrayList<>(FRAMES + 1);
      StackWalker.StackFrame call = null;
      for (Iterator<StackWalker.StackFrame> it = stack.iterator();
          it.hasNext() && out.size() < FRAMES; ) {
        StackWalker.StackFrame f = it.next();
        String n = f.getClassName();
        if (n.startsWith("dev.forkscope.agent.")) {
          continue;
        }
        if (out.isEmpty() && isJdk(n)) {
          if (IDLE_METHODS.contains(n.concat(".").concat(f.getMethodName()))) {
            return null;
          }
          call = f;
          continue;
        }
        if (out.isEmpty() && call != null) {
          out.add(frame(call));
        }
        out.add(frame(f));
      }
      if (out.isEmpty() && call != null) {
        out.add(frame(call));
      }
      return out;
    }

    private static String frame(StackWalker.StackFrame f) {
      return f.getClassName() + "." + f.getMethodName() + ":" + f.getLineNumber();
    }
  }

  private static boolean isJdk(String className) {
    return className.startsWith("java.")
        || className.startsWith("jdk.")
        || className.startsWith("sun.");
  }

  /**
   * The first {@link #FRAMES} frames not skipped; a class rather than a lambda (see {@link
   * Recorder}).
   */
  private static final class FirstFrames
      implements Function<Stream<StackWalker.StackFrame>, List<String>> {
    private final Class<?> constructed;

    FirstFrames(Class<?> constructed) {
      this.constructed = constructed;
    }

    @Override
    public List<String> apply(Stream<StackWalker.StackFrame> stack) {
      List<String> out = new ArrayList<>(FRAMES);
      for (Iterator<StackWalker.StackFrame> it = stack.iterator();
          it.hasNext() && out.size() < FRAMES; ) {
        StackWalker.StackFrame f = it.next();
        if (!skipped(f, constructed)) {
          out.add(describe(f));
        }
      }
      return out;
    }
  }

  private static boolean skipped(StackWalker.StackFrame f, Class<?> constructed) {
    Class<?> c = f.getDeclaringClass();
    String n = c.getName();
    if (isJdk(n) || n.startsWith("dev.forkscope.agent.")) {
      return true;
    }
    if (Executor.class.isAssignableFrom(c)) {
      return true;
    }
    return constructed != null
        && f.getMethodName().equals("<init>")
        && c.isAssignableFrom(constructed);
  }

  private static String describe(StackWalker.StackFrame f) {
    String file = f.getFileName();
    return f.getClassName()
        + "."
        + f.getMethodName()
        + "("
        + (file == null ? "Unknown Source" : file + ":" + f.getLineNumber())
        + ")";
  }
}
