package dev.forkscope.cli;

import dev.forkscope.examples.Exhibit;
import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooSources;
import dev.forkscope.io.FileTrees;
import dev.forkscope.lint.Finding;
import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.Linter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code forkscope demo}: lints the built-in bottleneck zoo and shows, bottleneck by bottleneck,
 * what the linter says about each program before and after its fix.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Lints the built-in bottleneck zoo (each bottleneck of Pinto et al. 2017 as a before/after pair)",
      "and explains each finding. Exit status 0 when the demo ran."
    })
final class DemoCommand implements Callable<Integer> {
  private static final int WIDTH = 100;
  private static final String INDENT = "    ";

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    Path dir = Files.createTempDirectory("forkscope-zoo");
    try {
      List<Path> sources = ZooSources.extractTo(dir);
      Path root = dir.resolve(ZooSources.PREFIX);
      out.println(
          "forkscope demo: linting the bottleneck zoo ("
              + sources.size()
              + " Java files: each bottleneck in its");
      out.println("'before' shape, modelled on Pinto et al. 2017, and in its fixed 'after' shape)");
      out.println();
      LintResult result = Linter.builder().build().lint(List.of(dir));
      printReport(out, root, result);
    } finally {
      FileTrees.delete(dir);
    }
    out.flush();
    return Forkscope.OK;
  }

  private static void printReport(PrintWriter out, Path root, LintResult result) {
    Set<Finding> shown = new HashSet<>();
    int detected = 0;
    int expected = 0;
    Set<Finding> inFixed = new HashSet<>();
    for (Exhibit exhibit : Zoo.exhibits()) {
      String label =
          exhibit.bottleneck() == null ? "granularity" : "bottleneck " + exhibit.bottleneck();
      String rule =
          exhibit.ruleId() == null
              ? "seen by the profiler, not the linter"
              : "rule " + exhibit.ruleId();
      out.println("[" + label + "] " + exhibit.title() + " (" + rule + ")");
      for (String line : wrap(exhibit.explanation(), WIDTH - INDENT.length())) {
        out.println(INDENT + line);
      }
      out.println(INDENT + "Shape from: " + exhibit.source());
      List<Finding> before = findingsIn(result, root, exhibit.before());
      List<Finding> after = findingsIn(result, root, exhibit.after());
      printProgram(out, "before", root, exhibit.before(), before);
      printProgram(out, "after ", root, exhibit.after(), after);
      shown.addAll(before);
      shown.addAll(after);
      if (exhibit.ruleId() != null) {
        expected++;
        if (before.stream().anyMatch(f -> f.rule().id().equals(exhibit.ruleId()))) {
          detected++;
        }
      }
      inFixed.addAll(after);
      out.println();
    }
    List<Finding> others = new ArrayList<>(result.findings());
    others.removeAll(shown);
    if (!others.isEmpty()) {
      out.println("Other findings in the zoo's shared code:");
      for (Finding f : others) {
        out.println(INDENT + describe(root, f));
      }
      out.println();
    }
    out.printf(
        Locale.ROOT,
        "demo: %d of %d problems found in their 'before' programs, %s in the fixed programs, "
            + "%d other; %d files, %d lines linted in %d ms%n",
        detected,
        expected,
        plural(inFixed.size(), "finding"),
        others.size(),
        result.summary().files(),
        result.summary().lines(),
        result.summary().millis());
  }

  private static void printProgram(
      PrintWriter out, String label, Path root, Class<?> program, List<Finding> findings) {
    String file = root.relativize(sourceOf(root, program)).toString().replace('\\', '/');
    if (findings.isEmpty()) {
      out.println(INDENT + label + "  " + file + ": clean");
      return;
    }
    for (Finding f : findings) {
      out.println(INDENT + label + "  " + describe(root, f));
    }
  }

  private static String describe(Path root, Finding f) {
    String file =
        f.file().toAbsolutePath().startsWith(root.toAbsolutePath())
            ? root.toAbsolutePath()
                .relativize(f.file().toAbsolutePath())
                .toString()
                .replace('\\', '/')
            : f.file().toString();
    return file
        + ":"
        + f.line()
        + ":"
        + f.column()
        + ": "
        + f.severity().name().toLowerCase(Locale.ROOT)
        + ": ["
        + f.rule().id()
        + "] "
        + f.message();
  }

  private static List<Finding> findingsIn(LintResult result, Path root, Class<?> program) {
    Path source = sourceOf(root, program).toAbsolutePath().normalize();
    List<Finding> findings = new ArrayList<>();
    for (Finding f : result.findings()) {
      if (f.file().toAbsolutePath().normalize().equals(source)) {
        findings.add(f);
      }
    }
    return findings;
  }

  private static Path sourceOf(Path root, Class<?> program) {
    String name = program.getName().substring(Zoo.class.getPackageName().length() + 1);
    return root.resolve(name.replace('.', '/') + ".java");
  }

  private static String plural(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  /** Greedy word wrap. */
  static List<String> wrap(String text, int width) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.split("\\s+")) {
      if (line.length() > 0 && line.length() + 1 + word.length() > width) {
        lines.add(line.toString());
        line.setLength(0);
      }
      if (line.length() > 0) {
        line.append(' ');
      }
      line.append(word);
    }
    if (line.length() > 0) {
      lines.add(line.toString());
    }
    return lines;
  }
}
