package dev.forkscope.profile.agent;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkscope.profile.ProfilerAgent;
import dev.forkscope.profile.layers.LayerFiles;
import dev.forkscope.profile.layers.ProcSampler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Launches {@link Workloads} in a child JVM of a given JDK, with the agent jar built by the
 * reactor.
 */
final class ChildJvm {
  static final long TIMEOUT_SECONDS = 120;

  private final String jdk;
  private final Path java;

  private ChildJvm(String jdk, Path java) {
    this.jdk = jdk;
    this.java = java;
  }

  /**
   * The JDK of the given feature version: this JVM when it is that version, otherwise the one named
   * by the system property {@code forkscope.jdk<version>}; the calling test is skipped when there
   * is none.
   */
  static ChildJvm of(String version) {
    Path home;
    if (Integer.toString(Runtime.version().feature()).equals(version)) {
      home = Path.of(System.getProperty("java.home"));
    } else {
      String configured = System.getProperty("forkscope.jdk" + version, "");
      home = configured.isEmpty() ? null : Path.of(configured);
    }
    Path java = home == null ? null : home.resolve("bin/java");
    assumeTrue(
        java != null && Files.isExecutable(java),
        "JDK " + version + " not found (set -Dforkscope.jdk" + version + "=JAVA_HOME); skipped");
    return new ChildJvm(version, java);
  }

  String jdk() {
    return jdk;
  }

  /**
   * Starts {@code mainClass} from the test classes without the agent; the caller waits or kills.
   */
  Process startPlain(Path scratch, String mainClass, String... args) throws IOException {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                java.toString(),
                "-Xmx256m",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("forkscope.testClasses", System.getProperty("java.class.path")),
                mainClass));
    cmd.addAll(List.of(args));
    Files.createDirectories(scratch);
    return new ProcessBuilder(cmd)
        .redirectOutput(scratch.resolve("stdout.txt").toFile())
        .redirectError(scratch.resolve("stderr.txt").toFile())
        .start();
  }

  static Path agentJar() {
    return ProfilerAgent.jar();
  }

  /**
   * Runs {@code Workloads <scenario>} under {@code -javaagent:<jar>=<agentOptions>}, with extra JVM
   * options if any, and waits for it.
   */
  Result run(String agentOptions, Path scratch, String scenario, String... jvmOptions)
      throws IOException, InterruptedException {
    Process p = start(agentOptions, scratch, scenario, jvmOptions);
    if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
      throw new AssertionError(
          scenario + " on JDK " + jdk + " did not finish in " + TIMEOUT_SECONDS + " s");
    }
    return Result.of(p.exitValue(), scratch);
  }

  /**
   * Runs {@code Workloads <scenario>} as {@code forkscope profile} does, the JVM layer's options
   * added and the OS layer sampled from {@code /proc} into {@code out} (the agent's output
   * directory, in {@code agentOptions}), and waits for it.
   */
  Result runProfiled(Path out, String agentOptions, Path scratch, String scenario)
      throws IOException, InterruptedException {
    String[] options = LayerFiles.jvmOptions(out, "/usr/bin/java", false).toArray(new String[0]);
    Process p = start(agentOptions, scratch, scenario, options);
    try (ProcSampler sampler = ProcSampler.start(out, p.pid())) {
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
        throw new AssertionError(
            scenario + " on JDK " + jdk + " did not finish in " + TIMEOUT_SECONDS + " s");
      }
    }
    return Result.of(p.exitValue(), scratch);
  }

  /** Starts {@code Workloads <scenario>}; the caller waits or kills. */
  Process start(String agentOptions, Path scratch, String scenario, String... jvmOptions)
      throws IOException {
    // C1 only: these tests mostly wait for JVM and agent start-up, and their assertions do not
    // depend on
    // the JIT level (known costs are CPU time).
    List<String> cmd =
        new ArrayList<>(
            List.of(java.toString(), "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
    cmd.addAll(List.of(jvmOptions));
    cmd.addAll(
        List.of(
            "-javaagent:" + agentJar() + "=" + agentOptions,
            "-cp",
            System.getProperty("forkscope.testClasses", System.getProperty("java.class.path")),
            Workloads.class.getName(),
            scenario));
    Files.createDirectories(scratch);
    return new ProcessBuilder(cmd)
        .redirectOutput(scratch.resolve("stdout.txt").toFile())
        .redirectError(scratch.resolve("stderr.txt").toFile())
        .start();
  }

  record Result(int exitCode, String stdout, String stderr) {
    static Result of(int exitCode, Path scratch) throws IOException {
      return new Result(
          exitCode,
          Files.readString(scratch.resolve("stdout.txt")),
          Files.readString(scratch.resolve("stderr.txt")));
    }
  }
}
