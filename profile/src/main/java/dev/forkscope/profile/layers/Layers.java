package dev.forkscope.profile.layers;

import java.util.List;

/**
 * The JVM and OS layers of a run, recorded beside the task trace (tgp's GC, CPU and context-switch
 * traces, Rosà et al. (2019), §5): garbage-collection pauses and the waits of threads from JDK
 * Flight Recorder, per-thread CPU time and context switches sampled from {@code /proc}. Every time
 * is a {@code System.nanoTime} value of the profiled JVM, the clock of the task executions, so the
 * layers line up with them.
 *
 * @param gcPauses stop-the-world pauses, in start order
 * @param waits intervals in which a thread was parked, blocked on a monitor, waiting or sleeping,
 *     in start order
 * @param samples per-thread counters sampled over time, in time order per thread
 * @param allocations sampled allocations (JFR's {@code jdk.ObjectAllocationSample}), in time order
 * @param machine the whole machine's load over time, in time order; empty where {@code /proc/stat}
 *     was not sampled
 * @param unavailable one line per layer that could not be recorded, saying why (empty when all
 *     were)
 * @param monitorsRecorded whether every contended monitor enter is in {@code waits}, recorded as it
 *     happened (JFR's monitor events, {@code --jfr}), rather than sampled
 */
public record Layers(
    List<Pause> gcPauses,
    List<Wait> waits,
    List<ThreadSample> samples,
    List<Allocation> allocations,
    List<MachineSample> machine,
    List<String> unavailable,
    boolean monitorsRecorded) {

  public Layers {
    gcPauses = List.copyOf(gcPauses);
    waits = List.copyOf(waits);
    samples = List.copyOf(samples);
    allocations = List.copyOf(allocations);
    machine = List.copyOf(machine);
    unavailable = List.copyOf(unavailable);
  }

  /** Layers whose monitor waits, if any, are sampled. */
  public Layers(
      List<Pause> gcPauses,
      List<Wait> waits,
      List<ThreadSample> samples,
      List<Allocation> allocations,
      List<MachineSample> machine,
      List<String> unavailable) {
    this(gcPauses, waits, samples, allocations, machine, unavailable, false);
  }

  /** Layers without samples of the machine's load. */
  public Layers(
      List<Pause> gcPauses,
      List<Wait> waits,
      List<ThreadSample> samples,
      List<Allocation> allocations,
      List<String> unavailable) {
    this(gcPauses, waits, samples, allocations, List.of(), unavailable);
  }

  /** Layers without allocation samples. */
  public Layers(
      List<Pause> gcPauses,
      List<Wait> waits,
      List<ThreadSample> samples,
      List<String> unavailable) {
    this(gcPauses, waits, samples, List.of(), List.of(), unavailable);
  }

  /** No layers at all, for the reason given (a trace recorded without them). */
  public static Layers none(String why) {
    return new Layers(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(why));
  }

  /**
   * A sampled allocation: JFR picks about 150 allocations a second, each standing for the bytes its
   * thread allocated since the previous sample.
   *
   * @param threadId the Java thread id
   * @param timeNs when it was made
   * @param weightBytes the bytes it stands for
   * @param objectClass the class allocated
   * @param frames the top of its stack, innermost first; empty if not recorded
   */
  public record Allocation(
      long threadId, long timeNs, long weightBytes, String objectClass, List<String> frames) {
    public Allocation {
      frames = List.copyOf(frames);
    }
  }

  /** A garbage-collection pause. */
  public record Pause(long startNs, long endNs, String name) {}

  /** Why a thread waited. */
  public enum WaitKind {
    PARK,
    MONITOR,
    WAIT,
    SLEEP
  }

  /**
   * A thread not running: parked, blocked entering a monitor, in {@code Object.wait} or sleeping.
   *
   * @param threadId the Java thread id (as in the task trace)
   * @param kind why
   * @param startNs when it began
   * @param endNs when it ended
   * @param frames the top of its stack, innermost first (JDK frames included); empty if not
   *     recorded
   * @param lock the class of the monitor or of the object parked on (JFR's {@code monitorClass} or
   *     {@code parkedClass}), null when not recorded
   */
  public record Wait(
      long threadId, WaitKind kind, long startNs, long endNs, List<String> frames, String lock) {
    public long durationNs() {
      return endNs - startNs;
    }

    public Wait {
      frames = List.copyOf(frames);
    }

    /** A wait whose lock is not known. */
    public Wait(long threadId, WaitKind kind, long startNs, long endNs, List<String> frames) {
      this(threadId, kind, startNs, endNs, frames, null);
    }
  }

  /**
   * Cumulative counters of one thread at one moment.
   *
   * @param threadId the Java thread id, or {@code -osThreadId} when the thread is not a Java thread
   *     known to the trace (a GC or JIT thread)
   * @param name the thread's name
   * @param timeNs when the sample was taken
   * @param cpuNs CPU time used by the thread so far (user + system)
   * @param voluntarySwitches voluntary context switches so far
   * @param involuntarySwitches involuntary context switches so far
   * @param runDelayNs time the thread was runnable but waited for a CPU so far ({@code schedstat}),
   *     -1 when not known
   */
  public record ThreadSample(
      long threadId,
      String name,
      long timeNs,
      long cpuNs,
      long voluntarySwitches,
      long involuntarySwitches,
      long runDelayNs) {

    /** A sample without the time waited for a CPU. */
    public ThreadSample(
        long threadId,
        String name,
        long timeNs,
        long cpuNs,
        long voluntarySwitches,
        long involuntarySwitches) {
      this(threadId, name, timeNs, cpuNs, voluntarySwitches, involuntarySwitches, -1);
    }
  }

  /**
   * The whole machine at one moment ({@code /proc/stat}).
   *
   * @param timeNs when the sample was taken
   * @param procsRunning threads running or runnable on the machine, the sampling one included
   * @param stealTicks CPU time stolen by the hypervisor so far, in clock ticks, all CPUs
   * @param totalTicks CPU time so far, in clock ticks, all CPUs
   */
  public record MachineSample(long timeNs, long procsRunning, long stealTicks, long totalTicks) {}
}
