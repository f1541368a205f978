package dev.forkscope.cli;

import dev.forkscope.agent.contract.AgentOptions;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.attach.AttachException;
import dev.forkscope.profile.attach.RunningJvms;
import dev.forkscope.profile.layers.ProcSampler;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;

/**
 * {@code profile --pid}: starts a recording in a running JVM, waits for its window to end (or for
 * Ctrl-C, which asks the agent to stop early), then reports the trace like a launched profile.
 *
 * <p>Ctrl-C runs the shutdown hook, which asks the agent to stop and then holds the JVM's exit
 * until this command's thread, which keeps running during shutdown, has written the report.
 */
final class AttachedProfile {
  /** How long the agent may take, past the window, to close the trace. */
  private static final long CLOSE_GRACE_MS = 30_000;

  /** How long to wait, after the report, for the agent to say it removed its hooks. */
  private static final long UNHOOK_WAIT_MS = 5_000;

  private final long pid;
  private final long durationMs;
  private final Path dir;
  private final AgentOptions agentOptions;
  private final boolean procLayer;

  AttachedProfile(
      long pid, long durationMs, Path dir, AgentOptions agentOptions, boolean procLayer) {
    this.pid = pid;
    this.durationMs = durationMs;
    this.dir = dir;
    this.agentOptions = agentOptions;
    this.procLayer = procLayer;
  }

  int run(TraceReport.Options options, CommandLine cl) throws IOException, InterruptedException {
    AnalysisOptions analysis = options.toAnalysisOptions();
    long csvRows = options.csvRowLimit();
    PrintWriter err = cl.getErr();
    RunningJvms.Recording recording;
    try {
      recording = RunningJvms.start(pid, dir, agentOptions, durationMs);
    } catch (AttachException e) {
      throw new UserError(e.getMessage());
    }
    err.println(
        "forkscope: recording JVM "
            + pid
            + " for "
            + TimeUnit.MILLISECONDS.toSeconds(durationMs)
            + " s into "
            + dir
            + " (Ctrl-C stops early)");
    err.flush();
    CountDownLatch reported = new CountDownLatch(1);
    Thread onInterrupt = new Thread(() -> stopEarly(recording, reported), "forkscope-stop");
    Runtime.getRuntime().addShutdownHook(onInterrupt);
    try {
      boolean closed;
      try (ProcSampler sampler = procLayer ? ProcSampler.start(dir, pid) : null) {
        closed = recording.awaitEnd(durationMs + CLOSE_GRACE_MS);
      }
      if (!closed && recording.process().isAlive()) {
        recording.requestStop();
        closed = recording.awaitEnd(CLOSE_GRACE_MS);
      }
      if (!closed) {
        err.println(
            "forkscope: JVM "
                + pid
                + (recording.process().isAlive()
                    ? " did not close the trace in time"
                    : " ended without closing the trace")
                + "; reporting what was written");
      }
      Path warnings = dir.resolve(RunningJvms.WARNINGS);
      if (Files.isRegularFile(warnings)) {
        for (String line : Files.readAllLines(warnings)) {
          err.println("forkscope agent: " + line);
        }
      }
      TraceReport.run(dir, analysis, csvRows, cl.getOut(), new Terminal(err));
      String unhooked = recording.awaitUnhooked(UNHOOK_WAIT_MS);
      if (unhooked != null) {
        err.println("forkscope: JVM " + pid + " runs on as before, " + unhooked);
      }
      return Forkscope.OK;
    } finally {
      reported.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(onInterrupt);
      } catch (IllegalStateException shuttingDown) {
        // the hook runs and returns now that the report is written
      }
    }
  }

  /** The shutdown hook: Ctrl-C ends the window now, and the report is still written. */
  private static void stopEarly(RunningJvms.Recording recording, CountDownLatch reported) {
    try {
      recording.requestStop();
      reported.await(CLOSE_GRACE_MS, TimeUnit.MILLISECONDS);
    } catch (IOException | InterruptedException e) {
      // the agent stops by itself when the window ends
    }
  }
}
