package dev.forkscope.maven;

import java.io.File;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * {@code prepare-agent} for the integration tests failsafe forks: run before them, it puts the
 * agent into {@code argLine} with a data directory of their own, replacing the entry {@code
 * prepare-agent} made for the unit tests. {@code report-integration} reports on it.
 */
@Mojo(
    name = "prepare-agent-integration",
    defaultPhase = LifecyclePhase.PRE_INTEGRATION_TEST,
    threadSafe = true)
public class PrepareAgentIntegrationMojo extends AgentMojo {

  /** Where the integration test JVMs write their traces, and the report goes. */
  @Parameter(
      property = "forkscope.it.outputDirectory",
      defaultValue = "${project.build.directory}/forkscope-it")
  File outputDirectory;

  @Override
  File dataDirectory() {
    return outputDirectory;
  }
}
