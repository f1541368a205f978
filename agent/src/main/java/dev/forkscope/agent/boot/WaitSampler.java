package dev.forkscope.agent.boot;

import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * The agent's part of the JVM layer, in {@value #FILE}: which OS thread each recording Java thread
 * is (so that the {@code /proc} samples line up with the task trace), and when threads were not
 * running (parked, blocked on a monitor, waiting, sleeping), found by sampling. Every {@code
 * periodNs} it reads the state of each recording thread ({@link Thread#getState}, a field read that
 * stops nobody); for a thread not runnable inside a recorded execution it also takes the stack,
 * which tells a sleep from a park and names the site (and is dropped when the state has changed by
 * the time the stack is taken). Consecutive samples of one thread in the same state at the same
 * site are written as one interval: from the first sample to one period after the last. A wait
 * shorter than the period is seen with a probability of its length over the period; one of n
 * periods is measured to within a period.
 *
 * <p>This replaces JDK Flight Recorder's wait events for the default profile: JFR's start-up and
 * exit cost a fixed amount of CPU per JVM, far more than the 3 % a profile of a short program may
 * add (docs/profile.md, JVM and OS layers). Its cost here: one wake-up per period and a few stacks
 * a period, at most {@link #STACKS_PER_TICK}. A stack is taken when a wait begins (a new state or a
 * new execution); while a thread stays in that state in that execution, or waits in it again, its
 * stack is taken again after 4, 8, 16, ... up to {@value #MAX_RECHECK_TICKS} periods, to see
 * whether it moved to another site (a task that sleeps once per chunk of its work costs a stack per
 * doubling, not per sleep). Taking every waiting thread's stack every period made Spark, whose
 * 30-odd service threads wait for the whole run inside their thread bodies, much slower (a stack is
 * work and, before JDK 19, a stop of every thread; docs/profile.md has the figures); the back-off
 * costs a site change that happens between two checks (within one wait, or from one wait to the
 * next in the same state and execution) its place in time, never the wait.
 *
 * <p>Implementation note: one daemon thread owns everything but {@link #ARRIVED}, the queue through
 * which each recording thread hands its state over as it starts recording (so that the sampler
 * knows a thread from its first execution on). Lines of the file:
 *
 * <pre>
 * thread,JAVA_ID,OS_TID,NAME
 * wait,JAVA_ID,START_NS,END_NS,KIND,FRAME|FRAME|...
 * </pre>
 *
 * with KIND one of PARK, MONITOR, WAIT, SLEEP, frames innermost first as {@code class.method:line}
 * (empty for a thread outside executions), times {@code System.nanoTime} values.
 */
final class WaitSampler implements Runnable {
  static final String FILE = "layers-jvm.csv";

  /** Stacks taken per tick at most: the one costly step (see {@link #STACK_IS_HANDSHAKE}). */
  static final int STACKS_PER_TICK = 32;

  /** The longest interval, in periods, between two stacks of a thread that keeps waiting. */
  static final int MAX_RECHECK_TICKS = 256;

  /**
   * The periods until a wait's stack is first taken again: a task that sleeps or joins several
   * times in one execution of tens of milliseconds needs two stacks, not four.
   */
  static final int FIRST_RECHECK_TICKS = 4;

  /**
   * Whether {@link Thread#getStackTrace} of another thread is a handshake with that thread alone.
   * Before JDK 19 it stopped every thread of the program at a safepoint (HotSpot's "ThreadDump"),
   * tens of microseconds each on an idle machine and milliseconds on a loaded one, where a thread
   * that must reach the safepoint waits for a CPU; 21 is the first release since that is not a
   * preview one.
   */
  static final boolean STACK_IS_HANDSHAKE = Runtime.version().feature() >= 21;

  /** Frames kept per stack. */
  private static final int FRAMES = 16;

  /** Threads that started recording, not yet taken by the sampler; fed while {@link #on}. */
  static final ConcurrentLinkedQueue<ThreadState> ARRIVED = new ConcurrentLinkedQueue<>();

  /** Whether a sampler runs (and {@link #ARRIVED} is drained). */
  static volatile boolean on;

  private final long periodNs;
  private final BufferedWriter out;
  private final List<ThreadState> threads = new ArrayList<>();

  /** The open interval per thread, by ThreadState id; owned by the sampler thread. */
  private final Map<Long, Run> runs = new HashMap<>();

  private final Thread thread;
  private volatile boolean closing;
  private int rotation;

  /** Ticks so far; owned by the sampler thread. */
  private long ticks;

  /** The threads whose stacks a tick takes, with their states, executions and sample times. */
  private final ThreadState[] dueThreads = new ThreadState[STACKS_PER_TICK];

  private final Thread.State[] dueStates = new Thread.State[STACKS_PER_TICK];
  private final long[] dueExecutions = new long[STACKS_PER_TICK];
  private final long[] dueTimes = new long[STACKS_PER_TICK];
  private final String[] dueFrames = new String[STACKS_PER_TICK];

  private final ThreadMXBean threadBean = ManagementFactory.getThreadMXBean();

  private WaitSampler(Path dir, long periodNs) throws IOException {
    this.periodNs = periodNs;
    this.out = Files.newBufferedWriter(dir.resolve(FILE), StandardCharsets.UTF_8);
    this.thread = new Thread(this, "forkscope-wait-sampler");
    thread.setDaemon(true);
  }

  /** Starts sampling every {@code periodNs} into {@code dir}; null when the file cannot be made. */
  static WaitSampler start(Path dir, long periodNs) {
    try {
      WaitSampler s = new WaitSampler(dir, periodNs);
      on = true;
      s.thread.start();
      return s;
    } catch (IOException e) {
      Recorder.warn("cannot write " + FILE + ", no wait samples: " + e);
      return null;
    }
  }

  @Override
  public void run() {
    long next = System.nanoTime();
    while (!closing) {
      next += periodNs;
      long now = System.nanoTime();
      if (next - now > 0) {
        try {
          TimeUnit.NANOSECONDS.sleep(next - now);
        } catch (InterruptedException e) {
          break;
        }
      } else {
        next = now; // fell behind (a stop-the-world pause): do not catch up with a burst
      }
      tick();
    }
  }

  /** Stops the thread and writes the open intervals out. */
  void close() {
    on = false;
    closing = true;
    thread.interrupt();
    try {
      thread.join(TimeUnit.SECONDS.toMillis(1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      adopt(); // threads that started recording after the last tick, for their ids
      for (Run r : runs.values()) {
        if (r.open) {
          r.write(out, r.lastSeenNs + periodNs);
        }
      }
      out.close();
    } catch (IOException e) {
      Recorder.warn("writing " + FILE + " failed: " + e);
    }
  }

  private void tick() {
    ticks++;
    try {
      adopt();
      int due = 0;
      int n = threads.size();
      int first = n == 0 ? 0 : rotation++ % n; // who gets a stack first rotates
      for (int i = 0; i < n; i++) {
        ThreadState s = threads.get((first + i) % n);
        // in this order: a wait seen inside an execution is stamped after the execution's start
        long execution = s.executionMark();
        Thread.State state = s.thread.getState();
        long now = System.nanoTime();
        Run last = runs.get(s.id);
        if (state == Thread.State.RUNNABLE
            || state == Thread.State.NEW
            || state == Thread.State.TERMINATED) {
          end(last, now);
          continue;
        }
        boolean same = last != null && last.execution == execution && last.state == state;
        if (execution == 0) {
          settle(s, execution, state, "", now); // outside executions: no stack, no site
        } else if (same && (ticks < last.nextCheckTick || due == STACKS_PER_TICK)) {
          goOn(s.id, last, now); // not due for a stack, or none left: assume no change
        } else if (due == STACKS_PER_TICK) {
          end(last, now); // a new wait with no stack to tell what it waits for: the next tick
        } else {
          dueThreads[due] = s;
          dueStates[due] = state;
          dueExecutions[due] = execution;
          dueTimes[due++] = now;
        }
      }
      takeStacks(due);
      for (int i = 0; i < due; i++) {
        if (dueFrames[i] == null) {
          // it moved on while its stack was taken (a thread blocked for a moment on a class
          // loading lock is found back in its own loop): the stack is not the wait's
          end(runs.get(dueThreads[i].id), dueTimes[i]);
        } else {
          settle(dueThreads[i], dueExecutions[i], dueStates[i], dueFrames[i], dueTimes[i]);
        }
        dueThreads[i] = null;
      }
      for (Iterator<ThreadState> it = threads.iterator(); it.hasNext(); ) {
        ThreadState s = it.next();
        if (!s.thread.isAlive()) { // no lambda: see Recorder
          it.remove();
          end(runs.remove(s.id), System.nanoTime()); // its last wait goes with it
        }
      }
    } catch (IOException | RuntimeException e) {
      on = false;
      closing = true;
      Recorder.warn("wait sampling stopped: " + e);
    }
  }

  /**
   * The stacks of the first {@code due} threads of {@link #dueThreads} into {@link #dueFrames}, or
   * null for a thread no longer in the state it was sampled in. Where a stack is a handshake with
   * its thread ({@link #STACK_IS_HANDSHAKE}), one at a time; before, one call for all of them,
   * which is one stop of the program's threads instead of one per stack.
   */
  private void takeStacks(int due) {
    if (due == 0) {
      return;
    }
    if (STACK_IS_HANDSHAKE) {
      for (int i = 0; i < due; i++) {
        Thread t = dueThreads[i].thread;
        String frames = frames(t.getStackTrace());
        dueFrames[i] = t.getState() == dueStates[i] ? frames : null;
      }
      return;
    }
    long[] ids = new long[due];
    for (int i = 0; i < due; i++) {
      ids[i] = javaId(dueThreads[i].thread);
    }
    ThreadInfo[] infos = threadBean.getThreadInfo(ids, FRAMES);
    for (int i = 0; i < due; i++) {
      ThreadInfo info = infos[i];
      dueFrames[i] =
          info != null && info.getThreadState() == dueStates[i]
              ? frames(info.getStackTrace())
              : null;
    }
  }

  /** A wait of {@code s} seen at {@code now} at the site {@code frames}: the same or a new one. */
  private void settle(ThreadState s, long execution, Thread.State state, String frames, long now)
      throws IOException {
    Run last = runs.get(s.id);
    boolean same = last != null && last.execution == execution && last.state == state;
    String kind = kind(state, frames);
    if (same && last.kind.equals(kind) && last.frames.equals(frames)) {
      last.recheckAfter = Math.min(2 * last.recheckAfter, MAX_RECHECK_TICKS);
      last.nextCheckTick = ticks + last.recheckAfter;
      goOn(s.id, last, now);
      return;
    }
    end(last, now);
    runs.put(s.id, new Run(javaId(s.thread), execution, state, kind, frames, now, ticks));
  }

  /** Writes {@code run} out, ending at {@code now}, if it is still open. */
  private void end(Run run, long now) throws IOException {
    if (run != null && run.open) {
      run.write(out, now);
      run.open = false;
    }
  }

  /**
   * The same wait goes on at {@code now}, or, if {@code run} has ended, a new one at its site
   * begins: a thread that waits again in the same state in the same execution, between two of the
   * backed-off checks of its stack, waits where it waited before.
   */
  private void goOn(long id, Run run, long now) {
    if (run.open) {
      run.lastSeenNs = now;
    } else {
      runs.put(id, run.again(now));
    }
  }

  private void adopt() throws IOException {
    for (ThreadState s; (s = ARRIVED.poll()) != null; ) {
      threads.add(s);
      out.write("thread," + javaId(s.thread) + "," + s.osThreadId + "," + s.thread.getName());
      out.newLine();
    }
  }

  @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+
  private static long javaId(Thread t) {
    return t.getId();
  }

  /**
   * PARK, MONITOR, WAIT or SLEEP: a blocked thread waits for a monitor; otherwise the JDK frames on
   * top of the stack tell a sleep or an {@code Object.wait} (whatever parks beneath them, as a
   * virtual thread's sleep does) from a park. Without a stack a wait counts as a park.
   */
  static String kind(Thread.State state, String frames) {
    if (state == Thread.State.BLOCKED) {
      return "MONITOR";
    }
    for (String f : frames.split("\\|")) {
      if (f.startsWith("java.lang.Thread.sleep")) {
        return "SLEEP";
      }
      if (f.startsWith("java.lang.Object.wait")) {
        return "WAIT";
      }
      if (!f.startsWith("java.") && !f.startsWith("jdk.") && !f.startsWith("sun.")) {
        break;
      }
    }
    return "PARK";
  }

  /**
   * The top {@value #FRAMES} frames, innermost first, as {@code class.method:line} joined by '|'.
   */
  static String frames(StackTraceElement[] stack) {
    StringBuilder b = new StringBuilder(256);
    for (int i = 0; i < stack.length && i < FRAMES; i++) {
      if (i > 0) {
        b.append('|');
      }
      b.append(stack[i].getClassName()).append('.').append(stack[i].getMethodName());
      if (stack[i].getLineNumber() > 0) {
        b.append(':').append(stack[i].getLineNumber());
      }
    }
    return b.toString();
  }

  /** One open interval of a thread in one state at one site. */
  private static final class Run {
    final long javaId;
    final long execution;
    final Thread.State state;
    final String kind;
    final String frames;
    final long startNs;
    long lastSeenNs;

    /** Periods between this wait's stacks, doubling while they find it where it was. */
    int recheckAfter = FIRST_RECHECK_TICKS;

    /** The tick at which to take the next stack. */
    long nextCheckTick;

    /** Whether the interval has not been written yet. */
    boolean open = true;

    Run(
        long javaId,
        long execution,
        Thread.State state,
        String kind,
        String frames,
        long startNs,
        long tick) {
      this.javaId = javaId;
      this.execution = execution;
      this.state = state;
      this.kind = kind;
      this.frames = frames;
      this.startNs = startNs;
      this.lastSeenNs = startNs;
      this.nextCheckTick = tick + FIRST_RECHECK_TICKS;
    }

    /** A new interval from {@code startNs} at this one's site, its checks going on as they were. */
    Run again(long startNs) {
      Run r = new Run(javaId, execution, state, kind, frames, startNs, 0);
      r.recheckAfter = recheckAfter;
      r.nextCheckTick = nextCheckTick;
      return r;
    }

    void write(BufferedWriter out, long endNs) throws IOException {
      out.write("wait," + javaId + "," + startNs + "," + endNs + "," + kind + "," + frames);
      out.newLine();
    }
  }
}
