package dev.forkscope.bench.suites;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.forkscope.bench.BenchInputException;
import dev.forkscope.bench.Harness;
import dev.forkscope.bench.Result;
import dev.forkscope.bench.Suite;
import dev.forkscope.io.FileTrees;
import java.io.File;
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
 * The {@code lint} suite: lints code bases (by default the JDK 25 {@code java.base} sources, the
 * precision suite's slowest tree, {@link #SLOWEST_SUITE_TREE}, and the walk's worst case, an {@link
 * AsyncTree}, each on its own) end to end, from a cold start, in a fresh JVM with a 1 GB heap per
 * run, with the flags of the {@code forkscope} launcher, with and without its class archive, and
 * reports files, lines, lines per second of wall time (end to end and above the start-up floor: the
 * wall time of linting an empty tree), the heap's peak and the CPU time.
 *
 * <p>A {@code src.zip} or a {@code -sources} jar is extracted once into a cache directory under
 * {@code java.io.tmpdir} (keyed by the zip's size and date; a marker file says the extraction
 * completed), so that runs measure linting and not unzipping.
 */
final class LintSuite implements Suite {
  static final Path JDK25_SOURCES = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/lib/src.zip");

  /**
   * Of the real-world precision suite (lint/src/test/resources/precision/projects.tsv, the same
   * pinned version), the tree the linter is slowest on per line: the most code parsed and walked (a
   * cache built on CompletableFuture), where the smaller trees' figures are JVM start-up.
   */
  static final String SLOWEST_SUITE_TREE = "caffeine-3.1.8";

  private static final String SLOWEST_SUITE_ARTIFACT =
      "com.github.ben-manes.caffeine:caffeine:3.1.8:jar:sources";
  private static final String HEAP = "-Xmx1g";

  /**
   * The flags the {@code forkscope} launcher gives {@code lint}: a short run compiles with C1 only,
   * and the JVM's class-data sharing warnings stay off the report.
   */
  private static final List<String> LAUNCHER_FLAGS =
      List.of("-XX:TieredStopAtLevel=1", "-Xlog:cds*=off");

  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public String name() {
    return "lint";
  }

  @Override
  public String description() {
    return "forkscope lint on the JDK 25 java.base sources, the precision suite's slowest tree and"
        + " a generated async-heavy tree (or --input), cold start, -Xmx1g";
  }

  @Override
  public Outcome run(Context context) throws Exception {
    Path generated = null;
    try {
      if (context.inputs().isEmpty()) {
        generated = Files.createTempDirectory("forkscope-bench-async-tree");
        AsyncTree.write(generated);
      }
      return run(generated, context);
    } finally {
      if (generated != null) {
        FileTrees.delete(generated);
      }
    }
  }

  /** Measures the default trees, the generated one among them, or the inputs (then null). */
  private Outcome run(Path generated, Context context) throws Exception {
    Map<String, List<Path>> trees = new LinkedHashMap<>();
    if (generated != null) {
      trees.put(
          "lint jdk25 java.base",
          List.of(
              required(JDK25_SOURCES, "the JDK 25 sources", "install a JDK 25 with its src.zip")));
      trees.put(
          "lint " + SLOWEST_SUITE_TREE,
          List.of(
              required(
                  slowestSuiteTree(),
                  "the sources of " + SLOWEST_SUITE_TREE + " (the precision suite's slowest tree)",
                  "fetch it with mvn dependency:get -Dartifact=" + SLOWEST_SUITE_ARTIFACT)));
      trees.put("lint generated async tree", List.of(generated));
    } else {
      trees.put("lint " + describe(context.inputs()), context.inputs());
    }
    List<Result> results = new ArrayList<>();
    for (Map.Entry<String, List<Path>> tree : trees.entrySet()) {
      List<Path> roots = new ArrayList<>();
      for (Path input : tree.getValue()) {
        if (!Files.exists(input)) {
          throw new BenchInputException("no such file or directory: " + input);
        }
        String name = input.toString();
        roots.add(
            name.endsWith(".zip") || name.endsWith(".jar") ? extracted(input, context) : input);
      }
      for (int threads : context.threads()) {
        results.addAll(measure(tree.getKey(), roots, threads, context));
      }
    }
    return new Outcome(name(), results, List.of(), Map.of(), null, null);
  }

  /** A default input, or a one-line message saying how to get it. */
  private static Path required(Path input, String what, String how) {
    if (!Files.isRegularFile(input)) {
      throw new BenchInputException(
          what
              + " are not at "
              + input
              + "; "
              + how
              + ", or give sources with --input DIR|src.zip|sources.jar");
    }
    return input;
  }

  /** Where Maven keeps the slowest tree's sources jar (lint's tests fetch it). */
  private static Path slowestSuiteTree() {
    String[] coordinates = SLOWEST_SUITE_ARTIFACT.split(":");
    String repository =
        System.getProperty(
            "maven.repo.local",
            Path.of(System.getProperty("user.home"), ".m2", "repository").toString());
    return Path.of(repository, coordinates[0].split("\\."))
        .resolve(coordinates[1])
        .resolve(coordinates[2])
        .resolve(coordinates[1] + "-" + coordinates[2] + "-sources.jar");
  }

