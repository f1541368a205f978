package dev.forkscope.agent;

import dev.forkscope.agent.boot.Recorder;
import dev.forkscope.agent.contract.AgentOptions;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.TimeUnit;

/**
 * A recording in a JVM that is already running ({@code agentmain}): hooks the loaded task and
 * executor classes, records for a window, then removes the hooks and lets go, so that the program
 * runs on as it ran before.
 *
 * <p>Implementation note. Start: the {@link HookTransformer} is added, and the loaded classes that
 * may get hooks (by the rules of a launch: non-JDK tasks and executors, the JDK's executors and
 * hooked classes) are retransformed in batches of {@link #BATCH}. Each {@code retransformClasses}
 * call stops the program's threads once, at a safepoint whose length is mostly fixed (HotSpot walks
 * every loaded class and deoptimises dependent code once per call) and grows little with the batch
 * (the attach benchmark in docs/journal.md: many small batches held the threads far longer than one
 * large one), so batches are large and only bound a single pause for programs with thousands of
 * task classes. The transformation itself, ASM on the class bytes, runs in this thread before the
 * safepoint, while the program runs. Only then does the recording start ({@link Recorder#start}):
 * until then the hooks find no recording and do nothing, so the window opens with every hook in
 * place. Stop (after {@code duration=MS}, through a second attachment with {@code stop}, or never
 * when the JVM exits first): the recording stops and its trace is closed first ({@link
 * Recorder#stop}, which silences every hook at once), then the transformer is removed and every
 * class it hooked, found by name, is retransformed in batches again, which gives it back its
 * original bytes. Methods running at that moment finish in the code they were entered with (see
 * {@link Recorder}'s note on balance); every new call runs the original code. What stays in the
 * JVM: the recorder's classes on the boot class path (a JVM cannot remove them; a second attachment
 * reuses them), their idle static state, and the system property {@code dev.forkscope.agent=idle}.
 * One attachment records at a time; starts and stops are serialised on this class.
 *
 * <p>Nothing here writes to the program's standard streams: the outcome of a start goes into
 * {@value #STATUS} in the output directory, for the tool that attached.
 */
final class Attachment {
  /** The file in the output directory that tells the attaching tool how the start went. */
  static final String STATUS = "attach-status.txt";

  /** The file in the output directory whose creation asks for the recording to stop. */
  static final String STOP = "attach-stop";

  /** How often the stop file is looked for. */
  private static final long POLL_MS = 50;

  /** Classes per retransformation: one safepoint each. */
  static final int BATCH = 1024;

  /** The attachment recording now, or null; guarded by the class. */
  private static Attachment current;

  private final Instrumentation inst;
  private final HookTransformer hooks;
  private final Path out;
  private Thread timer;

  private Attachment(Instrumentation inst, HookTransformer hooks, Path out) {
    this.inst = inst;
    this.hooks = hooks;
    this.out = out;
  }

