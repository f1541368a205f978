package dev.forkscope.cli;

import dev.forkscope.agent.contract.AgentOptions;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.ProfilerAgent;
import dev.forkscope.profile.layers.ProcSampler;
import dev.forkscope.profile.trace.TraceReader;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code forkscope profile [options] -- java ARGS...}: runs the program as a child JVM with the
 * profiler's agent inserted right after the {@code java} executable, passes its standard streams
 * and exit code through, then analyses the trace and prints the summary. {@code forkscope profile
 * --pid PID [--duration D]} records a JVM that is already running for a window instead, and leaves
 * it as it was.
 */
@Command(
    name = "profile",
    mixinStandardHelpOptions = true,
    customSynopsis =
        "forkscope profile [--out DIR] [--cpu off|sampled|all] [--contexts] [--jfr | --no-layers] "
            + "[--time-monitors] [--no-aggregate] "
            + "[--verdicts relative|tgp] -- java ARGS...%n"
            + "forkscope profile --pid PID [--duration D] [--out DIR] [--cpu off|sampled|all] "
            + "[--contexts] [--no-layers] [--no-aggregate] [--verdicts relative|tgp]",
    description = {
      "Run a Java program under the task-granularity profiler, then print a summary per task class "
          + "and the runtime findings, and write summary.json, tasks.csv and report.html into the "
          + "output directory.",
      "The JVM's GC log, the agent's samples of thread states (park, monitor, wait, sleep) and /proc "
          + "(per-thread CPU time and context switches) record the JVM and OS layers beside the "
          + "trace; --jfr records the JVM layer with JDK Flight Recorder instead.",
      "The exit code is the program's.",
      "With --pid, attach to a JVM that is already running (see 'forkscope jvms'): hook its task"
          + " classes, record for --duration (default 30s; Ctrl-C stops early), then remove the"
          + " hooks and leave it running as before; the exit code is 0."
    })
final class ProfileCommand implements Callable<Integer> {

  /** File times may be coarser than the clock; a trace this much older than the launch is stale. */
  private static final long CLOCK_SLACK_MS = 2_000;

  /** A --duration: a number and a unit (none: seconds). */
  private static final Pattern DURATION = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(ms|s|m|h|)");

  @Option(
      names = "--out",
      paramLabel = "DIR",
      defaultValue = "forkscope-out",
      description = "Output directory (default: ${DEFAULT-VALUE}).")
  Path out;

  @Option(
      names = "--cpu",
      paramLabel = "off|sampled|all",
      defaultValue = "sampled",
      description =
          "Thread CPU time per task: off, sampled (default: long tasks and a sample of short ones), or all (about 0.7 µs per task).")
  String cpu;

  @Option(names = "--contexts", description = "Sample creation and submission calling contexts.")
  boolean contexts;

  @Option(
      names = "--sampling",
      paramLabel = "on|off",
      defaultValue = "on",
      description =
          "Once a task class shows itself fine-grained, record 1 in N of its executions (N chosen"
              + " to keep the recording cost near 2 %% of its task time) and count the rest"
              + " exactly (default: on); off records every execution.")
  String sampling;

  @Option(
      names = "--no-layers",
      description =
          "Record the task trace only: no GC log, no thread-state sampling, no /proc sampling (no"
              + " runtime findings).")
  boolean noLayers;

  @Option(
      names = "--jfr",
      description =
          "Record the JVM layer with JDK Flight Recorder: exact waits, and allocation samples that"
              + " the copy-on-fork and copy-on-join findings need; costs about half a second of CPU"
              + " per run.")
  boolean jfr;

  @Option(
      names = "--time-monitors",
      description =
          "Time every synchronized block of the program, so that each contended one counts as a"
              + " wait of its execution, however short (60 to 300 ns per block, contended or not);"
              + " by default contended blocks are seen by sampling thread states, and with --jfr"
              + " recorded exactly by JFR (at JFR's start-up cost).")
  boolean timeMonitors;

  @Option(
      names = "--pid",
      paramLabel = "PID",
      description = "Record the running JVM with this process id instead of launching a program.")
  Long pid;

  @Option(
      names = "--duration",
      paramLabel = "D",
      description =
          "With --pid: how long to record, as 30s, 500ms, 2m or a number of seconds (default: 30s).")
  String duration;

  @Mixin TraceReport.Options options;

