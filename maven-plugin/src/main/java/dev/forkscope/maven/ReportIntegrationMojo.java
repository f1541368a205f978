package dev.forkscope.maven;

import java.io.File;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * After the integration tests ran under the agent ({@code prepare-agent-integration}): reports on
 * each of their JVMs' traces (see {@link AbstractReportMojo}).
 */
@Mojo(name = "report-integration", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class ReportIntegrationMojo extends AbstractReportMojo {

  /** Where the integration test JVMs wrote their traces ({@code prepare-agent-integration}'s). */
  @Parameter(
      property = "forkscope.it.outputDirectory",
      defaultValue = "${project.build.directory}/forkscope-it")
  File outputDirectory;

  @Override
  File dataDirectory() {
    return outputDirectory;
  }
}