  /**
   * Measures one tree both ways the launcher may run lint: with the class archive its first run
   * leaves (made here by an unmeasured run on the same tree) and without one, alternating, each
   * beside a run on an empty tree with the same flags: its wall time is the start-up floor, and
   * lines over (wall - floor) is the speed above it. The JVM archives classes from jars only, so a
   * class path with directories (bench run from a build's classes) is measured without an archive.
   */
  private List<Result> measure(String benchmark, List<Path> roots, int threads, Context context)
      throws Exception {
    Path empty = Files.createTempDirectory("forkscope-bench-lint-empty");
    Path archive = empty.resolveSibling(empty.getFileName() + ".jsa");
    try {
      Map<String, List<String>> variants = new LinkedHashMap<>();
      if (classPathIsJars()) {
        context.progress().accept("forkscope bench " + benchmark + ": making the class archive");
        runChild(roots, threads, List.of("-XX:ArchiveClassesAtExit=" + archive));
        variants.put("class archive", List.of("-XX:SharedArchiveFile=" + archive));
      }
      variants.put("no archive", List.of());
      Map<String, List<Harness.Sample>> runs = new LinkedHashMap<>();
      Map<String, List<Harness.Sample>> floors = new LinkedHashMap<>();
      for (int run = 1; run <= context.repeat(); run++) {
        context
            .progress()
            .accept(
                "forkscope bench "
                    + benchmark
                    + ": "
                    + threads
                    + " thread(s), run "
                    + run
                    + "/"
                    + context.repeat());
        for (Map.Entry<String, List<String>> variant : variants.entrySet()) {
          runs.computeIfAbsent(variant.getKey(), k -> new ArrayList<>())
              .add(runChild(roots, threads, variant.getValue()));
          floors
              .computeIfAbsent(variant.getKey(), k -> new ArrayList<>())
              .add(runChild(List.of(empty), threads, variant.getValue()));
        }
      }
      List<Result> results = new ArrayList<>();
      for (String variant : variants.keySet()) {
        results.add(result(benchmark, variant, threads, runs.get(variant), floors.get(variant)));
      }
      return results;
    } finally {
      Files.deleteIfExists(empty);
      Files.deleteIfExists(archive);
    }
  }

  private static boolean classPathIsJars() {
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!Files.isRegularFile(Path.of(entry))) {
        return false;
      }
    }
    return true;
  }

  private static Result result(
      String benchmark,
      String archive,
      int threads,
      List<Harness.Sample> runs,
      List<Harness.Sample> floor) {
    double wall = Harness.medianWallMs(runs);
    double floorWall = Harness.medianWallMs(floor);
    long lines = Math.round(runs.get(0).figures().get("lines"));
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("files", (int) Math.round(runs.get(0).figures().get("files")));
    extra.put("lines", lines);
    extra.put("linesPerSecond", Math.round(lines / (wall / 1000)));
    extra.put("floorMsMedian", floorWall);
    extra.put(
        "linesPerSecondAboveFloor",
        wall > floorWall ? Math.round(lines / ((wall - floorWall) / 1000)) : -1);
    extra.put("lintMsMedian", Harness.median(runs, "lintMs"));
    extra.put("heapPeakMbMedian", Math.round(Harness.median(runs, "heapPeakBytes") / (1 << 20)));
    extra.put("gcMsMedian", Harness.median(runs, "gcMs"));
    extra.put("findings", (int) Math.round(runs.get(0).figures().get("findings")));
    extra.put("errors", (int) Math.round(runs.get(0).figures().get("errors")));
    extra.put("runs", runs.size());
    return new Result(
        benchmark,
        "forkscope-lint " + HEAP + ", " + archive,
        threads,
        wall,
        Harness.medianCpuMs(runs),
        lines,
        extra);
  }

  /**
   * One cold run: a fresh JVM lints the roots once; its wall time is taken from outside, its CPU
   * time and its figures from the JSON line it prints ({@link LintBenchChild}).
   */
  private static Harness.Sample runChild(List<Path> roots, int threads, List<String> archive)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(javaBinary(), HEAP));
    command.addAll(LAUNCHER_FLAGS);
    command.addAll(archive);
    command.addAll(
        List.of(
            "-XX:ActiveProcessorCount=" + threads,
            "-cp",
            System.getProperty("java.class.path"),
            LintBenchChild.class.getName()));
    roots.forEach(root -> command.add(root.toString()));
    Path log = Files.createTempFile("forkscope-bench-lint", ".log");
    try {
      long start = System.nanoTime();
      Process process = new ProcessBuilder(command).redirectError(log.toFile()).start();
      byte[] stdout;
      try (InputStream in = process.getInputStream()) {
        stdout = in.readAllBytes();
      }
      if (!process.waitFor(30, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new IllegalStateException("the lint run did not finish within 30 minutes");
      }
      long wall = System.nanoTime() - start;
      if (process.exitValue() != 0) {
        throw new IllegalStateException(
            "the lint run failed (exit "
                + process.exitValue()
                + "): "
                + Files.readString(log, StandardCharsets.UTF_8).strip());
      }
      String text = new String(stdout, StandardCharsets.UTF_8).strip();
      JsonNode line = JSON.readTree(text.substring(text.lastIndexOf('\n') + 1));
      Map<String, Double> figures = new LinkedHashMap<>();
      line.properties().forEach(f -> figures.put(f.getKey(), f.getValue().asDouble()));
      return new Harness.Sample(wall, Math.round(figures.get("cpuMs") * 1e6), figures);
    } finally {
      Files.deleteIfExists(log);
    }
  }

  /**
   * The java.base sources of a JDK src.zip (or every Java file of another zip, such as a {@code
   * -sources} jar), extracted once.
   */
  private static Path extracted(Path zip, Context context) throws IOException {
    String key =
        zip.getFileName() + "-" + Files.size(zip) + "-" + Files.getLastModifiedTime(zip).toMillis();
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "forkscope-bench-cache", key);
    Path done = dir.resolve(".complete");
    if (Files.exists(done)) {
      return dir;
    }
    context.progress().accept("forkscope bench lint: extracting " + zip);
    FileTrees.delete(dir);
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
