package dev.forkscope.profile.overhead;

import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.TaskClassProfile;
import dev.forkscope.profile.Verdict;
import dev.forkscope.profile.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The profiler's overhead benchmark (issue item 8): runs each program as a child JVM with the agent
 * off and on, alternating the order every repetition so drift on a shared machine hits both sides
 * alike, and compares medians.
 *
 * <p>Per run it measures, via {@link Timed}, the wall and process CPU time from the call of the
 * program's {@code main} to the JVM's exit (the agent's work on the program included, JVM start-up
 * and agent loading left out), and from outside the whole process's wall time, start-up included.
 * Reported: the median ratio on/off per program, their geometric mean over the programs that are
 * not fine-grained, the geometric mean over the fine-grained ones, and the geometric mean of all
 * CPU-time ratios (perturbation).
 */
public final class OverheadBenchmark {

  /** Targets of the issue: geomean wall, fine-grained wall, geomean CPU. */
  public static final double TARGET_GEOMEAN = 1.05;

  public static final double TARGET_FINE = 1.30;
  public static final double TARGET_CPU = 1.03;

  /**
   * One program to measure.
   *
   * @param name short name for the table
   * @param mainClass class whose {@code main} runs it
   * @param args its arguments
   */
  public record Program(String name, String mainClass, List<String> args) {}

  /**
   * How to run the children.
   *
   * @param java the java launcher
   * @param classpath class path holding the programs and {@link Timed}
   * @param agentJar the profiler's agent jar
   * @param agentOptions agent options apart from {@code out=}
   * @param repetitions runs per side and program
   * @param scratch directory for the children's traces and timing files
   */
  public record Settings(
      String java,
      String classpath,
      Path agentJar,
      String agentOptions,
      int repetitions,
      Path scratch) {}

  /**
   * Medians of one program.
   *
   * @param program the program
   * @param wallOffNs median main wall time without the agent
   * @param wallOnNs median main wall time with it
   * @param wallRatio median of the per-repetition ratios on/off
   * @param cpuOffNs median process CPU time without the agent
   * @param cpuOnNs median process CPU time with it
   * @param cpuRatio median of the per-repetition CPU ratios
   * @param processOffNs median wall time of the whole child process without the agent
   * @param processOnNs median wall time of the whole child process with it
   * @param fineGrained whether the profiler found the program fine-grained (see {@link
   *     #mostlyFine}): reported apart from the main geomean
   */
  public record Measurement(
      Program program,
      long wallOffNs,
      long wallOnNs,
      double wallRatio,
      long cpuOffNs,
      long cpuOnNs,
      double cpuRatio,
      long processOffNs,
      long processOnNs,
      boolean fineGrained) {}

  /**
   * The benchmark's outcome.
   *
   * @param measurements per program
   * @param wallGeomean geometric mean of the wall ratios of the programs that are not fine-grained
   * @param fineRatio geometric mean of the fine-grained programs' wall ratios (NaN without one)
   * @param cpuGeomean geometric mean of all CPU ratios
   */
  public record Result(
      List<Measurement> measurements, double wallGeomean, double fineRatio, double cpuGeomean) {

    /** Whether all three targets hold. */
    public boolean meetsTargets() {
      return wallGeomean <= TARGET_GEOMEAN
          && (Double.isNaN(fineRatio) || fineRatio <= TARGET_FINE)
          && cpuGeomean <= TARGET_CPU;
    }
  }

  private OverheadBenchmark() {}

  /** Runs every program; {@code progress} hears of each child run before it starts. */
  public static Result run(List<Program> programs, Settings settings, Consumer<String> progress)
      throws IOException, InterruptedException {
    List<Measurement> out = new ArrayList<>();
    int total = programs.size() * settings.repetitions() * 2;
    int done = 0;
    for (Program p : programs) {
      int r = settings.repetitions();
      long[] wallOff = new long[r];
      long[] wallOn = new long[r];
      long[] cpuOff = new long[r];
      long[] cpuOn = new long[r];
      long[] processOff = new long[r];
      long[] processOn = new long[r];
      double[] wallRatio = new double[r];
      double[] cpuRatio = new double[r];
      Boolean fine = null;
      for (int i = 0; i < r; i++) {
        boolean agentFirst = i % 2 == 1;
        for (int side = 0; side < 2; side++) {
          boolean withAgent = agentFirst == (side == 0);
          progress.accept(
              String.format(
                  Locale.ROOT,
                  "[%d/%d] %s, agent %s",
                  ++done,
                  total,
                  p.name(),
                  withAgent ? "on" : "off"));
          long[] t = runOnce(p, settings, withAgent);
          if (withAgent && fine == null) {
            fine = mostlyFine(settings.scratch().resolve("trace"));
          }
          if (withAgent) {
            wallOn[i] = t[0];
            cpuOn[i] = t[1];
            processOn[i] = t[2];
          } else {
            wallOff[i] = t[0];
            cpuOff[i] = t[1];
            processOff[i] = t[2];
          }
        }
        wallRatio[i] = (double) wallOn[i] / wallOff[i];
        cpuRatio[i] = (double) cpuOn[i] / cpuOff[i];
      }
      out.add(
          new Measurement(
              p,
              median(wallOff),
              median(wallOn),
              median(wallRatio),
              median(cpuOff),
              median(cpuOn),
              median(cpuRatio),
              median(processOff),
              median(processOn),
              Boolean.TRUE.equals(fine)));
    }
    return summarize(out);
  }

