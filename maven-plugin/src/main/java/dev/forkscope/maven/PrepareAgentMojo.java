package dev.forkscope.maven;

import java.io.File;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Sets the {@code argLine} property so that the tests surefire forks run under forkscope's agent,
 * each test JVM writing its trace into a {@code jvm-N} subdirectory of the output directory (see
 * {@link AgentMojo}). The {@code report} goal turns the traces into files. A surefire or failsafe
 * configuration that sets {@code <argLine>} itself must include {@code @{argLine}} for the agent to
 * be loaded.
 */
@Mojo(name = "prepare-agent", defaultPhase = LifecyclePhase.INITIALIZE, threadSafe = true)
public class PrepareAgentMojo extends AgentMojo {

  /** Where the test JVMs write their traces, and the report goes. */
  @Parameter(
      property = "forkscope.outputDirectory",
      defaultValue = "${project.build.directory}/forkscope")
  File outputDirectory;

  @Override
  File dataDirectory() {
    return outputDirectory;
  }
}
