package dev.forkscope.profile;

import dev.forkscope.agent.contract.AgentOptions;
import dev.forkscope.io.AtomicFiles;
import dev.forkscope.profile.layers.LayerFiles;
import dev.forkscope.profile.layers.ProcSampler;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The profiler's {@code -javaagent}, as every front end starts it: the CLI's {@code profile}, the
 * overhead benchmark and the Maven plugin's {@code prepare-agent} all find the jar here and build
 * its argument from an {@link AgentOptions} (after JaCoCo's {@code AgentOptions}).
 *
 * <p>This module's jar carries the agent jar as the resource {@value #RESOURCE}. A JVM can only
 * load an agent from a file, so it is extracted once into the user's cache directory under a name
 * keyed by its content hash: a new build gets a new file, and concurrent runs write the same bytes
 * and move them into place atomically. The system property {@value #OVERRIDE} names a jar to use
 * instead, for development and for this module's own tests.
 *
 * <p>The agent's recorder classes must be loaded by the boot loader. Left to itself, the agent
 * appends its nested jar {@value #BOOT_JAR} to the boot class path at run time, which makes the JVM
 * print a warning about class sharing that the program never printed and stop sharing the
 * application's classes. A command built here puts the nested jar, extracted the same way, on
 * {@code -Xbootclasspath/a} instead; the agent finds its recorder there and appends nothing.
 *
 * <p>A command built here also keeps the recorder's recording paths out of C2's inlining ({@link
 * #jitOptions}): every hook is inlined into the program's fork/join code, and the paths that write
 * a record, hot while a task class is recorded in full and rare once it is sampled, would otherwise
 * be compiled into every instrumented method. Cold runs of fine-grained programs are shorter with
 * them, and nothing changes at steady state or on programs whose classes are not sampled
 * (docs/journal.md). An agent given by hand, or attached to a running JVM, goes without them.
 */
public final class ProfilerAgent {

  static final String RESOURCE = "/forkscope-agent.jar";

  /** The agent jar's nested jar of recorder classes for the boot loader. */
  static final String BOOT_JAR = "forkscope-agent-boot.jar";

  /** System property naming an agent jar to use instead of the embedded one. */
  public static final String OVERRIDE = "forkscope.agent.jar";

  /** The recorder's methods that write records (see the class comment). */
  private static final List<String> RECORDING_PATHS =
      List.of(
          "ThreadState::*Recorded",
          "ThreadState::reserve",
          "ThreadState::key",
          "ThreadState::captureSite",
          "TaskClass::of",
          "Recorder::stateOnMiss");

  private ProfilerAgent() {}

  /**
   * The HotSpot options that go with the agent: {@code -XX:CompileCommand}s that keep the
   * recorder's recording paths out of the JIT's inlining, the first one {@code quiet} so that the
   * JVM does not print them. Other JVMs ignore {@code -XX} options they do not know.
   */
  public static List<String> jitOptions() {
    List<String> options = new ArrayList<>(RECORDING_PATHS.size() + 1);
    options.add("-XX:CompileCommand=quiet");
    for (String method : RECORDING_PATHS) {
      options.add("-XX:CompileCommand=dontinline,dev.forkscope.agent.boot." + method);
    }
    return options;
  }

  /**
   * The JVM options that go with the {@code -javaagent:} argument in a JVM someone else launches (a
   * build's test JVMs): the recorder on the boot class path, then the {@link #jitOptions}.
   */
  public static List<String> jvmOptions() {
    List<String> options = new ArrayList<>();
    options.add("-Xbootclasspath/a:" + bootJar(jar()));
    options.addAll(jitOptions());
    return options;
  }

  /**
   * The agent jar's path on disk.
   *
   * @throws IllegalArgumentException if {@value #OVERRIDE} names a file that does not exist
   * @throws IllegalStateException if this build does not carry the agent jar
   */
  public static Path jar() {
    String override = System.getProperty(OVERRIDE);
    if (override != null) {
      Path jar = Path.of(override);
      if (!Files.isRegularFile(jar)) {
        throw new IllegalArgumentException(
            "agent jar " + override + " (from -D" + OVERRIDE + ") does not exist");
      }
      return jar.toAbsolutePath();
    }
    byte[] bytes;
    try (InputStream in = ProfilerAgent.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(
            "this forkscope build does not carry the agent jar ("
                + RESOURCE
                + "); build it with 'mvn package'");
      }
      bytes = in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      return extract(bytes, cacheDir(), "forkscope-agent-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot extract the agent jar into " + cacheDir(), e);
    }
  }

  /** The agent's nested jar of recorder classes, extracted next to the agent jar's copy. */
  static Path bootJar(Path agentJar) {
    try (ZipFile zip = new ZipFile(agentJar.toFile())) {
      ZipEntry entry = zip.getEntry(BOOT_JAR);
      if (entry == null) {
        throw new IllegalStateException("agent jar " + agentJar + " lacks " + BOOT_JAR);
      }
      byte[] bytes;
      try (InputStream in = zip.getInputStream(entry)) {
        bytes = in.readAllBytes();
      }
      return extract(bytes, cacheDir(), "forkscope-agent-boot-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot extract " + BOOT_JAR + " into " + cacheDir(), e);
    }
  }

  /**
   * The {@code -javaagent:} argument that profiles into {@code traceDir} with {@code options}.
   *
   * @param traceDir where the agent writes its trace; made absolute
   * @throws IllegalArgumentException if the directory's path contains a comma, which the agent's
   *     option syntax cannot carry
   */
  public static String argument(Path traceDir, AgentOptions options) {
    return "-javaagent:"
        + jar()
        + "="
        + options.withOut(traceDir.toAbsolutePath().normalize()).format();
  }

  /**
   * A {@code java ...} command line with the agent inserted right after the launcher, so that it is
   * loaded before any of the program's own options take effect, and with the JVM layer recorded the
   * default way (see {@link #command(List, Path, AgentOptions, Layering)}).
   */
  public static List<String> command(
      List<String> javaCommand, Path traceDir, AgentOptions options) {
    return command(javaCommand, traceDir, options, Layering.SAMPLED);
  }

  /** How much of the JVM layer a profile records beside the task trace (see {@link LayerFiles}). */
  public enum Layering {
    /** None: the task trace only. */
    OFF,
    /** GC pauses from the JVM's log and thread states sampled by the agent: next to no cost. */
    SAMPLED,
    /** JDK Flight Recorder: exact waits and allocation samples, about 0.5 s of CPU per JVM. */
    JFR
  }

  /**
   * A {@code java ...} command line with the agent inserted right after the launcher (its recorder
   * on the boot class path, and its {@link #jitOptions}), recording the JVM layer into {@code
   * traceDir} as {@code layering} says; the clock offset that aligns it with the trace is measured
   * now, so call this right before the launch. Start a {@link ProcSampler} on the child for the OS
   * layer. Without layers, the layer files an earlier run left in {@code traceDir} are deleted, so
   * that they are not read with this run's trace.
   */
  public static List<String> command(
      List<String> javaCommand, Path traceDir, AgentOptions options, Layering layering) {
    List<String> argv = new ArrayList<>(javaCommand.size() + 12);
    argv.add(javaCommand.get(0));
    // without layers nothing reads the agent's samples of thread states; JFR records the waits
    argv.add(argument(traceDir, layering == Layering.SAMPLED ? options : options.withWaitsOff()));
    argv.add("-Xbootclasspath/a:" + bootJar(jar()));
    if (layering == Layering.OFF) {
      LayerFiles.clear(traceDir); // an earlier run's layers would be read with this trace
    } else {
      argv.addAll(LayerFiles.jvmOptions(traceDir, javaCommand.get(0), layering == Layering.JFR));
    }
    argv.addAll(jitOptions());
    argv.addAll(javaCommand.subList(1, javaCommand.size()));
    return argv;
  }

  static Path extract(byte[] bytes, Path dir, String prefix) throws IOException {
    Path jar = dir.resolve(prefix + sha256(bytes).substring(0, 16) + ".jar");
    if (Files.isRegularFile(jar) && Files.size(jar) == bytes.length) {
      return jar;
    }
    Files.createDirectories(dir);
    AtomicFiles.writeBytes(jar, out -> out.write(bytes));
    return jar;
  }

  private static Path cacheDir() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("forkscope");
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }
}
