package dev.forkscope.maven;

import dev.forkscope.agent.contract.AgentOptions;
import dev.forkscope.io.FileTrees;
import dev.forkscope.profile.ProfilerAgent;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What {@code prepare-agent} and {@code prepare-agent-integration} share: putting the agent into a
 * property the test plugins read ({@code argLine}), as JaCoCo's agent goals do. The agent goes in
 * front of what the property held, and an entry an earlier run put there is replaced ({@link
 * AgentOptions#prependVMArguments}), so a build that runs {@code initialize} twice (the source
 * plugin's {@code jar} goal forks it) leaves one agent. Each test JVM writes its own trace into a
 * {@code jvm-N} subdirectory of the data directory ({@code perjvm=true}).
 *
 * <p>The JVMs' directories a previous build left are deleted once per build, on the goal's first
 * run for that directory, so that the report covers this build's JVMs and no run of the goal after
 * the tests (a forked {@code initialize}) deletes what they wrote.
 */
abstract class AgentMojo extends ForkscopeMojo {

  /** The project property to set. */
  @Parameter(property = "forkscope.propertyName", defaultValue = "argLine")
  String propertyName;

  /**
   * Further agent options, comma-separated, as in {@code forkscope profile}: {@code cpu=all},
   * {@code contexts=false}. The data directory and {@code perjvm} are the goal's; an option the
   * agent does not know, or a bad value, is reported here and left out (the agent uses its
   * default).
   */
  @Parameter(property = "forkscope.agentOptions", defaultValue = "")
  String agentOptions;

  /** Skip this goal: the tests run without the agent. */
  @Parameter(property = "forkscope.agent.skip", defaultValue = "false")
  boolean skip;

  @Parameter(defaultValue = "${session}", readonly = true, required = true)
  MavenSession session;

  /** Where the test JVMs write their traces. */
  abstract File dataDirectory();

  @Override
  boolean skipped() {
    return skip;
  }

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    AgentOptions options = AgentOptions.parse(agentOptions);
    for (String problem : options.problems()) {
      getLog().warn("forkscope: agentOptions: " + problem);
    }
    Path dir = dataDirectory().toPath().toAbsolutePath().normalize();
    String argLine;
    try {
      options = options.withOut(dir).withPerJvm(true);
      argLine =
          options.prependVMArguments(before(), ProfilerAgent.jar(), ProfilerAgent.jvmOptions());
    } catch (IllegalArgumentException e) {
      throw new MojoFailureException("forkscope: " + e.getMessage());
    } catch (IllegalStateException | UncheckedIOException e) {
      throw new MojoExecutionException("forkscope: " + e.getMessage());
    }
    if (firstRunInThisBuild(dir)) {
      deleteEarlierTraces(dir);
    }
    project.getProperties().setProperty(propertyName, argLine);
    Properties user = session.getUserProperties();
    if (user.containsKey(propertyName)) {
      user.setProperty(propertyName, argLine); // a -D value wins over the project's property
    }
    getLog().info("forkscope: " + propertyName + " set to " + argLine);
  }

  /** What the property holds now: a value given with {@code -D} wins, as it does for surefire. */
  private String before() {
    String user = session.getUserProperties().getProperty(propertyName);
    return user != null ? user : project.getProperties().getProperty(propertyName);
  }

  private boolean firstRunInThisBuild(Path dir) {
    return session
        .getRepositorySession()
        .getData()
        .set(AgentMojo.class.getName() + ":" + dir, null, Boolean.TRUE);
  }

  /** Deletes the JVMs' directories and a single-JVM trace an earlier build left in {@code dir}. */
  private static void deleteEarlierTraces(Path dir) throws MojoExecutionException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (DirectoryStream<Path> jvms =
        Files.newDirectoryStream(dir, AgentOptions.JVM_DIRECTORY_PREFIX + "*")) {
      for (Path jvm : jvms) {
        FileTrees.delete(jvm);
      }
      Files.deleteIfExists(dir.resolve("trace.bin"));
      Files.deleteIfExists(dir.resolve("meta.json"));
    } catch (IOException e) {
      throw new MojoExecutionException(
          "forkscope: cannot delete the traces an earlier build left in " + dir + ": " + e);
    }
  }
}
