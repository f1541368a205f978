package dev.forkscope.profile.attach;

import dev.forkscope.agent.contract.AgentOptions;
import dev.forkscope.profile.ProfilerAgent;
import dev.forkscope.profile.layers.LayerFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Profiling a JVM that is already running: lists the local JVMs, and starts and stops a recording
 * in one through the JDK's Attach API ({@code jdk.attach}), with the same agent jar as a launched
 * profile. The agent hooks the loaded classes, records for a window, then removes its hooks (see
 * docs/attach.md).
 *
 * <p>Every failure that leaves the target as it was, which is every failure, is an {@link
 * AttachException} with a one-line message.
 *
 * <p>The agent and this class talk through files in the output directory, whose names both sides
 * spell out (the agent must not depend on this module): {@value #STATUS}, which the agent writes
 * after its start ("started" or "error: ...") and after its stop ("stopped: ..."), {@value #STOP},
 * whose creation asks it to stop, and {@value #WARNINGS}. The window's length travels as the agent
 * option {@code duration}, so that the agent stops by itself even when this process is gone.
 */
public final class RunningJvms {

  /** The file in the output directory through which the agent reports its start. */
  static final String STATUS = "attach-status.txt";

  /** The file in the output directory whose creation asks the agent to stop. */
  static final String STOP = "attach-stop";

  /** The agent's warnings during an attached recording. */
  public static final String WARNINGS = "agent-warnings.txt";

  private static final long POLL_MS = 50;

  private RunningJvms() {}

  /**
   * A JVM on this machine that this user may attach to.
   *
   * @param mainClass its main class or jar, as the JVM describes itself
   * @param jdk its {@code java.version}, "?" when it did not answer
   * @param forkscope "no", "recording", "idle" (recorded before), or "?" when it did not answer
   */
  public record Jvm(long pid, String mainClass, String jdk, String forkscope) {}

  /**
   * The local JVMs this user may attach to, other than this one.
   *
   * @throws AttachException when this runtime lacks {@code jdk.attach}
   */
  public static List<Jvm> list() throws AttachException {
    requireAttachModule();
    return AttachApi.list();
  }

  /**
   * Starts recording in the JVM {@code pid} into {@code dir}, for {@code durationMs} at most (the
   * agent stops by itself then, even when this process is gone).
   *
   * @param options the agent's options; the directory and the duration are set here
   * @throws AttachException when the target cannot be attached to or the agent cannot start in it;
   *     the target then runs on as before
   */
  public static Recording start(long pid, Path dir, AgentOptions options, long durationMs)
      throws AttachException {
    requireAttachModule();
    if (pid == ProcessHandle.current().pid()) {
      throw new AttachException("process " + pid + " is forkscope itself");
    }
    Optional<ProcessHandle> process = ProcessHandle.of(pid);
    if (process.isEmpty()) {
      throw new AttachException("no process with pid " + pid);
    }
    String me = System.getProperty("user.name");
    Optional<String> owner = process.get().info().user();
    if (owner.isPresent() && !owner.get().equals(me)) {
      throw new AttachException(
          "process "
              + pid
              + " belongs to user "
              + owner.get()
              + ": a JVM accepts an agent only from its own user; run forkscope as "
              + owner.get());
    }
    Path out = dir.toAbsolutePath().normalize();
    String agentOptions;
    try {
      agentOptions = options.withOut(out).withDurationMs(Math.max(1, durationMs)).format();
    } catch (IllegalArgumentException e) {
      throw new AttachException(e.getMessage());
    }
    try {
      Files.createDirectories(out);
      for (String stale : List.of(STATUS, STOP, WARNINGS, "meta.json", "trace.bin")) {
        Files.deleteIfExists(out.resolve(stale));
      }
      LayerFiles.clear(out);
    } catch (IOException | UncheckedIOException e) {
      throw new AttachException("cannot prepare the output directory " + dir + ": " + e);
    }
    AttachApi.load(pid, ProfilerAgent.jar().toString(), agentOptions);
    String status;
    try {
      status = Files.readString(out.resolve(STATUS), StandardCharsets.UTF_8).trim();
    } catch (NoSuchFileException e) {
      throw new AttachException(
          "the agent did not start in JVM " + pid + " (it could not write to " + dir + ")");
    } catch (IOException e) {
      throw new AttachException("cannot read " + out.resolve(STATUS) + ": " + e.getMessage());
    }
    if (!status.equals("started")) {
      throw new AttachException(
          "the agent could not start in JVM "
              + pid
              + ": "
              + status.replaceFirst("^error: ", "")
              + "; it runs on unprofiled");
    }
    return new Recording(process.get(), out);
  }

  /** A recording in progress in another JVM. */
  public static final class Recording {
    private final ProcessHandle process;
    private final Path dir;

    private Recording(ProcessHandle process, Path dir) {
      this.process = process;
      this.dir = dir;
    }

    /** The target's process. */
    public ProcessHandle process() {
      return process;
    }

    /**
     * Asks the agent to stop now (it looks for the request every few tens of milliseconds); {@link
     * #awaitEnd} then waits for the trace.
     */
    public void requestStop() throws IOException {
      Path stop = dir.resolve(STOP);
      if (!Files.exists(stop)) {
        Files.createFile(stop);
      }
    }

    /**
     * Waits until the agent has closed the trace (the window ended, or the target exited) or the
     * target died without closing it, for {@code timeoutMs} at most.
     *
     * @return whether the trace was closed
     */
    public boolean awaitEnd(long timeoutMs) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
      while (System.nanoTime() < deadline) {
        if (closed()) {
          return true;
        }
        if (!process.isAlive()) {
          return closed();
        }
        Thread.sleep(POLL_MS);
      }
      return closed();
    }

    /**
     * Waits, for {@code timeoutMs} at most, for the agent to report that it removed its hooks
     * (which follows the trace's closing), and returns its report: "stopped: hooks removed from N
     * classes"; null when none came (the target exited, or is still busy).
     */
    public String awaitUnhooked(long timeoutMs) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
      do {
        try {
          String status = Files.readString(dir.resolve(STATUS), StandardCharsets.UTF_8).strip();
          if (status.startsWith("stopped")) {
            return status;
          }
        } catch (IOException e) {
          // being replaced: read it again
        }
        Thread.sleep(POLL_MS);
      } while (process.isAlive() && System.nanoTime() < deadline);
      return null;
    }

    private boolean closed() {
      try {
        String meta = Files.readString(dir.resolve("meta.json"), StandardCharsets.UTF_8);
        return !meta.contains("\"endNs\": -1,");
      } catch (IOException e) {
        return false;
      }
    }
  }

  private static void requireAttachModule() throws AttachException {
    if (ModuleLayer.boot().findModule("jdk.attach").isEmpty()) {
      throw new AttachException(
          "the Java runtime running forkscope ("
              + System.getProperty("java.home")
              + ") lacks the jdk.attach module: run forkscope with a full JDK");
    }
  }
}
