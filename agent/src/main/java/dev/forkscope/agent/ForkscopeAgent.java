package dev.forkscope.agent;

import dev.forkscope.agent.contract.AgentOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;

/**
 * The {@code -javaagent} entry point: parses the options, puts the recorder on the boot class path,
 * starts the trace writer and installs the hooks. Any failure prints one line on stderr and leaves
 * the program running unprofiled.
 *
 * <p>Loaded into a running JVM ({@code agentmain}, through the Attach API), it starts a recording
 * for a window instead ({@link Attachment}), or stops the one in progress (option {@code stop}),
 * and never prints: the outcome goes into the output directory. The recorder's jar is appended to
 * the boot class path once per JVM; a later attachment finds its classes there and reuses them.
 *
 * <p>This class must not reference the recorder classes ({@code dev.forkscope.agent.boot}): they
 * have to be loaded by the boot loader, from the nested jar appended here, before anything links
 * against them.
 */
public final class ForkscopeAgent {
  static final String BOOT_JAR = "forkscope-agent-boot.jar";

  private ForkscopeAgent() {}

  public static void premain(String args, Instrumentation inst) {
    AgentOptions options = AgentOptions.parse(args);
    for (String problem : options.problems()) {
      System.err.println("forkscope agent: " + problem);
    }
    String error;
    try {
      if (options.perJvm()) {
        options = options.withOut(jvmDirectory(options.out()));
      }
      error = prepare(options.out(), inst);
      if (error == null) {
        error = Installer.install(inst, options);
      }
    } catch (IOException | RuntimeException | LinkageError e) {
      error = "could not start: " + e;
    }
    if (error != null) {
      System.err.println("forkscope agent: " + error + "; profiling disabled");
    }
  }

  public static void agentmain(String args, Instrumentation inst) {
    AgentOptions options = AgentOptions.parse(args);
    if (options.stop()) {
      try {
        Attachment.stop();
      } catch (RuntimeException | LinkageError e) {
        // the recording has stopped or was never started; nothing to tell the program
      }
      return;
    }
    String error = options.problems().isEmpty() ? null : String.join("; ", options.problems());
    try {
      if (error == null) {
        error = prepare(options.out(), inst);
      }
      if (error == null) {
        error = Attachment.start(inst, options);
      }
    } catch (IOException | RuntimeException | LinkageError e) {
      error = "could not start: " + e;
    }
    Attachment.report(options.out(), error);
  }

  /**
   * Checks the output directory and appends the recorder jar to the boot class path. The files get
   * names from the clock, created exclusively, rather than from {@code Files.createTempFile} (which
   * loads and seeds a SecureRandom) or the process id ({@code ProcessHandle} starts a thread pool):
   * both cost start-up time in every profiled JVM.
   */
  private static String prepare(Path out, Instrumentation inst) throws IOException {
    try {
      Files.createDirectories(out);
      Files.delete(createUnique(out, ".forkscope-probe-", ""));
    } catch (IOException | SecurityException e) {
      return "cannot write to " + out.toAbsolutePath() + " (" + e.getClass().getSimpleName() + ")";
    }
    if (recorderOnBootClassPath()) {
      return null; // the launcher put it there (-Xbootclasspath/a), which keeps class sharing on
    }
    Path jar =
        createUnique(Path.of(System.getProperty("java.io.tmpdir")), "forkscope-boot-", ".jar");
    jar.toFile().deleteOnExit();
    try (InputStream in = ForkscopeAgent.class.getResourceAsStream("/" + BOOT_JAR);
        OutputStream copy = Files.newOutputStream(jar)) {
      if (in == null) {
        return "the agent jar lacks " + BOOT_JAR + " (a broken build)";
      }
      in.transferTo(copy);
    }
    inst.appendToBootstrapClassLoaderSearch(new JarFile(jar.toFile()));
    return null;
  }

  /**
   * Whether the boot loader already finds the recorder. Appending to the boot class path at run
   * time makes the JVM warn and stop sharing the application's classes, so launchers that can
   * should pass the nested jar on the command line instead. The class is named, not referenced: see
   * the class comment.
   */
  private static boolean recorderOnBootClassPath() {
    try {
      Class.forName("dev.forkscope.agent.boot.Recorder", false, null);
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  /**
   * A new subdirectory of {@code out} for this JVM alone: the first free {@code jvm-N}, created
   * exclusively, so that JVMs started side by side (test forks) never share one and the numbers
   * follow the order they started in.
   */
  private static Path jvmDirectory(Path out) throws IOException {
    Files.createDirectories(out);
    for (int n = 1; ; n++) {
      try {
        return Files.createDirectory(out.resolve(AgentOptions.JVM_DIRECTORY_PREFIX + n));
      } catch (FileAlreadyExistsException e) {
        if (n == 100_000) {
          throw e;
        }
      }
    }
  }

  /** Creates a new empty file {@code dir/prefix<n>suffix}; never opens an existing file or link. */
  private static Path createUnique(Path dir, String prefix, String suffix) throws IOException {
    long n = System.nanoTime();
    for (int attempt = 0; ; attempt++) {
      try {
        return Files.createFile(dir.resolve(prefix + Long.toHexString(n + attempt) + suffix));
      } catch (FileAlreadyExistsException e) {
        if (attempt == 100) {
          throw e;
        }
      }
    }
  }
}
