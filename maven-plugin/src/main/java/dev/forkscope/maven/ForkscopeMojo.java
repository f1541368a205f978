package dev.forkscope.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What every goal shares: the project and skipping. A subclass names its own skip property, so that
 * one goal can be skipped alone.
 */
abstract class ForkscopeMojo extends AbstractMojo {

  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  MavenProject project;

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

  /**
   * The data directories {@code given}, or when none are, those of {@code prepare-agent} and {@code
   * prepare-agent-integration} at their defaults.
   */
  List<File> dataDirectories(List<File> given) {
    if (!given.isEmpty()) {
      return given;
    }
    File target = new File(project.getBuild().getDirectory());
    return List.of(new File(target, "forkscope"), new File(target, "forkscope-it"));
  }

  /** "1 finding", "2 findings", "1,024 classes". */
  static String plural(long n, String noun) {
    return String.format(Locale.ROOT, "%,d", n)
        + " "
        + noun
        + (n == 1 ? "" : noun.endsWith("x") || noun.endsWith("s") ? "es" : "s");
  }

  /** {@code dir}, created if need be. */
  static Path created(File directory) throws MojoExecutionException {
    Path dir = directory.toPath();
    try {
      return Files.createDirectories(dir);
    } catch (IOException e) {
      throw new MojoExecutionException("forkscope: cannot create " + dir + ": " + e.getMessage());
    }
  }
}
