package dev.forkscope.maven;

import java.io.File;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * After the tests ran under the agent ({@code prepare-agent}): reports on each test JVM's trace in
 * the output directory (see {@link AbstractReportMojo}).
 */
@Mojo(name = "report", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class ReportMojo extends AbstractReportMojo {

  /** Where the test JVMs wrote their traces ({@code prepare-agent}'s). */
  @Parameter(
      property = "forkscope.outputDirectory",
      defaultValue = "${project.build.directory}/forkscope")
  File outputDirectory;

  @Override
  File dataDirectory() {
    return outputDirectory;
  }
}
