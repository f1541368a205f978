package dev.forkscope.profile;

import static dev.forkscope.profile.Units.count;
import static dev.forkscope.profile.Units.duration;

import dev.forkscope.profile.layers.Layers;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How loaded the machine was while the program ran, from the OS layer's samples of {@code /proc}:
 * the machine's runnable threads and stolen time ({@code /proc/stat}), and the time the program's
 * own threads were runnable but waited for a CPU and their involuntary context switches ({@code
 * /proc/PID/task/TID/schedstat} and {@code status}). On an overloaded machine the figures measured
 * in wall time stretch: see {@link #summary}.
 *
 * @param known whether {@code /proc} was sampled; when not, every figure is -1
 * @param cpus the run's CPUs
 * @param runnable threads running or runnable on the whole machine, on average, the sampling thread
 *     left out; -1 when not known
 * @param stealShare the share of the machine's CPU time stolen by the hypervisor; -1 when not known
 * @param waitedForCpuNs the time the program's threads were runnable but waited for a CPU; -1 when
 *     not known
 * @param ranNs the CPU time of the program's threads over the same samples
 * @param involuntarySwitches the program's threads' involuntary context switches
 */
public record MachineLoad(
    boolean known,
    int cpus,
    double runnable,
    double stealShare,
    long waitedForCpuNs,
    long ranNs,
    long involuntarySwitches) {

  /** Stolen time above this share of the CPU time overloads the machine. */
  static final double STEAL_OVERLOAD = 0.05;

  /**
   * The program's threads waiting for a CPU for at least this share of the time they ran overloads
   * the machine.
   */
  static final double WAITED_OVERLOAD = 0.1;

  /** Where {@code /proc} was not sampled. */
  static MachineLoad unknown(int cpus) {
    return new MachineLoad(false, cpus, -1, -1, -1, -1, -1);
  }

  /** The load that {@code layers} recorded, on a machine of {@code cpus} CPUs. */
  static MachineLoad of(Layers layers, int cpus) {
    List<Layers.MachineSample> machine = layers.machine();
    if (machine.isEmpty() && layers.samples().isEmpty()) {
      return unknown(cpus);
    }
    double runnable = -1;
    double steal = -1;
    if (!machine.isEmpty()) {
      long sum = 0;
      for (Layers.MachineSample m : machine) {
        sum += m.procsRunning() - 1; // the sampling thread, running as it reads
      }
      runnable = Math.max(0, (double) sum / machine.size());
      Layers.MachineSample first = machine.get(0);
      Layers.MachineSample last = machine.get(machine.size() - 1);
      long total = last.totalTicks() - first.totalTicks();
      steal = total > 0 ? (double) (last.stealTicks() - first.stealTicks()) / total : 0;
    }
    Map<Long, Layers.ThreadSample[]> byThread = new HashMap<>(); // first and last sample
    for (Layers.ThreadSample s : layers.samples()) {
      Layers.ThreadSample[] ends =
          byThread.computeIfAbsent(s.threadId(), id -> new Layers.ThreadSample[] {s, s});
      ends[0] = s.timeNs() < ends[0].timeNs() ? s : ends[0];
      ends[1] = s.timeNs() > ends[1].timeNs() ? s : ends[1];
    }
    long waited = byThread.isEmpty() ? -1 : 0;
    long ran = 0;
    long involuntary = 0;
    for (Layers.ThreadSample[] ends : byThread.values()) {
      ran += Math.max(0, ends[1].cpuNs() - ends[0].cpuNs());
      involuntary += Math.max(0, ends[1].involuntarySwitches() - ends[0].involuntarySwitches());
      if (ends[0].runDelayNs() < 0 || ends[1].runDelayNs() < 0) {
        waited = -1; // no schedstat: not known for every thread
      } else if (waited >= 0) {
        waited += ends[1].runDelayNs() - ends[0].runDelayNs();
      }
    }
    return new MachineLoad(
        true,
        cpus,
        runnable,
        steal,
        waited,
        byThread.isEmpty() ? -1 : ran,
        byThread.isEmpty() ? -1 : involuntary);
  }

  /**
   * Whether the machine was overloaded: more runnable threads than CPUs on average, at least
   * {@value #STEAL_OVERLOAD} of its CPU time stolen, or the program's threads waiting for a CPU for
   * at least {@value #WAITED_OVERLOAD} of the time they ran.
   */
  public boolean overloaded() {
    return known
        && (runnable > cpus
            || stealShare >= STEAL_OVERLOAD
            || (waitedForCpuNs >= 0 && waitedForCpuNs >= WAITED_OVERLOAD * ranNs && ranNs > 0));
  }

  /** The summary's line, without its line end. */
  public String summary() {
    if (!known) {
      return "machine load: n/a (no /proc samples: not Linux, or not recorded by forkscope"
          + " profile)";
    }
    StringBuilder figures = new StringBuilder();
    if (runnable >= 0) {
      figures.append(
          String.format(
              Locale.ROOT,
              "%.1f runnable threads on average for %d CPUs, %.1f%% of CPU time stolen",
              runnable,
              cpus,
              stealShare * 100));
    }
    if (ranNs >= 0) {
      figures
          .append(figures.length() > 0 ? "; " : "")
          .append("the program's threads ran ")
          .append(duration(ranNs))
          .append(
              waitedForCpuNs >= 0
                  ? " and waited " + duration(waitedForCpuNs) + " for a CPU"
                  : " (time waited for a CPU n/a)")
          .append(", ")
          .append(count(involuntarySwitches))
          .append(" involuntary context switches");
    }
    return overloaded()
        ? "machine load: overloaded during the run ("
            + figures
            + "): figures in wall time are stretched; verdicts judge each execution's CPU time"
            + " where the agent read it (--cpu all reads it for every execution), and the"
            + " coarse verdicts' busy shares and work/span where it did not may be off"
        : "machine load: not overloaded (" + figures + ")";
  }
}
