package dev.forkscope.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.management.ManagementFactory;
import java.util.Map;

/**
 * The JSON form of a suite's {@link Suite.Outcome}: {@code {"suite","jdk","cpus","loadAverage",
 * "results":[...]}} followed by its summary fields; {@code loadAverage} is the machine's one-minute
 * load average when the suite ended (left out where the OS has none). Each row holds the six
 * contracted fields, then its extra figures. Non-finite numbers (a ratio without a baseline) are
 * written as null, which JSON can carry.
 */
final class JsonReport {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonReport() {}

  static String render(Suite.Outcome outcome) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("suite", outcome.suite());
    root.put("jdk", System.getProperty("java.version"));
    root.put("cpus", Runtime.getRuntime().availableProcessors());
    // how busy the machine was: shared machines are noisy, and a reader should know how noisy
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    if (load >= 0) {
      root.put("loadAverage", load);
    }
    ArrayNode results = root.putArray("results");
    for (Result r : outcome.results()) {
      ObjectNode row = results.addObject();
      row.put("benchmark", r.benchmark());
      row.put("variant", r.variant());
      row.put("threads", r.threads());
      row.set("wallMsMedian", finite(r.wallMsMedian()));
      row.set("cpuMsMedian", finite(r.cpuMsMedian()));
      row.put("ops", r.ops());
      r.extra().forEach((key, value) -> row.set(key, tree(value)));
    }
    outcome.summary().forEach((key, value) -> root.set(key, tree(value)));
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render the results as JSON", e);
    }
  }

  private static JsonNode tree(Object value) {
    if (value instanceof Double d) {
      return finite(d);
    }
    if (value instanceof Map<?, ?> map) {
      ObjectNode node = MAPPER.createObjectNode();
      map.forEach((k, v) -> node.set(String.valueOf(k), tree(v)));
      return node;
    }
    return MAPPER.valueToTree(value);
  }

  private static JsonNode finite(double value) {
    return Double.isFinite(value)
        ? MAPPER.getNodeFactory().numberNode(value)
        : MAPPER.getNodeFactory().nullNode();
  }
}
