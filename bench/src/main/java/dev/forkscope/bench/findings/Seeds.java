package dev.forkscope.bench.findings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.forkscope.bench.Suite;
import dev.forkscope.bench.suites.Suites;
import dev.forkscope.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * {@code forkscope bench seeds}: the seeds' measurable claims, re-measured. {@link #run} runs the
 * suites the claims need on the running JDK and keeps their JSON and charts under {@code
 * DATA/jdkN/}; {@link #page} writes {@code docs/findings.md} from the JSON of every JDK found there
 * (17 and 25 are the ones the page has columns for), one table per seed: the claim with its
 * published figure, the measured figure per JDK, and a verdict by a rule the page states.
 */
public final class Seeds {
  /** The suites whose results the page reads, in the order they run. */
  static final List<String> SUITES = List.of("zoo", "runtime", "idle", "profile", "actors");

  /** The JDKs the page has columns for. */
  static final List<Integer> JDKS = List.of(17, 25);

  /** Below this a gain is within the run-to-run noise of these machines. */
  static final double GAIN = 1.05;

  private static final ObjectMapper JSON = new ObjectMapper();

  private Seeds() {}

  /** The directory of one JDK's results under {@code data}. */
  static Path jdkDir(Path data, int feature) {
    return data.resolve("jdk" + feature);
  }

  /**
   * Runs every suite of {@link #SUITES} on this JDK at its default thread counts and writes {@code
   * <suite>.json} and {@code <suite>.svg} into {@code data/jdkN}; returns the files.
   */
  public static List<Path> run(Path data, int repeat, boolean quick, Consumer<String> progress)
      throws Exception {
    Path dir = jdkDir(data, Runtime.version().feature());
    Files.createDirectories(dir);
    List<Path> written = new ArrayList<>();
    for (String name : SUITES) {
      Suite suite = Suites.byName(name).orElseThrow();
      Suite.Outcome outcome =
          suite.run(
              new Suite.Context(
                  suite.defaultThreads(),
                  repeat,
                  List.of(),
                  quick,
                  line -> progress.accept(name + ": " + line)));
      Path json = dir.resolve(name + ".json");
      String document = outcome.json();
      AtomicFiles.write(json, w -> w.write(document));
      written.add(json);
      if (outcome.svg() != null) {
        Path svg = dir.resolve(name + ".svg");
        AtomicFiles.write(svg, w -> w.write(outcome.svg()));
        written.add(svg);
      }
    }
    return written;
  }

  /**
   * The findings page from the results under {@code data}, linking to them as {@code link} (the
   * data directory as seen from the page).
   */
  public static String page(Path data, String link) throws IOException {
    Map<Integer, Map<String, JsonNode>> results = new TreeMap<>();
    Set<String> charts = new HashSet<>();
    for (int jdk : JDKS) {
      for (String suite : SUITES) {
        Path file = jdkDir(data, jdk).resolve(suite + ".json");
        if (Files.isRegularFile(file)) {
          results
              .computeIfAbsent(jdk, k -> new TreeMap<>())
              .put(suite, JSON.readTree(file.toFile()));
        }
        if (Files.isRegularFile(jdkDir(data, jdk).resolve(suite + ".svg"))) {
          charts.add("jdk" + jdk + "/" + suite + ".svg");
        }
      }
    }
    return new FindingsPage(results, charts, link).render();
  }

  /** A ratio as "1.23x", or an en dash when there is none. */
  static String x(Double ratio) {
    return ratio == null || ratio.isNaN() ? "–" : String.format(Locale.ROOT, "%.2fx", ratio);
  }
}
