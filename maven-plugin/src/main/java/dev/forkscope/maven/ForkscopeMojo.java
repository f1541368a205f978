package dev.forkscope.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What every goal shares: the project, the output directory {@code target/forkscope}, and skipping.
 * A subclass names its own skip property, so that one goal can be skipped alone.
 */
abstract class ForkscopeMojo extends AbstractMojo {

  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  MavenProject project;

  /** Where the goals write lint.sarif, lint.json, the trace and the report. */
  @Parameter(
      property = "forkscope.outputDirectory",
      defaultValue = "${project.build.directory}/forkscope")
  File outputDirectory;

  @Override
  public final void execute() throws MojoExecutionException, MojoFailureException {
    if (skipped()) {
      getLog().info("forkscope: skipped");
      return;
    }
    run();
  }

  /** Whether the user skipped this goal. */
  abstract boolean skipped();

  abstract void run() throws MojoExecutionException, MojoFailureException;

  /** A project's main source roots that exist; none for a project without sources. */
  static List<Path> sourceRoots(MavenProject project) {
    return project.getCompileSourceRoots().stream()
        .map(Path::of)
        .filter(Files::isDirectory)
        .toList();
  }

  /** "1 finding", "2 findings". */
  static String plural(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : noun.endsWith("x") ? "es" : "s");
  }

  /** The output directory, created if need be. */
  Path outputDirectory() throws MojoExecutionException {
    Path dir = outputDirectory.toPath();
    try {
      return Files.createDirectories(dir);
    } catch (IOException e) {
      throw new MojoExecutionException("forkscope: cannot create " + dir + ": " + e.getMessage());
    }
  }
}
