package dev.forkscope.cli;

import dev.forkscope.io.AtomicFiles;
import dev.forkscope.lint.Finding;
import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.Linter;
import dev.forkscope.lint.Rules;
import dev.forkscope.lint.output.LintReport;
import dev.forkscope.lint.output.ReportFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code forkscope lint}: finds fork/join bottlenecks and misuse in Java sources. */
@Command(
    name = "lint",
    mixinStandardHelpOptions = true,
    description = {
      "Finds fork/join bottlenecks and misuse in Java sources.",
      "Exit status: 0 nothing to act on (notes only, or none), 1 findings, 2 bad arguments, 3 internal error (a rule"
          + " that threw is one, unless --keep-going)."
    })
final class LintCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "PATH",
      description = "Java files or directories (searched recursively).")
  List<Path> paths;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text, json or sarif (default: ${DEFAULT-VALUE}).")
  String format;

  @Option(
      names = "--output",
      paramLabel = "FILE",
      description = "Write the report to FILE instead of standard output.")
  Path output;

  @Option(
      names = "--classpath",
      paramLabel = "CP",
      description =
          "Jars and class directories of the project's dependencies (path-separator separated); "
              + "each entry must exist.")
  String classpath;

  @Option(
      names = "--rule",
      paramLabel = "ID",
      description = "Run only this rule (repeatable). Default: all rules.")
  List<String> rules = new ArrayList<>();

  @Option(
      names = "--notes",
      description =
          "Show the notes in text output too: findings a rule cannot prove but that may matter"
              + " (by default counted in the summary only; JSON and SARIF always carry them). Notes"
              + " never make the exit status 1.")
  boolean notes;

  @Option(
      names = "--keep-going",
      description =
          "When a rule throws on a file, report it and exit by the findings (0 or 1) instead of 3.")
  boolean keepGoing;

  @Override
  public Integer call() throws IOException {
    ReportFormat reportFormat =
        ReportFormat.byId(format)
            .orElseThrow(
                () -> new UserError("unknown format '" + format + "'; use text, json or sarif"));
    for (Path path : paths) {
      if (!Files.exists(path)) {
        throw new UserError("no such file or directory: " + path);
      }
    }
    // the linter resolves types from sources and the JDK; a missing entry is a typo
    Classpath.parse(classpath);
    Terminal terminal = new Terminal(spec.commandLine().getErr());
    Linter linter;
    try {
      linter =
          Linter.builder()
              .rules(rules)
              .progress(
                  (done, total) ->
                      terminal.status(
                          "forkscope lint: " + done + "/" + total + " files", done == total))
              .build();
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    refuseArchives(paths);
    LintResult result;
    try {
      result = linter.lint(paths);
    } catch (NoSuchFileException e) {
      throw new UserError("no such file or directory: " + e.getFile());
    } finally {
      terminal.clear();
    }
    LintReport report =
        LintReport.of(
            reportFormat, Path.of(""), Versions.toolVersion(spec), Rules.selected(rules), notes);
    if (output == null) {
      PrintWriter out = spec.commandLine().getOut();
      report.write(result, out);
      out.flush();
    } else {
      AtomicFiles.write(output, out -> report.write(result, out));
    }
    int failures = result.summary().failures().size();
    if (failures > 0) {
      // the report may have gone to a file: say it where the user looks
      PrintWriter err = spec.commandLine().getErr();
      err.println(
          "forkscope lint: "
              + failures
              + (failures == 1 ? " rule" : " rules")
              + " failed with an internal error (listed in the report); the other findings are"
              + " complete. Please report it.");
      err.flush();
    }
    return exitCode(result, keepGoing);
  }

  /**
   * 3 if a rule threw (unless keeping going), else 1 with findings to act on (notes do not count),
   * else 0.
   */
  /**
   * Refuses a {@code -sources} jar or a {@code src.zip} given as a path: read as Java text it would
   * parse as nothing, and the run would report "0 findings".
   */
  static void refuseArchives(List<Path> paths) {
    for (Path path : paths) {
      String name = String.valueOf(path.getFileName());
      if ((name.endsWith(".jar") || name.endsWith(".zip")) && Files.isRegularFile(path)) {
        throw new UserError(
            path
                + " is an archive: lint and fix read .java files and directories; extract it first");
      }
    }
  }

  static int exitCode(LintResult result, boolean keepGoing) {
    if (!result.summary().failures().isEmpty() && !keepGoing) {
      return Forkscope.INTERNAL;
    }
    return result.findings().stream().anyMatch(Finding::actionable)
        ? Forkscope.FINDINGS
        : Forkscope.OK;
  }
}
