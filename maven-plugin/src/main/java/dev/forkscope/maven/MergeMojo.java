package dev.forkscope.maven;

import dev.forkscope.agent.contract.AgentOptions;
import dev.forkscope.io.FileTrees;
import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Gathers the JVMs' traces of several data directories into one, as JaCoCo's {@code merge} joins
 * execution data files: each trace (the files of a {@code jvm-N} directory) is copied into {@code
 * destination} as {@code jvm-1}, {@code jvm-2}, ... in the order of {@code directories}, then of
 * the JVMs, after the {@code jvm-N} directories an earlier merge left there are deleted. A {@code
 * report} execution whose {@code outputDirectory} is the destination then reports on every JVM,
 * unit and integration tests together, with the merged table.
 */
@Mojo(name = "merge", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class MergeMojo extends ForkscopeMojo {

  /**
   * The data directories to gather; by default {@code target/forkscope} and {@code
   * target/forkscope-it}. One without traces is passed over.
   */
  @Parameter List<File> directories = new ArrayList<>();

  /** Where the traces go. */
  @Parameter(
      property = "forkscope.merge.destination",
      defaultValue = "${project.build.directory}/forkscope-merged")
  File destination;

  /** Skip this goal. */
  @Parameter(property = "forkscope.merge.skip", defaultValue = "false")
  boolean skip;

  @Override
  boolean skipped() {
    return skip;
  }

  @Override
  void run() throws MojoExecutionException {
    List<Path> traces = new ArrayList<>();
    for (File dir : dataDirectories(directories)) {
      traces.addAll(ProfilesMojo.traceDirectories(dir));
    }
    Path out = created(destination);
    try {
      try (DirectoryStream<Path> earlier =
          Files.newDirectoryStream(out, AgentOptions.JVM_DIRECTORY_PREFIX + "*")) {
        for (Path jvm : earlier) {
          FileTrees.delete(jvm);
        }
      }
      for (int i = 0; i < traces.size(); i++) {
        Path jvm = Files.createDirectory(out.resolve(AgentOptions.JVM_DIRECTORY_PREFIX + (i + 1)));
        try (DirectoryStream<Path> files = Files.newDirectoryStream(traces.get(i))) {
          for (Path file : files) {
            if (Files.isRegularFile(file)) {
              Files.copy(file, jvm.resolve(file.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            }
          }
        }
      }
    } catch (IOException e) {
      throw new MojoExecutionException("forkscope: cannot merge into " + out + ": " + e);
    }
    getLog()
        .info("forkscope: merged the traces of " + plural(traces.size(), "JVM") + " into " + out);
  }
}
