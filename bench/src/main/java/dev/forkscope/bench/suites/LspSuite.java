package dev.forkscope.bench.suites;

import dev.forkscope.bench.BenchInputException;
import dev.forkscope.bench.CpuClock;
import dev.forkscope.bench.Result;
import dev.forkscope.bench.Stats;
import dev.forkscope.bench.Suite;
import dev.forkscope.io.FileTrees;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The {@code lsp} suite: how long the language server takes to answer a keystroke. For each file, a
 * fresh server (in this JVM, over lsp4j's JSON-RPC on piped streams, see {@link LspSession}) opens
 * it, then a user types a comment in the middle of the file one character per {@code didChange};
 * each keystroke is timed from sending {@code didChange} to receiving the {@code
 * publishDiagnostics} of that version, and the next is sent only then. Reported per file over all
 * runs: median, 90th percentile and worst, against the targets of docs/lsp.md.
 *
 * <p>The files: the JDK 25's {@code ForkJoinPool.java} (4,422 lines, no findings), read from its
 * {@code src.zip} at run time, alone in its workspace folder, then with the rest of its package
 * ({@code java.util.concurrent}, 97 files) and with all of {@code java.util} (369 files) as the
 * folder; and a generated file of 3,529 lines with 330 findings (110 task classes); or the Java
 * files given with {@code --input}, each alone. A comment line is typed into, so every version
 * parses and keeps its findings.
 */
final class LspSuite implements Suite {
  static final double TARGET_MEDIAN_MS = 200;
  static final double TARGET_WORST_MS = 500;
  private static final String JAVA_BASE = "java.base/";
  private static final String FORK_JOIN_POOL = "java/util/concurrent/ForkJoinPool.java";
  private static final int GENERATED_TASKS = 110;
  private static final String TYPED = "the user types a comment here ";
  private static final Pattern PACKAGE =
      Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

  @Override
  public String name() {
    return "lsp";
  }

  @Override
  public String description() {
    return "forkscope lsp: didChange to that version's diagnostics, per keystroke, on"
        + " ForkJoinPool.java (JDK 25 src.zip) alone, in java.util.concurrent and in java.util,"
        + " and a generated 3,529-line file with findings (or --input FILE.java)";
  }

  @Override
  public Outcome run(Context context) throws Exception {
    int warmUp = context.quick() ? 5 : 20;
    int keystrokes = context.quick() ? 20 : 100;
    List<Source> sources = sources(context.inputs());
    List<Result> results = new ArrayList<>();
    List<String> missed = new ArrayList<>();
    StringBuilder table = new StringBuilder();
    for (Source source : sources) {
      List<Run> runs = new ArrayList<>();
      for (int r = 1; r <= context.repeat(); r++) {
        context.step(r, context.repeat(), source.name(), "keystrokes");
        runs.add(type(source, warmUp, keystrokes));
      }
      Result result = result(source, runs, keystrokes);
      results.add(result);
      table.append(line(result));
      double median = result.wallMsMedian();
      double worst = (Double) result.extra().get("worstMs");
      if (median > TARGET_MEDIAN_MS || worst > TARGET_WORST_MS) {
        missed.add(
            String.format(
                Locale.ROOT,
                "%s: median %.0f ms (target %.0f), worst %.0f ms (target %.0f)",
                source.name(),
                median,
                TARGET_MEDIAN_MS,
                worst,
                TARGET_WORST_MS));
      }
    }
    Map<String, Object> targets = new LinkedHashMap<>();
    targets.put("medianMs", TARGET_MEDIAN_MS);
    targets.put("worstMs", TARGET_WORST_MS);
    return new Outcome(name(), results, missed, Map.of("targets", targets), table.toString(), null);
  }

  /**
   * A file to type into: its name for the report, its file name and text, and the other files of
   * its workspace folder (by path under the source root).
   */
  record Source(String name, String fileName, String text, Map<String, String> folder) {
    Source(String fileName, String text) {
      this(fileName, fileName, text, Map.of());
    }
  }

  /** One server's run: the measured keystrokes' latencies, CPU time, and what it found. */
  record Run(long[] latencyNs, long cpuNs, long firstDiagnosticsNs, int findings) {}

  /**
   * One fresh server, the file opened, {@code warmUp} keystrokes, then {@code keystrokes} timed.
   */
  static Run type(Source source, int warmUp, int keystrokes) throws Exception {
    Path root = Files.createTempDirectory("forkscope-bench-lsp");
    try (LspSession session = new LspSession()) {
      Path sourceRoot = root.resolve("src/main/java");
      for (Map.Entry<String, String> other : source.folder().entrySet()) {
        Path path = sourceRoot.resolve(other.getKey());
        Files.createDirectories(path.getParent());
        Files.writeString(path, other.getValue());
      }
      Path file =
          Files.createDirectories(packageDirectory(sourceRoot, source.text()))
              .resolve(source.fileName());
      List<String> lines = new ArrayList<>(source.text().lines().toList());
      int line = lines.size() / 2;
      // a comment line is valid Java between any two lines outside a text block
      lines.add(line, "//");
      StringBuilder typedLine = new StringBuilder("//");
      String text = String.join("\n", lines) + "\n";
      Files.writeString(file, text);
      String uri = file.toUri().toString();
      session.initialize(root);

      long open = System.nanoTime();
      session.open(uri, text);
      int findings = session.diagnostics(uri, 1).getDiagnostics().size();
      long firstDiagnostics = System.nanoTime() - open;

      long[] latency = new long[keystrokes];
      long cpu = 0;
      for (int k = 0; k < warmUp + keystrokes; k++) {
        int version = k + 2;
        String typed = String.valueOf(TYPED.charAt(k % TYPED.length()));
        int column = typedLine.length();
        typedLine.append(typed);
        lines.set(line, typedLine.toString());
        text = String.join("\n", lines) + "\n";
        long cpu0 = CpuClock.process();
        long t0 = System.nanoTime();
        session.type(uri, version, line, column, typed, text);
        findings = session.diagnostics(uri, version).getDiagnostics().size();
        long elapsed = System.nanoTime() - t0;
        if (k >= warmUp) {
          latency[k - warmUp] = elapsed;
          cpu += CpuClock.process() - cpu0;
        }
      }
      return new Run(latency, cpu, firstDiagnostics, findings);
    } finally {
      FileTrees.delete(root);
    }
  }

  static Result result(Source source, List<Run> runs, int keystrokes) {
    long[] all = runs.stream().flatMapToLong(r -> Arrays.stream(r.latencyNs())).toArray();
    double cpuPerKeystroke =
        Stats.median(runs.stream().mapToDouble(r -> r.cpuNs() / 1e6 / keystrokes).toArray());
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("lines", source.text().lines().count());
    extra.put("folderFiles", source.folder().size() + 1);
    extra.put("findings", runs.get(0).findings());
    extra.put("keystrokesPerRun", keystrokes);
    extra.put("runs", runs.size());
    extra.put("p90Ms", Stats.percentile(all, 90) / 1e6);
    extra.put("worstMs", Stats.percentile(all, 100) / 1e6);
    extra.put(
        "firstDiagnosticsMsMedian",
        Stats.median(runs.stream().mapToDouble(r -> r.firstDiagnosticsNs() / 1e6).toArray()));
    return new Result(
        "keystroke " + source.name(),
        "forkscope lsp, in-process over lsp4j",
        Runtime.getRuntime().availableProcessors(),
        Stats.median(all) / 1e6,
        cpuPerKeystroke,
        all.length,
        extra);
  }

  private static String line(Result r) {
    return String.format(
        Locale.ROOT,
        "%s (%,d lines, %d findings, %d files in the folder): per keystroke median %.1f ms, p90 %.1f ms, worst %.1f ms"
            + " (%d runs x %d keystrokes; CPU %.1f ms per keystroke); first diagnostics %.0f ms%n",
        r.benchmark(),
        (Long) r.extra().get("lines"),
        (Integer) r.extra().get("findings"),
        (Integer) r.extra().get("folderFiles"),
        r.wallMsMedian(),
        (Double) r.extra().get("p90Ms"),
        (Double) r.extra().get("worstMs"),
        (Integer) r.extra().get("runs"),
        (Integer) r.extra().get("keystrokesPerRun"),
        r.cpuMsMedian(),
        (Double) r.extra().get("firstDiagnosticsMsMedian"));
  }

  private static List<Source> sources(List<Path> inputs) throws IOException {
    List<Source> sources = new ArrayList<>();
    if (inputs.isEmpty()) {
      if (!Files.isRegularFile(LintSuite.JDK25_SOURCES)) {
        throw new BenchInputException(
            "the JDK 25 sources are not at "
                + LintSuite.JDK25_SOURCES
                + "; install a JDK 25 with its src.zip, or give Java files with --input FILE.java");
      }
      Map<String, String> util = javaBase(LintSuite.JDK25_SOURCES, "java/util/");
      String pool = util.remove(FORK_JOIN_POOL);
      if (pool == null) {
        throw new BenchInputException(LintSuite.JDK25_SOURCES + " has no " + FORK_JOIN_POOL);
      }
      Map<String, String> concurrent = new TreeMap<>(util);
      concurrent.keySet().removeIf(path -> !path.startsWith("java/util/concurrent/"));
      String name = "ForkJoinPool.java";
      sources.add(new Source(name, pool));
      sources.add(new Source(name + " in java.util.concurrent", name, pool, concurrent));
      sources.add(new Source(name + " in java.util", name, pool, util));
      sources.add(new Source("Tasks.java", generated(GENERATED_TASKS)));
      return sources;
    }
    for (Path input : inputs) {
      if (!Files.isRegularFile(input) || !input.toString().endsWith(".java")) {
        throw new BenchInputException("--input for suite lsp must be a Java file: " + input);
      }
      sources.add(
          new Source(
              input.getFileName().toString(), Files.readString(input, StandardCharsets.UTF_8)));
    }
    return sources;
  }

  /** The Java files of java.base under a folder of the JDK's src.zip, by path under java.base. */
  private static Map<String, String> javaBase(Path srcZip, String folder) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (ZipFile zip = new ZipFile(srcZip.toFile())) {
      for (ZipEntry entry : Collections.list(zip.entries())) {
        String name = entry.getName();
        if (name.startsWith(JAVA_BASE + folder) && name.endsWith(".java")) {
          try (InputStream in = zip.getInputStream(entry)) {
            files.put(
                name.substring(JAVA_BASE.length()),
                new String(in.readAllBytes(), StandardCharsets.UTF_8));
          }
        }
      }
    }
    return files;
  }

  /**
   * A file of {@code tasks} task classes, each with a sleep in a helper (sleepy-worker) and a copy
   * of each half before forking it (copy-on-fork).
   */
  static String generated(int tasks) {
    StringBuilder s =
        new StringBuilder(
            """
            package generated;

            import java.util.Arrays;
            import java.util.concurrent.RecursiveAction;

            /** Generated by forkscope bench lsp. */
            public final class Tasks {
              private Tasks() {}
            """);
    for (int i = 0; i < tasks; i++) {
      s.append(
          """

            /** Adds %1$d to every element, sleeping after each leaf. */
            static final class Scan%1$d extends RecursiveAction {
              private final int[] data;

              Scan%1$d(int[] data) {
                this.data = data;
              }

              @Override
              protected void compute() {
                if (data.length < %2$d) {
                  for (int i = 0; i < data.length; i++) {
                    data[i] += %1$d;
                  }
                  rest();
                  return;
                }
                int mid = data.length >>> 1;
                invokeAll(
                    new Scan%1$d(Arrays.copyOfRange(data, 0, mid)),
                    new Scan%1$d(Arrays.copyOfRange(data, mid, data.length)));
              }

              private static void rest() {
                try {
                  Thread.sleep(1);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              }
            }
          """
              .formatted(i, 512 + i));
    }
    return s.append("}\n").toString();
  }

  /** Where the file goes in a Maven layout: under its package's directories. */
  private static Path packageDirectory(Path sourceRoot, String text) {
    Matcher m = PACKAGE.matcher(text);
    return m.find() ? sourceRoot.resolve(m.group(1).replace('.', '/')) : sourceRoot;
  }
}
