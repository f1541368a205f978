package dev.forkscope.cli;

import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkscope.io.AtomicFiles;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Collectors;
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
      "Exit status: 0 done, 1 a benchmark check failed, 2 bad arguments, 3 internal error."
    })
final class BenchCommand implements Callable<Integer> {

  /** The suites, by name. Add a suite here. */
  static final Map<String, Supplier<BenchSuite>> SUITES =
      suites(
          LintSuite::new,
          ProfileOverheadSuite::new,
          () -> new PoolBenchSuite("runtime"),
          () -> new PoolBenchSuite("idle"));

  private static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
          .build();

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
      description = "Comma-separated thread counts (default: the number of CPUs).")
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
          "Input for suites that read files (lint: directories or a src.zip; "
              + "default: the JDK 25 java.base sources).")
  List<Path> inputs = new ArrayList<>();

  @Option(names = "--quick", description = "CI-sized inputs and fewer warm-ups (runtime, idle).")
  boolean quick;

  @Option(
      names = "--check",
      description =
          "Exit 1 when a performance target is missed (off by default: shared machines are noisy).")
  boolean check;

  @Option(
      names = "--chart",
      paramLabel = "FILE",
      description = "Write an SVG chart to FILE (runtime, idle; default: next to --json, as .svg).")
  Path chart;

  @Override
  public Integer call() throws Exception {
    Supplier<BenchSuite> factory = SUITES.get(suite);
    if (factory == null) {
      throw new UserError(
          "unknown suite '" + suite + "'; known suites: " + String.join(", ", SUITES.keySet()));
    }
    if (repeat < 1) {
      throw new UserError("--repeat must be at least 1, got " + repeat);
    }
    if (threads.stream().anyMatch(t -> t < 1)) {
      throw new UserError("--threads must list positive numbers, got " + threads);
    }
    BenchSuite chosen = factory.get();
    List<Integer> counts = threads.isEmpty() ? chosen.defaultThreads() : threads;
    Path chartFile =
        chart != null || json == null
            ? chart
            : json.resolveSibling(
                json.getFileName().toString().replaceFirst("\\.json$", "") + ".svg");
    PrintWriter out = spec.commandLine().getOut();
    Terminal terminal = new Terminal(spec.commandLine().getErr());
    BenchSuite.Outcome outcome;
    try {
      outcome =
          chosen.run(
              new BenchSuite.Context(
                  List.copyOf(counts),
                  repeat,
                  List.copyOf(inputs),
                  terminal,
                  out,
                  quick,
                  chartFile));
    } finally {
      terminal.clear();
    }
    out.println(chosen.name() + ": " + chosen.description());
    if (outcome.table() != null) {
      out.print(outcome.table());
    } else {
      printTable(out, outcome.results());
    }
    for (String failed : outcome.failedChecks()) {
      out.println((check ? "check failed: " : "target missed: ") + failed);
    }
    out.flush();
    if (json != null) {
      ObjectNode root = toJson(suite, outcome.results());
      outcome.summary().forEach((key, value) -> root.set(key, JSON.valueToTree(value)));
      AtomicFiles.write(
          json,
          writer -> {
            JSON.writeValue(writer, root);
            writer.write('\n');
          });
    }
    return check && !outcome.failedChecks().isEmpty() ? Forkscope.FINDINGS : Forkscope.OK;
  }

  static ObjectNode toJson(String suite, List<BenchSuite.Result> results) {
    ObjectNode root = JSON.createObjectNode();
    root.put("suite", suite);
    root.put("jdk", System.getProperty("java.version"));
    root.put("cpus", Runtime.getRuntime().availableProcessors());
    for (BenchSuite.Result r : results) {
      ObjectNode node = root.withArray("results").addObject();
      node.put("benchmark", r.benchmark());
      node.put("variant", r.variant());
      node.put("threads", r.threads());
      node.put("wallMsMedian", r.wallMsMedian());
      node.put("cpuMsMedian", r.cpuMsMedian());
      node.put("ops", r.ops());
      r.extra().forEach((key, value) -> node.set(key, JSON.valueToTree(value)));
    }
    if (results.isEmpty()) {
      root.putArray("results");
    }
    return root;
  }

  private static void printTable(PrintWriter out, List<BenchSuite.Result> results) {
    List<String> extraKeys =
        results.stream()
            .flatMap(r -> r.extra().keySet().stream())
            .distinct()
            .collect(Collectors.toList());
    List<String> header =
        new ArrayList<>(List.of("benchmark", "variant", "threads", "wall ms", "cpu ms", "ops"));
    header.addAll(extraKeys);
    List<List<String>> rows = new ArrayList<>();
    rows.add(header);
    for (BenchSuite.Result r : results) {
      List<String> row =
          new ArrayList<>(
              List.of(
                  r.benchmark(),
                  r.variant(),
                  String.valueOf(r.threads()),
                  format(r.wallMsMedian()),
                  format(r.cpuMsMedian()),
                  String.valueOf(r.ops())));
      for (String key : extraKeys) {
        Object value = r.extra().get(key);
        row.add(
            value instanceof Double
                ? format((Double) value)
                : String.valueOf(value == null ? "" : value));
      }
      rows.add(row);
    }
    int[] widths = new int[header.size()];
    for (List<String> row : rows) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    for (List<String> row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        String cell = row.get(i);
        boolean left = i < 2;
        String pad = " ".repeat(widths[i] - cell.length());
        line.append(left ? cell + pad : pad + cell).append(i + 1 < row.size() ? "  " : "");
      }
      out.println(line.toString().stripTrailing());
    }
  }

  private static String format(double value) {
    return String.format(Locale.ROOT, value >= 100 ? "%.0f" : "%.1f", value);
  }

  @SafeVarargs
  private static Map<String, Supplier<BenchSuite>> suites(Supplier<BenchSuite>... factories) {
    Map<String, Supplier<BenchSuite>> byName = new LinkedHashMap<>();
    for (Supplier<BenchSuite> factory : factories) {
      byName.put(factory.get().name(), factory);
    }
    return byName;
  }

  /** The suite names, for the help text. */
  static final class SuiteNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return SUITES.keySet().iterator();
    }
  }
}