  /**
   * Hooks the loaded classes and starts a recording with {@code options}; returns an error, or null
   * when recording started. On an error nothing stays hooked.
   */
  static synchronized String start(Instrumentation inst, AgentOptions options) {
    if (current != null || Recorder.isRecording()) {
      return "forkscope is already recording in this JVM";
    }
    String error = Installer.openJavaBase(inst);
    if (error != null) {
      return error;
    }
    Attachment a =
        new Attachment(inst, new HookTransformer(inst, options.timedMonitors()), options.out());
    inst.addTransformer(a.hooks, true);
    List<Class<?>> candidates = new ArrayList<>();
    for (Class<?> c : inst.getAllLoadedClasses()) {
      if (mayHaveHooks(c) && inst.isModifiableClass(c)) {
        candidates.add(c);
      }
    }
    Map<String, Long> figures = new LinkedHashMap<>();
    try {
      long[] times = a.retransform(candidates);
      figures.put("attachClasses", (long) candidates.size());
      figures.put("attachRetransformNs", times[0]);
      figures.put("attachLongestBatchNs", times[1]);
      error = Installer.startRecorder(options, figures);
    } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
      error = "cannot hook the loaded classes: " + e;
    }
    if (error != null) {
      a.removeHooks();
      return error;
    }
    a.timer = new Timer(options.out().resolve(STOP), options.durationMs());
    a.timer.start();
    current = a;
    return null;
  }

  /** Ends the recording in progress, if any, and removes its hooks. */
  static synchronized void stop() {
    Attachment a = current;
    if (a == null) {
      return;
    }
    current = null;
    if (a.timer != Thread.currentThread()) {
      a.timer.interrupt();
    }
    Recorder.stop();
    int[] removed = a.removeHooks();
    write(
        a.out,
        "stopped: hooks removed from "
            + removed[0]
            + " classes"
            + (removed[1] > 0 ? ", " + removed[1] + " keep silent hooks" : ""));
  }

  /** Writes the outcome of a start into {@value #STATUS} in {@code dir}: "started" or the error. */
  static void report(Path dir, String error) {
    write(dir, error == null ? "started" : "error: " + error);
  }

  /**
   * Replaces {@value #STATUS} in {@code dir} with {@code line}: after a start, "started" or "error:
   * ..."; after a stop, "stopped: ..." with the classes whose hooks were removed.
   */
  private static void write(Path dir, String line) {
    try {
      Path tmp = dir.resolve(STATUS + ".tmp");
      Files.writeString(tmp, line + "\n", StandardCharsets.UTF_8);
      Files.move(
          tmp,
          dir.resolve(STATUS),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      // the attaching tool finds no status and says so
    }
  }

  /**
   * Whether a loaded class may get hooks, by the rules {@link HookTransformer} applies to a class
   * being loaded (which decides again, from the class's bytes).
   */
  private static boolean mayHaveHooks(Class<?> c) {
    if (c.isInterface() || c.isArray() || c.isPrimitive() || c.isHidden() || c.isSynthetic()) {
      return false;
    }
    String name = c.getName().replace('.', '/');
    if (name.startsWith("dev/forkscope/agent/")) {
      return false;
    }
    if (HookTransformer.isJdk(name)) {
      return Installer.mayHaveJdkHooks(c, name);
    }
    return Runnable.class.isAssignableFrom(c)
        || Callable.class.isAssignableFrom(c)
        || ForkJoinTask.class.isAssignableFrom(c)
        || Executor.class.isAssignableFrom(c);
  }

  /**
   * Retransforms {@code classes} in batches; returns the total time of the calls and the longest.
   */
  private long[] retransform(List<Class<?>> classes) throws UnmodifiableClassException {
    long total = 0;
    long longest = 0;
    for (int from = 0; from < classes.size(); from += BATCH) {
      List<Class<?>> batch = classes.subList(from, Math.min(classes.size(), from + BATCH));
      long t0 = System.nanoTime();
      inst.retransformClasses(batch.toArray(new Class<?>[0]));
      long t = System.nanoTime() - t0;
      total += t;
      longest = Math.max(longest, t);
    }
    return new long[] {total, longest};
  }

  /**
   * Removes the transformer and gives every class it hooked its original bytes back. A class that
   * cannot be retransformed keeps its hooks, which do nothing without a recording.
   *
   * @return the number of classes restored, and of those that keep their hooks
   */
  private int[] removeHooks() {
    inst.removeTransformer(hooks);
    List<Class<?>> hooked = new ArrayList<>();
    for (Class<?> c : inst.getAllLoadedClasses()) {
      if (hooks.hasHooked(c.getName().replace('.', '/')) && inst.isModifiableClass(c)) {
        hooked.add(c);
      }
    }
    int[] counts = new int[2];
    for (int from = 0; from < hooked.size(); from += BATCH) {
      int to = Math.min(hooked.size(), from + BATCH);
      try {
        inst.retransformClasses(hooked.subList(from, to).toArray(new Class<?>[0]));
        counts[0] += to - from;
      } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
        counts[1] += to - from; // that batch keeps its silent hooks
      }
    }
    return counts;
  }

  /**
   * Stops the recording after its duration (0: none), or when the stop file appears (the attaching
   * tool's Ctrl-C); a daemon, so that it never holds the JVM up.
   */
  private static final class Timer extends Thread {
    private final Path stopFile;
    private final long durationMs;

    Timer(Path stopFile, long durationMs) {
      super("forkscope-attach-timer");
      this.stopFile = stopFile;
      this.durationMs = durationMs;
      setDaemon(true);
    }

    @Override
    public void run() {
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(durationMs);
      try {
        while (!Files.exists(stopFile) && (durationMs == 0 || System.nanoTime() < deadline)) {
          TimeUnit.MILLISECONDS.sleep(POLL_MS);
        }
      } catch (InterruptedException stoppedElsewhere) {
        return;
      }
      Attachment.stop(); // not Thread.stop()
    }
  }
}
