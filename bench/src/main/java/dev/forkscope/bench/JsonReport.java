package dev.forkscope.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The JSON form of a {@link Report}: {@code {"suite","jdk","cpus","results":[...]}} followed by
 * {@link Report#summary()}; each result's fields beyond the six contracted ones come from {@link
 * Report#fields(Result)}.
 */
final class JsonReport {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonReport() {}

  static String render(Report report) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("suite", report.suite());
    root.put("jdk", report.jdk());
    root.put("cpus", report.cpus());
    ArrayNode results = root.putArray("results");
    for (Result r : report.results()) {
      ObjectNode row = results.addObject();
      row.put("benchmark", r.benchmark());
      row.put("variant", r.variant());
      row.put("threads", r.threads());
      putNumber(row, "wallMsMedian", r.wallMsMedian());
      putNumber(row, "cpuMsMedian", r.cpuMsMedian());
      row.put("ops", r.ops());
      row.setAll((ObjectNode) MAPPER.valueToTree(Report.fields(r)));
    }
    root.setAll((ObjectNode) MAPPER.valueToTree(report.summary()));
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render the report as JSON", e);
    }
  }

  private static void putNumber(ObjectNode row, String key, Double value) {
    if (value == null || !Double.isFinite(value)) {
      row.putNull(key);
    } else {
      row.put(key, value);
    }
  }
}
