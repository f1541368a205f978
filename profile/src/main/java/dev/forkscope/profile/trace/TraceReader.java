package dev.forkscope.profile.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a trace directory written by the forkscope agent ({@code trace.bin} and {@code meta.json})
 * into a {@link Trace}.
 *
 * <p>The records are linked into tasks, executions and events by {@code TraceLinker}.
 */
public final class TraceReader {
  private static final Pattern LAMBDA_SUFFIX =
      Pattern.compile("\\$\\$Lambda(\\$\\d+)?/0x[0-9a-fA-F]+$");

  private TraceReader() {}

  /**
   * Reads {@code dir}.
   *
   * @throws NoSuchFileException when {@code dir/trace.bin} or {@code dir/meta.json} does not exist
   * @throws IOException when a file is not a forkscope trace or cannot be read
   */
  public static Trace read(Path dir) throws IOException {
    Path bin = dir.resolve("trace.bin");
    Path metaFile = dir.resolve("meta.json");
    if (!Files.isRegularFile(bin)) {
      throw new NoSuchFileException(bin.toString(), null, "no forkscope trace here");
    }
    if (!Files.isRegularFile(metaFile)) {
      throw new NoSuchFileException(metaFile.toString(), null, "no forkscope trace meta data here");
    }
    Trace.TraceMeta meta = readMeta(metaFile);
    TraceFile file = TraceFile.read(bin);
    return new TraceLinker(file).link(meta);
  }

  /**
   * {@code Foo$$Lambda$12/0x...} (JDK 17) and {@code Foo$$Lambda/0x...} (JDK 21+) become {@code
   * Foo$$Lambda}.
   */
  public static String normalizeClassName(String name) {
    return LAMBDA_SUFFIX.matcher(name).replaceFirst(Matcher.quoteReplacement("$$Lambda"));
  }

  private static Trace.TraceMeta readMeta(Path file) throws IOException {
    JsonNode m;
    try {
      m = new ObjectMapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new IOException(file + " is not valid trace meta data: " + e.getMessage(), e);
    }
    if (m == null || !m.has("format")) {
      throw new IOException(file + " is not forkscope trace meta data");
    }
    Map<String, String> settings = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = m.path("settings").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      settings.put(e.getKey(), e.getValue().asText());
    }
    return new Trace.TraceMeta(
        m.path("jdk").asText("?"),
        m.path("cpus").asInt(1),
        m.path("cpuMode").asText("off"),
        m.path("contexts").asBoolean(false),
        m.path("startNs").asLong(-1),
        m.path("endNs").asLong(-1),
        m.path("overheadPerTaskNs").asLong(-1),
        m.path("dropped").asLong(0),
        Map.copyOf(settings),
        m.has("windowStartNs")
            ? new Trace.Window(
                m.path("windowStartNs").asLong(-1),
                m.path("windowEndNs").asLong(-1),
                m.path("partialExecutions").asLong(-1))
            : null);
  }
}
