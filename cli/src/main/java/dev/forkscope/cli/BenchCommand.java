package dev.forkscope.cli;

import dev.forkscope.bench.BenchInputException;
import dev.forkscope.bench.Suite;
import dev.forkscope.bench.findings.Seeds;
import dev.forkscope.bench.suites.Suites;
import dev.forkscope.io.AtomicFiles;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code forkscope bench SUITE}: runs one benchmark suite, prints a table and optionally writes the
 * results as JSON ({@code {"suite","jdk","cpus","results":[...]}}).
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a benchmark suite and reports medians; optionally writes them as JSON.",
      "SUITE seeds runs the suites that re-measure the seed papers' claims (zoo, runtime, idle,"
          + " profile, actors) on this JDK, keeps their JSON and charts in --data DIR/jdkN/ and"
          + " rewrites --page FILE from the JSON of every JDK there.",
      "Exit status: 0 done, 1 a benchmark check failed, 2 bad arguments, 3 internal error."
    })
final class BenchCommand implements Callable<Integer> {
  static final String SEEDS = "seeds";

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "SUITE",
      completionCandidates = SuiteNames.class,
      description = "The suite to run: ${COMPLETION-CANDIDATES}.")
  String suite;

  @Option(
      names = "--json",
      paramLabel = "FILE",
      description = "Also write the results as JSON to FILE.")
  Path json;

  @Option(
      names = "--threads",
      paramLabel = "LIST",
      split = ",",
      description =
          "Comma-separated thread counts (default: the suite's own; runtime and idle: 1 and the CPU count, actors: 2, the others: the CPU count).")
  List<Integer> threads = new ArrayList<>();

  @Option(
      names = "--repeat",
      paramLabel = "N",
      defaultValue = "3",
      description = "Runs per configuration; figures are medians (default: ${DEFAULT-VALUE}).")
  int repeat;

  @Option(
      names = "--input",
      paramLabel = "PATH",
      description =
          "Input for suites that read files (lint: directories, a src.zip or -sources jars, as"
              + " one tree; default: the JDK 25 java.base sources and the precision suite's"
              + " slowest tree, caffeine 3.1.8).")
  List<Path> inputs = new ArrayList<>();

  @Option(
      names = "--quick",
      description = "CI-sized inputs and fewer warm-ups (runtime, idle, actors, apps).")
  boolean quick;

  @Option(
      names = "--app",
      paramLabel = "NAME",
      description = "apps: run only this application (repeatable; default: all).")
  List<String> apps = new ArrayList<>();

  @Option(
      names = "--steady",
      description =
          "profile: measure at steady state, as tgp did: warm-up runs of each program, then timed"
              + " runs, in one JVM (default: one run per JVM, from main to exit).")
  boolean steady;

  @Option(
      names = "--check",
      description =
          "Exit 1 when a performance target is missed (off by default: shared machines are noisy).")
  boolean check;

  @Option(
      names = "--chart",
      paramLabel = "FILE",
      description =
          "Write an SVG chart to FILE (runtime, idle, actors; default: next to --json, as .svg).")
  Path chart;

  @Option(
      names = "--data",
      paramLabel = "DIR",
      defaultValue = "docs/findings",
      description =
          "seeds: where the suites' JSON and charts go, per JDK (default: ${DEFAULT-VALUE}).")
  Path data;

  @Option(
      names = "--page",
      paramLabel = "FILE",
      defaultValue = "docs/findings.md",
      description = "seeds: the findings page to rewrite (default: ${DEFAULT-VALUE}).")
  Path page;

  @Option(
      names = "--page-only",
      description = "seeds: rewrite the page from the JSON already in --data, run nothing.")
  boolean pageOnly;

  @Override
  public Integer call() throws Exception {
    if (suite.equals(SEEDS)) {
      return seeds();
    }
    Suite chosen =
        Suites.byName(suite)
            .orElseThrow(
                () ->
                    new UserError(
                        "unknown suite '"
                            + suite
                            + "'; known suites: "
                            + String.join(", ", Suites.names())
                            + ", "
                            + SEEDS));
    PrintWriter out = spec.commandLine().getOut();
    Terminal terminal = new Terminal(spec.commandLine().getErr());
    Suite.Outcome outcome;
    try {
      Suite.Context context =
          new Suite.Context(
              threads.isEmpty() ? chosen.defaultThreads() : threads,
              repeat,
              inputs,
              quick,
              line -> terminal.status(line, true),
              apps,
              steady);
      if (!apps.isEmpty() && !chosen.name().equals("apps")) {
        throw new UserError("--app is for suite apps only");
      }
      if (steady && !chosen.name().equals("profile")) {
        throw new UserError("--steady is for suite profile only");
      }
      outcome = chosen.run(context);
    } catch (BenchInputException e) {
      throw new UserError(e.getMessage());
    } finally {
      terminal.clear();
    }
    out.println(chosen.name() + ": " + chosen.description());
    out.print(outcome.text());
    for (String failed : outcome.failedChecks()) {
      out.println((check ? "check failed: " : "target missed: ") + failed);
    }
    out.flush();
    if (json != null) {
      String document = outcome.json();
      AtomicFiles.write(json, writer -> writer.write(document));
    }
    Path chartFile = chart != null || json == null ? chart : siblingSvg(json);
    if (chartFile != null && outcome.svg() != null) {
      AtomicFiles.write(chartFile, writer -> writer.write(outcome.svg()));
    }
    return check && !outcome.failedChecks().isEmpty() ? Forkscope.FINDINGS : Forkscope.OK;
  }

  private int seeds() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    if (!pageOnly) {
      Terminal terminal = new Terminal(spec.commandLine().getErr());
      try {
        for (Path file : Seeds.run(data, repeat, quick, line -> terminal.status(line, true))) {
          out.println("wrote " + file);
        }
      } catch (BenchInputException e) {
        throw new UserError(e.getMessage());
      } finally {
        terminal.clear();
      }
    } else if (!Files.isDirectory(data)) {
      throw new UserError("no results in " + data + ": run forkscope bench seeds first");
    }
    Path absolutePage = page.toAbsolutePath();
    String link =
        absolutePage.getParent().relativize(data.toAbsolutePath()).toString().replace('\\', '/');
    String markdown = Seeds.page(data, link);
    AtomicFiles.write(page, writer -> writer.write(markdown));
    out.println("wrote " + page);
    return Forkscope.OK;
  }

  private static Path siblingSvg(Path json) {
    return json.resolveSibling(json.getFileName().toString().replaceFirst("\\.json$", "") + ".svg");
  }

  /** The suite names and {@code seeds}, for the help text. */
  static final class SuiteNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      List<String> names = new ArrayList<>(Suites.names());
      names.add(SEEDS);
      return names.iterator();
    }
  }
}
