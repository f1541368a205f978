package dev.forkscope.profile.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.forkscope.agent.contract.AgentOptions;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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

  /** The file that marks a directory as holding a trace. */
  public static final String TRACE_FILE = "trace.bin";

  private TraceReader() {}

  /**
   * Reads {@code dir}.
   *
   * @throws NoSuchFileException when {@code dir/trace.bin} or {@code dir/meta.json} does not exist
   * @throws IOException when a file is not a forkscope trace or cannot be read
   */
  public static Trace read(Path dir) throws IOException {
    Path bin = dir.resolve(TRACE_FILE);
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
   * The trace directories in {@code dir}: {@code dir} itself when it holds a trace, then the
   * subdirectories the agent's JVMs wrote under {@code perjvm=true} ({@code jvm-1}, {@code jvm-2},
   * ...) that hold one, in the order the JVMs started. Empty when there is none.
   */
  public static List<Path> traceDirectories(Path dir) throws IOException {
    List<Path> dirs = new ArrayList<>();
    if (Files.isRegularFile(dir.resolve(TRACE_FILE))) {
      dirs.add(dir);
    }
    if (!Files.isDirectory(dir)) {
      return dirs;
    }
    TreeMap<Integer, Path> jvms = new TreeMap<>();
    try (DirectoryStream<Path> entries =
        Files.newDirectoryStream(dir, AgentOptions.JVM_DIRECTORY_PREFIX + "*")) {
      for (Path entry : entries) {
        String number =
            entry.getFileName().toString().substring(AgentOptions.JVM_DIRECTORY_PREFIX.length());
        if (number.matches("[1-9][0-9]{0,8}") && Files.isRegularFile(entry.resolve(TRACE_FILE))) {
          jvms.put(Integer.parseInt(number), entry);
        }
      }
    }
    dirs.addAll(jvms.values());
    return dirs;
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
        m.path("clockStepNs").asLong(-1),
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
