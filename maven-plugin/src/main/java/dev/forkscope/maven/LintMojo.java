package dev.forkscope.maven;

import dev.forkscope.io.AtomicFiles;
import dev.forkscope.lint.Finding;
import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.Linter;
import dev.forkscope.lint.Rule;
import dev.forkscope.lint.Rules;
import dev.forkscope.lint.output.LintReport;
import dev.forkscope.lint.output.ReportFormat;
import dev.forkscope.lint.output.ReportPaths;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Lints the module's main sources: logs each finding as {@code file:line: [rule] message}, writes
 * {@code lint.sarif} and {@code lint.json} into the output directory, and fails the build when
 * there are findings (unless {@code failOnFindings} is false). Paths in the reports are relative to
 * the directory Maven was started in, which is what GitHub code scanning expects of a build run
 * from the repository's root.
 *
 * <p>In a multi-module build, a project of packaging {@code pom} lints the sources of every module
 * of the build below its directory, so the parent's reports cover the whole build (one SARIF file
 * to upload), and with {@code failOnFindings} the build stops there, before compiling, with every
 * module's findings listed. Each module's own run reports on its own sources.
 */
@Mojo(name = "lint", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class LintMojo extends ForkscopeMojo {

  /** Where lint.sarif and lint.json go. */
  @Parameter(
      property = "forkscope.outputDirectory",
      defaultValue = "${project.build.directory}/forkscope")
  File outputDirectory;

  /** Fail the build when lint finds anything. */
  @Parameter(property = "forkscope.failOnFindings", defaultValue = "true")
  boolean failOnFindings;

  /** Run only these rules (ids, as in {@code forkscope lint --rule}); empty means all rules. */
  @Parameter(property = "forkscope.rules")
  List<String> rules = new ArrayList<>();

  /** Skip this goal. */
  @Parameter(property = "forkscope.lint.skip", defaultValue = "false")
  boolean skip;

  @Parameter(defaultValue = "${session.executionRootDirectory}", readonly = true)
  File executionRoot;

  @Parameter(defaultValue = "${session}", readonly = true, required = true)
  MavenSession session;

  @Parameter(defaultValue = "${plugin.version}", readonly = true)
  String pluginVersion;

  @Override
  boolean skipped() {
    return skip;
  }

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    List<Path> roots = roots();
    if (roots.isEmpty()) {
      getLog().info("forkscope: no main sources to lint");
      return;
    }
    Linter linter;
    try {
      linter = Linter.builder().rules(rules).build();
    } catch (IllegalArgumentException e) {
      throw new MojoFailureException("forkscope: " + e.getMessage());
    }
    LintResult result;
    try {
      result = linter.lint(roots);
    } catch (IOException e) {
      throw new MojoExecutionException("forkscope: cannot read the sources: " + e.getMessage());
    }
    Path base = executionRoot.toPath();
    Path out = created(outputDirectory);
    List<Rule> ran = Rules.selected(rules);
    write(
        out.resolve("lint.sarif"),
        LintReport.of(ReportFormat.SARIF, base, pluginVersion, ran),
        result);
    write(
        out.resolve("lint.json"),
        LintReport.of(ReportFormat.JSON, base, pluginVersion, ran),
        result);

    ReportPaths names = new ReportPaths(base);
    for (Finding f : result.findings()) {
      String line =
          names.display(f.file()) + ":" + f.line() + ": [" + f.rule().id() + "] " + f.message();
      if (!f.actionable()) {
        getLog().info(line);
      } else if (failOnFindings) {
        getLog().error(line);
      } else {
        getLog().warn(line);
      }
    }
    result
        .summary()
        .errors()
        .forEach(e -> getLog().warn(names.display(e.file()) + ": not analysed: " + e.message()));
    // a rule's own defect: its findings may be missing, the others' are complete
    result
        .summary()
        .failures()
        .forEach(
            f ->
                getLog()
                    .error(
                        names.display(f.file())
                            + ":"
                            + f.line()
                            + ": forkscope internal error in rule "
                            + f.rule()
                            + ": "
                            + f.describe()
                            + " at "
                            + String.join(" < ", f.frames())));
    // notes (claims a rule cannot prove) are listed but never fail the build
    int count = (int) result.findings().stream().filter(Finding::actionable).count();
    int notes = result.findings().size() - count;
    getLog()
        .info(
            "forkscope: "
                + plural(count, "finding")
                + (notes > 0 ? " and " + plural(notes, "note") : "")
                + " in "
                + plural(result.summary().files(), "file")
                + ": "
                + result.summary().parsed()
                + " analysed, "
                + result.summary().skipped()
                + " skipped without task code; wrote lint.sarif and lint.json into "
                + names.display(out));
    if (count > 0 && failOnFindings) {
      throw new MojoFailureException(
          "forkscope found "
              + plural(count, "bottleneck")
              + " (listed above); fix them (mvn forkscope:fix), suppress them, or set"
              + " -Dforkscope.failOnFindings=false");
    }
  }

  /** This project's sources, or for a {@code pom} project those of the modules below it. */
  private List<Path> roots() {
    if (!"pom".equals(project.getPackaging())) {
      return sourceRoots(project);
    }
    Path base = project.getBasedir().toPath();
    return session.getProjects().stream()
        .filter(p -> p != project && p.getBasedir().toPath().startsWith(base))
        .flatMap(p -> sourceRoots(p).stream())
        .toList();
  }

  private static void write(Path file, LintReport report, LintResult result)
      throws MojoExecutionException {
    try {
      AtomicFiles.write(file, w -> report.write(result, w));
    } catch (IOException e) {
      throw new MojoExecutionException("forkscope: " + e.getMessage());
    }
  }
}