  /**
   * Whether the program in the trace at {@code dir} is fine-grained by the profiler's own verdict:
   * most of its executions belong to task classes found too fine. Deciding by the verdict, rather
   * than by name, puts a program such as an actor benchmark with millions of 100 ns messages where
   * it belongs.
   */
  static boolean mostlyFine(Path dir) throws IOException {
    Profile profile = Analysis.analyze(TraceReader.read(dir), AnalysisOptions.defaults());
    long fine = 0;
    long all = 0;
    for (TaskClassProfile c : profile.taskClasses()) {
      all += c.executions();
      if (c.verdict().kind() == Verdict.Kind.FINE) {
        fine += c.executions();
      }
    }
    return 2 * fine > all;
  }

  static Result summarize(List<Measurement> measurements) {
    List<Double> wall = new ArrayList<>();
    List<Double> fine = new ArrayList<>();
    List<Double> cpu = new ArrayList<>();
    for (Measurement m : measurements) {
      if (m.fineGrained()) {
        fine.add(m.wallRatio());
      } else {
        wall.add(m.wallRatio());
      }
      cpu.add(m.cpuRatio());
    }
    return new Result(List.copyOf(measurements), geomean(wall), geomean(fine), geomean(cpu));
  }

  /** The result as a plain-text table. */
  public static String render(Result result, Settings settings) {
    StringBuilder b = new StringBuilder();
    b.append(
        String.format(
            Locale.ROOT,
            "profiler overhead: %d repetitions per side, agent options %s%n",
            settings.repetitions(),
            settings.agentOptions()));
    b.append(
        String.format(
            Locale.ROOT,
            "%-31s %9s %9s %7s %9s %9s %7s %9s %9s%n",
            "PROGRAM (medians, ms)",
            "WALL OFF",
            "WALL ON",
            "RATIO",
            "CPU OFF",
            "CPU ON",
            "RATIO",
            "PROC OFF",
            "PROC ON"));
    for (Measurement m : result.measurements()) {
      b.append(
          String.format(
              Locale.ROOT,
              "%-31s %9.1f %9.1f %6.3fx %9.1f %9.1f %6.3fx %9.1f %9.1f%n",
              m.program().name() + (m.fineGrained() ? " (fine)" : ""),
              m.wallOffNs() / 1e6,
              m.wallOnNs() / 1e6,
              m.wallRatio(),
              m.cpuOffNs() / 1e6,
              m.cpuOnNs() / 1e6,
              m.cpuRatio(),
              m.processOffNs() / 1e6,
              m.processOnNs() / 1e6));
    }
    b.append(
        String.format(
            Locale.ROOT,
            "wall geomean %.3fx (target <= %.2fx), without the fine-grained programs"
                + " (marked: most executions in classes the profiler calls fine)%n",
            result.wallGeomean(),
            TARGET_GEOMEAN));
    b.append(
        String.format(
            Locale.ROOT,
            "fine-grained %.3fx (target <= %.2fx)%n",
            result.fineRatio(),
            TARGET_FINE));
    b.append(
        String.format(
            Locale.ROOT,
            "CPU geomean  %.3fx (target <= %.2fx)%n",
            result.cpuGeomean(),
            TARGET_CPU));
    b.append(
        "WALL and CPU: from main() to exit; PROC: the whole child process, JVM start-up and agent loading included\n");
    return b.toString();
  }

  /** Runs one child; returns {main wall ns, main CPU ns, process wall ns}. */
  private static long[] runOnce(Program p, Settings s, boolean withAgent)
      throws IOException, InterruptedException {
    Files.createDirectories(s.scratch());
    Path timing = Files.createTempFile(s.scratch(), "timing", ".txt");
    Path trace = s.scratch().resolve("trace");
    List<String> argv = new ArrayList<>();
    argv.add(s.java());
    if (withAgent) {
      // -XX:-PrintWarnings: the JVM's warning that class sharing is limited once the boot class
      // path is
      // appended to would be printed once per run
      argv.add("-XX:-PrintWarnings");
      argv.add(
          "-javaagent:"
              + s.agentJar().toAbsolutePath()
              + "=out="
              + trace.toAbsolutePath()
              + (s.agentOptions().isEmpty() ? "" : "," + s.agentOptions()));
    }
    argv.addAll(
        List.of("-cp", s.classpath(), Timed.class.getName(), timing.toString(), p.mainClass()));
    argv.addAll(p.args());
    long start = System.nanoTime();
    Process child =
        new ProcessBuilder(argv)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    int exit = child.waitFor();
    long process = System.nanoTime() - start;
    String[] line = Files.readString(timing).trim().split(" ");
    Files.delete(timing);
    if (exit != 0 || line.length != 2) {
      throw new IOException(
          p.name() + " failed (exit " + exit + ", agent " + (withAgent ? "on" : "off") + ")");
    }
    return new long[] {Long.parseLong(line[0]), Long.parseLong(line[1]), process};
  }

  static long median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[(sorted.length - 1) / 2];
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[(sorted.length - 1) / 2];
  }

  static double geomean(List<Double> ratios) {
    if (ratios.isEmpty()) {
      return Double.NaN;
    }
    double logSum = 0;
    for (double r : ratios) {
      logSum += Math.log(r);
    }
    return Math.exp(logSum / ratios.size());
  }
}
