package dev.forkscope.maven;

import dev.forkscope.io.UnwritableFileException;
import dev.forkscope.lint.fix.FileFix;
import dev.forkscope.lint.fix.FixResult;
import dev.forkscope.lint.fix.FixWriter;
import dev.forkscope.lint.fix.Fixer;
import dev.forkscope.lint.fix.Suggestion;
import dev.forkscope.lint.output.ReportPaths;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Rewrites the bottlenecks in the module's main sources that {@code forkscope fix} can prove safe,
 * checking the rewrites with javac against the module's compile class path. A dry run by default:
 * it logs the unified diff; {@code -Dforkscope.apply=true} writes the files (atomically). Findings
 * without a safe rewrite are logged as suggestions with the reason.
 */
@Mojo(name = "fix", requiresDependencyResolution = ResolutionScope.COMPILE, threadSafe = true)
public class FixMojo extends ForkscopeMojo {

  /** Write the fixed files instead of logging the diff. */
  @Parameter(property = "forkscope.apply", defaultValue = "false")
  boolean apply;

  /** Fix only these rules' findings; empty means all rules. */
  @Parameter(property = "forkscope.rules")
  List<String> rules = new ArrayList<>();

  /** Skip this goal. */
  @Parameter(property = "forkscope.fix.skip", defaultValue = "false")
  boolean skip;

  @Parameter(defaultValue = "${session.executionRootDirectory}", readonly = true)
  File executionRoot;

  @Override
  boolean skipped() {
    return skip;
  }

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    List<Path> roots = sourceRoots(project);
    if (roots.isEmpty()) {
      getLog().info("forkscope: no main sources to fix");
      return;
    }
    Fixer fixer;
    try {
      fixer = Fixer.builder().rules(rules).classpath(classpath()).build();
    } catch (IllegalArgumentException e) {
      throw new MojoFailureException("forkscope: " + e.getMessage());
    }
    FixResult result;
    try {
      result = fixer.fix(roots);
    } catch (IOException e) {
      throw new MojoExecutionException("forkscope: cannot read the sources: " + e.getMessage());
    }
    ReportPaths names = new ReportPaths(executionRoot.toPath());
    int notWritten = 0;
    for (FileFix file : result.files()) {
      if (!file.changed()) {
        continue;
      }
      String name = names.display(file.path());
      if (!apply) {
        file.diff(name).lines().forEach(getLog()::info);
        continue;
      }
      try {
        FixWriter.write(file);
        getLog().info("forkscope: fixed " + name + " (" + plural(file.fixes().size(), "fix") + ")");
      } catch (FixWriter.FileChangedException | UnwritableFileException e) {
        getLog().error("forkscope: " + e.getMessage());
        notWritten++;
      } catch (IOException e) {
        getLog().error("forkscope: cannot write " + name + ", left as it was: " + e.getMessage());
        notWritten++;
      }
    }
    for (Suggestion s : result.suggestions()) {
      getLog()
          .warn(
              names.display(s.finding().file())
                  + ":"
                  + s.finding().line()
                  + ": suggestion: ["
                  + s.finding().rule().id()
                  + "] "
                  + s.reason());
    }
    getLog()
        .info(
            "forkscope: "
                + plural(result.fixCount(), "fix")
                + " in "
                + plural(result.changedFiles(), "file")
                + " "
                + (apply ? "applied" : "proposed (-Dforkscope.apply=true writes them)")
                + "; "
                + plural(result.suggestions().size(), "suggestion")
                + "; "
                + result.compileCheck());
    if (notWritten > 0) {
      throw new MojoFailureException(
          "forkscope: " + plural(notWritten, "file") + " not written (see above)");
    }
  }

  private List<Path> classpath() throws MojoExecutionException {
    try {
      return project.getCompileClasspathElements().stream()
          .map(Path::of)
          .filter(Files::exists)
          .toList();
    } catch (DependencyResolutionRequiredException e) {
      throw new MojoExecutionException("forkscope: " + e.getMessage());
    }
  }
}
