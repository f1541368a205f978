package dev.forkscope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The {@code lint} suite: lints a large code base (by default the JDK 25 {@code java.base} sources)
 * end to end, from a cold start, in a fresh JVM with a 1 GB heap per run, and reports files, lines,
 * lines per second of wall time, the heap's peak and the CPU time.
 *
 * <p>A {@code src.zip} is extracted once into a cache directory under {@code java.io.tmpdir} (keyed
 * by the zip's size and date; a marker file says the extraction completed), so that runs measure
 * linting and not unzipping.
 */
final class LintSuite implements BenchSuite {
  static final Path JDK25_SOURCES = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/lib/src.zip");
  private static final String HEAP = "-Xmx1g";
  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public String name() {
    return "lint";
  }

  @Override
  public String description() {
    return "forkscope lint on the JDK 25 java.base sources (or --input), cold start, -Xmx1g";
  }

  @Override
  public Outcome run(Context context) throws IOException, InterruptedException {
    List<Path> inputs = context.inputs();
    String benchmark = "lint " + (inputs.isEmpty() ? "jdk25 java.base" : describe(inputs));
    if (inputs.isEmpty()) {
      if (!Files.isRegularFile(JDK25_SOURCES)) {
        throw new UserError(
            "the JDK 25 sources are not at "
                + JDK25_SOURCES
                + "; install a JDK 25 with its src.zip, or give sources with --input DIR|src.zip");
      }
      inputs = List.of(JDK25_SOURCES);
    }
    List<Path> roots = new ArrayList<>();
    for (Path input : inputs) {
      if (!Files.exists(input)) {
        throw new UserError("no such file or directory: " + input);
      }
      roots.add(input.toString().endsWith(".zip") ? extracted(input, context.terminal()) : input);
    }
    List<Result> results = new ArrayList<>();
    for (int threads : context.threads()) {
      List<JsonNode> runs = new ArrayList<>();
      List<Double> walls = new ArrayList<>();
      for (int run = 1; run <= context.repeat(); run++) {
        context
            .terminal()
            .status(
                "forkscope bench lint: "
                    + threads
                    + " thread(s), run "
                    + run
                    + "/"
                    + context.repeat(),
                true);
        long start = System.nanoTime();
        runs.add(runChild(roots, threads));
        walls.add((System.nanoTime() - start) / 1e6);
      }
      double wall = Medians.of(walls);
      JsonNode first = runs.get(0);
      long lines = first.get("lines").asLong();
      Map<String, Object> extra = new LinkedHashMap<>();
      extra.put("files", first.get("files").asInt());
      extra.put("lines", lines);
      extra.put("linesPerSecond", Math.round(lines / (wall / 1000)));
      extra.put("lintMsMedian", Medians.of(values(runs, "lintMs")));
      extra.put(
          "heapPeakMbMedian",
          Math.round(Medians.of(values(runs, "heapPeakBytes")) / (1024 * 1024)));
      extra.put("gcMsMedian", Medians.of(values(runs, "gcMs")));
      extra.put("findings", first.get("findings").asInt());
      extra.put("errors", first.get("errors").asInt());
      extra.put("runs", context.repeat());
      results.add(
          new Result(
              benchmark,
              "forkscope-lint " + HEAP,
              threads,
              wall,
              Medians.of(values(runs, "cpuMs")),
              lines,
              extra));
    }
    return new Outcome(results, List.of());
  }

  private static JsonNode runChild(List<Path> roots, int threads)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                javaBinary(),
                HEAP,
                "-XX:ActiveProcessorCount=" + threads,
                "-cp",
                System.getProperty("java.class.path"),
                LintBenchChild.class.getName()));
    roots.forEach(root -> command.add(root.toString()));
    Path log = Files.createTempFile("forkscope-bench-lint", ".log");
    try {
      Process process = new ProcessBuilder(command).redirectError(log.toFile()).start();
      byte[] stdout;
      try (InputStream in = process.getInputStream()) {
        stdout = in.readAllBytes();
      }
      if (!process.waitFor(30, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new IllegalStateException("the lint run did not finish within 30 minutes");
      }
      if (process.exitValue() != 0) {
        throw new IllegalStateException(
            "the lint run failed (exit "
                + process.exitValue()
                + "): "
                + Files.readString(log, StandardCharsets.UTF_8).strip());
      }
      String text = new String(stdout, StandardCharsets.UTF_8).strip();
      return JSON.readTree(text.substring(text.lastIndexOf('\n') + 1));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  /** The java.base sources of a JDK src.zip (or every Java file of another zip), extracted once. */
  private static Path extracted(Path zip, Terminal terminal) throws IOException {
    String key =
        zip.getFileName() + "-" + Files.size(zip) + "-" + Files.getLastModifiedTime(zip).toMillis();
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "forkscope-bench-cache", key);
    Path done = dir.resolve(".complete");
    if (Files.exists(done)) {
      return dir;
    }
    terminal.status("forkscope bench lint: extracting " + zip, true);
    ZooSources.deleteTree(dir);
    Files.createDirectories(dir);
    try (ZipFile file = new ZipFile(zip.toFile())) {
      boolean jdk = file.getEntry("java.base/java/lang/Object.java") != null;
      Enumeration<? extends ZipEntry> entries = file.entries();
      while (entries.hasMoreElements()) {
        ZipEntry entry = entries.nextElement();
        Path target = dir.resolve(entry.getName()).normalize();
        if (entry.isDirectory()
            || !entry.getName().endsWith(".java")
            || !target.startsWith(dir)
            || (jdk && !entry.getName().startsWith("java.base/"))) {
          continue;
        }
        Files.createDirectories(target.getParent());
        try (InputStream in = file.getInputStream(entry)) {
          Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    Files.createFile(done);
    return dir;
  }

  private static List<Double> values(List<JsonNode> runs, String field) {
    List<Double> values = new ArrayList<>();
    runs.forEach(run -> values.add(run.get(field).asDouble()));
    return values;
  }

  private static String describe(List<Path> inputs) {
    return inputs.size() == 1 ? inputs.get(0).getFileName().toString() : inputs.size() + " inputs";
  }

  private static String javaBinary() {
    return ProcessHandle.current()
        .info()
        .command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
  }
}
