package dev.forkscope.cli;

import dev.forkscope.io.UnwritableFileException;
import dev.forkscope.lint.fix.FileFix;
import dev.forkscope.lint.fix.FixResult;
import dev.forkscope.lint.fix.FixWriter;
import dev.forkscope.lint.fix.Fixer;
import dev.forkscope.lint.fix.Suggestion;
import dev.forkscope.lint.output.ReportPaths;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code forkscope fix}: rewrites the code behind lint findings where that provably keeps the
 * program's meaning. Standard output carries only the unified diff (so it can be piped to {@code
 * git apply}); suggestions and the closing line go to standard error.
 */
@Command(
    name = "fix",
    mixinStandardHelpOptions = true,
    description = {
      "Rewrites fork/join bottlenecks where the rewrite provably keeps the program's meaning;"
          + " the other findings are shown as suggestions.",
      "Without --apply, prints a unified diff and changes nothing.",
      "Exit status: 0 nothing to fix, 1 fixes or suggestions, 2 bad arguments, 3 internal error."
    })
final class FixCommand implements Callable<Integer> {
  private static final String INDENT = "    ";

  @Spec CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "PATH",
      description = "Java files or directories (searched recursively).")
  List<Path> paths;

  @Option(
      names = "--rule",
      paramLabel = "ID",
      description = "Fix only this rule's findings (repeatable). Default: all rules.")
  List<String> rules = new ArrayList<>();

  @Option(names = "--apply", description = "Rewrite the files (atomically; permissions kept).")
  boolean apply;

  @Option(
      names = "--classpath",
      paramLabel = "CP",
      description =
          "The project's class path (path-separator separated; each entry must exist): the"
              + " rewritten files are compiled against it. Without it they are compiled only when"
              + " the sources compile on their own.")
  String classpath;

  @Override
  public Integer call() throws IOException {
    for (Path path : paths) {
      if (!Files.exists(path)) {
        throw new UserError("no such file or directory: " + path);
      }
    }
    LintCommand.refuseArchives(paths);
    List<Path> entries = Classpath.parse(classpath);
    Terminal terminal = new Terminal(spec.commandLine().getErr());
    Fixer fixer;
    try {
      Fixer.Builder builder =
          Fixer.builder()
              .rules(rules)
              .progress(
                  (done, total) ->
                      terminal.status(
                          "forkscope fix: " + done + "/" + total + " files", done == total));
      if (entries != null) {
        builder.classpath(entries);
      }
      fixer = builder.build();
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    FixResult result;
    try {
      result = fixer.fix(paths);
    } catch (NoSuchFileException e) {
      throw new UserError("no such file or directory: " + e.getFile());
    } finally {
      terminal.clear();
    }
    ReportPaths names = new ReportPaths(Path.of(""));
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    int notWritten = 0;
    for (FileFix file : result.files()) {
      if (!file.changed()) {
        continue;
      }
      String name = names.display(file.path());
      if (!apply) {
        out.print(file.diff(name));
      } else {
        try {
          FixWriter.write(file);
          out.println("fixed " + name + " (" + plural(file.fixes().size(), "fix") + ")");
        } catch (FixWriter.FileChangedException | UnwritableFileException e) {
          err.println("forkscope: " + e.getMessage());
          notWritten++;
        } catch (IOException e) {
          err.println("forkscope: cannot write " + name + ", left as it was: " + e.getMessage());
          notWritten++;
        }
      }
    }
    out.flush();
    for (Suggestion s : result.suggestions()) {
      printSuggestion(err, names, s);
    }
    err.println(closingLine(result, notWritten));
    err.flush();
    return result.fixCount() == 0 && result.suggestions().isEmpty()
        ? Forkscope.OK
        : Forkscope.FINDINGS;
  }

  private static void printSuggestion(PrintWriter err, ReportPaths names, Suggestion s) {
    err.println(
        names.display(s.finding().file())
            + ":"
            + s.finding().line()
            + ":"
            + s.finding().column()
            + ": suggestion: ["
            + s.finding().rule().id()
            + "] "
            + s.reason());
    err.println(INDENT + "before:");
    s.before().lines().forEach(l -> err.println(INDENT + "  " + l));
    err.println(INDENT + "after:");
    s.after().lines().forEach(l -> err.println(INDENT + "  " + l));
  }

  private String closingLine(FixResult result, int notWritten) {
    StringBuilder line = new StringBuilder("forkscope fix: ");
    int fixes = result.fixCount();
    line.append(plural(fixes, "fix")).append(" in ").append(plural(result.changedFiles(), "file"));
    if (fixes > 0) {
      line.append(apply ? " applied" : " proposed (run with --apply to write them)");
    }
    if (notWritten > 0) {
      line.append(", ").append(plural(notWritten, "file")).append(" not written");
    }
    List<Suggestion> suggestions = result.suggestions();
    line.append("; ").append(plural(suggestions.size(), "finding")).append(" left as suggestions");
    if (!suggestions.isEmpty()) {
      Map<String, Integer> byRule = new TreeMap<>();
      suggestions.forEach(s -> byRule.merge(s.finding().rule().id(), 1, Integer::sum));
      line.append(" (")
          .append(
              byRule.entrySet().stream()
                  .map(e -> e.getKey() + " " + e.getValue())
                  .collect(Collectors.joining(", ")))
          .append("; each says why above)");
    }
    return line.append("; ").append(result.compileCheck()).toString();
  }

  private static String plural(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : noun.endsWith("x") ? "es" : "s");
  }
}
