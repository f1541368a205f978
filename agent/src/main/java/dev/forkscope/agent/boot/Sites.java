package dev.forkscope.agent.boot;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Sampled calling contexts of task creation and submission: the first frames outside JDK, agent and
 * executor code, interned into the trace's site table.
 *
 * <p>Sampling: the first {@link #SAMPLE_FIRST} creations (and submissions) of each task class, then
 * 1 in {@link #SAMPLE_EVERY} on each thread. A stack walk costs microseconds, so it must stay off
 * the common path.
 */
final class Sites {
  static final int SAMPLE_FIRST = 4;
  static final int SAMPLE_EVERY = 4096;
  private static final int FRAMES = 4;

  private static final StackWalker WALKER =
      StackWalker.getInstance(Set.of(StackWalker.Option.RETAIN_CLASS_REFERENCE));
  private static final ConcurrentHashMap<String, Integer> IDS = new ConcurrentHashMap<>();
  private static final AtomicInteger NEXT_ID = new AtomicInteger();

  /** Sites not yet written to the trace, as {id, frames}. */
  static final ConcurrentLinkedQueue<Object[]> UNWRITTEN = new ConcurrentLinkedQueue<>();

  private Sites() {}

  /** Prepares a new recording (no recording in progress): its site table starts empty. */
  static void restart() {
    IDS.clear();
    UNWRITTEN.clear();
    NEXT_ID.set(0);
  }

  /**
   * The current calling context's site id.
   *
   * @param constructed the class being constructed (its constructor frames are skipped), or null
   */
  static int capture(ThreadState state, Class<?> constructed) {
    state.busy = true;
    try {
      List<String> frames = WALKER.walk(new FirstFrames(constructed));
      String key = String.join("\n", frames);
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
    } finally {
      state.busy = false;
    }
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
    if (n.startsWith("java.")
        || n.startsWith("jdk.")
        || n.startsWith("sun.")
        || n.startsWith("dev.forkscope.agent.")) {
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
