package dev.forkscope.maven;

import dev.forkscope.agent.contract.AgentOptions;
import dev.forkscope.profile.ProfilerAgent;
import java.io.UncheckedIOException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Sets the {@code argLine} property (as JaCoCo's {@code prepare-agent} does, keeping what it held
 * before) so that the tests surefire and failsafe fork run under forkscope's agent, which writes
 * its trace into the output directory. The {@code report} goal turns the trace into files. A
 * surefire or failsafe configuration that sets {@code <argLine>} itself must include
 * {@code @{argLine}} for the agent to be loaded.
 */
@Mojo(name = "prepare-agent", defaultPhase = LifecyclePhase.INITIALIZE, threadSafe = true)
public class PrepareAgentMojo extends ForkscopeMojo {

  /** The project property to set. */
  @Parameter(property = "forkscope.propertyName", defaultValue = "argLine")
  String propertyName;

  /**
   * Further agent options, comma-separated, as in {@code forkscope profile}: {@code cpu=off},
   * {@code contexts=true}. The output directory is the goal's; an option the agent does not know,
   * or a bad value, is reported here and left out (the agent uses its default).
   */
  @Parameter(property = "forkscope.agentOptions", defaultValue = "")
  String agentOptions;

  /** Skip this goal. */
  @Parameter(property = "forkscope.agent.skip", defaultValue = "false")
  boolean skip;

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
    String agent;
    try {
      agent = ProfilerAgent.argument(outputDirectory(), options);
    } catch (IllegalArgumentException e) {
      throw new MojoFailureException("forkscope: " + e.getMessage());
    } catch (IllegalStateException | UncheckedIOException e) {
      throw new MojoExecutionException("forkscope: " + e.getMessage());
    }
    if (agent.contains(" ")) {
      agent = '"' + agent + '"';
    }
    agent += " " + String.join(" ", ProfilerAgent.jitOptions());
    String before = project.getProperties().getProperty(propertyName, "").strip();
    String argLine = before.isEmpty() ? agent : before + " " + agent;
    project.getProperties().setProperty(propertyName, argLine);
    getLog().info("forkscope: " + propertyName + " set to " + argLine);
  }
}