  @Parameters(
      paramLabel = "java ARGS",
      arity = "0..*",
      description = "The program to run, after --.")
  List<String> command = new ArrayList<>();

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException, InterruptedException {
    boolean launch = spec.commandLine().getParseResult().originalArgs().contains("--");
    if (pid != null) {
      if (launch) {
        throw new UserError("give either --pid PID or a program after --, not both");
      }
      if (jfr) {
        throw new UserError("--jfr needs a launched program; it cannot record with --pid");
      }
      return new AttachedProfile(
              pid,
              durationMs(duration == null ? "30s" : duration),
              prepareOutputDir(out),
              noLayers ? agentOptions().withWaitsOff() : agentOptions(),
              !noLayers)
          .run(options, spec.commandLine());
    }
    if (duration != null) {
      throw new UserError("--duration applies to --pid only; a launched program runs to its end");
    }
    if (!launch || command.isEmpty()) {
      throw new UserError(
          "give the program after --, e.g. forkscope profile -- java -cp app.jar com.acme.Main");
    }
    AgentOptions agentOptions = agentOptions();
    if (jfr && noLayers) {
      throw new UserError("--jfr records a layer and --no-layers records none: give one of them");
    }
    AnalysisOptions analysis = options.toAnalysisOptions();
    long csvRows = options.csvRowLimit();
    String java = checkJava(command.get(0));
    Path dir = prepareOutputDir(out);

    List<String> argv;
    try {
      argv =
          ProfilerAgent.command(
              command,
              dir,
              agentOptions,
              noLayers
                  ? ProfilerAgent.Layering.OFF
                  : jfr ? ProfilerAgent.Layering.JFR : ProfilerAgent.Layering.SAMPLED);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    argv.set(0, java);
    long launched = System.currentTimeMillis();
    Process child = new ProcessBuilder(argv).inheritIO().start();
    int exit;
    try (ProcSampler sampler = noLayers ? null : ProcSampler.start(dir, child.pid())) {
      exit = child.waitFor();
    }

    Path trace = dir.resolve(TraceReader.TRACE_FILE);
    if (!Files.isRegularFile(trace)
        || Files.getLastModifiedTime(trace).toMillis() < launched - CLOCK_SLACK_MS) {
      spec.commandLine()
          .getErr()
          .println(
              "forkscope: the program exited with code "
                  + exit
                  + " before the agent wrote a trace into "
                  + dir);
      return exit != 0 ? exit : Forkscope.INTERNAL;
    }
    TraceReport.run(
        dir,
        analysis,
        csvRows,
        spec.commandLine().getOut(),
        new Terminal(spec.commandLine().getErr()));
    return exit;
  }

  /** The agent options that --cpu, --contexts, --sampling and --time-monitors give. */
  private AgentOptions agentOptions() {
    AgentOptions.Cpu cpuMode =
        AgentOptions.Cpu.of(cpu.toLowerCase(Locale.ROOT))
            .orElseThrow(
                () -> new UserError("--cpu must be off, sampled or all, not '" + cpu + "'"));
    String samplingMode = sampling.toLowerCase(Locale.ROOT);
    if (!List.of("on", "off").contains(samplingMode)) {
      throw new UserError("--sampling must be on or off, not '" + sampling + "'");
    }
    AgentOptions given =
        AgentOptions.defaults()
            .withCpu(cpuMode)
            .withContexts(contexts)
            .withSampling(samplingMode.equals("on"));
    return timeMonitors ? given.withTimedMonitors(true) : given;
  }

  /** A duration such as 30s, 500ms, 2m or 45 (seconds), in milliseconds; at least 1 ms. */
  static long durationMs(String text) {
    Matcher m = DURATION.matcher(text.strip().toLowerCase(Locale.ROOT));
    if (m.matches()) {
      try {
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2);
        double ms =
            unit.equals("ms")
                ? n
                : unit.equals("m") ? n * 60_000 : unit.equals("h") ? n * 3_600_000 : n * 1000;
        if (ms >= 1 && ms <= Long.MAX_VALUE / 2) {
          return (long) ms;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
    }
    throw new UserError(
        "--duration must be a positive time such as 30s, 500ms or 2m, not '" + text + "'");
  }

  /**
   * The launcher to start: {@code java} (or {@code java.exe}) found on the PATH, or an existing
   * path.
   */
  static String checkJava(String program) {
    Path name = Path.of(program).getFileName();
    String base = name == null ? "" : name.toString();
    if (!base.equals("java") && !base.equals("java.exe")) {
      throw new UserError(
          "'" + program + "' is not a java launcher; profile runs Java programs: -- java ARGS...");
    }
    if (program.contains("/") || program.contains(File.separator)) {
      if (!Files.isExecutable(Path.of(program))) {
        throw new UserError("java launcher " + program + " does not exist or is not executable");
      }
      return program;
    }
    String path = System.getenv("PATH");
    if (path != null) {
      for (String entry : path.split(File.pathSeparator)) {
        if (!entry.isEmpty() && Files.isExecutable(Path.of(entry, program))) {
          return program;
        }
      }
    }
    throw new UserError("'" + program + "' is not on the PATH");
  }

  private static Path prepareOutputDir(Path out) {
    Path dir = out.toAbsolutePath().normalize();
    if (dir.toString().contains(",")) {
      throw new UserError(
          "output directory " + out + " contains a comma, which the agent's options cannot carry");
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UserError("cannot create output directory " + out + ": " + e.getMessage());
    }
    if (!Files.isWritable(dir)) {
      throw new UserError("output directory " + out + " is not writable");
    }
    return dir;
  }
}
