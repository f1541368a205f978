package dev.forkscope.lint.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkscope.lint.FileError;
import dev.forkscope.lint.Finding;
import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.Rule;
import dev.forkscope.lint.RuleFailure;
import dev.forkscope.lint.Severity;
import dev.forkscope.lint.Step;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * SARIF 2.1.0 in the subset GitHub code scanning reads: one run; the driver lists every rule that
 * ran (id, name, descriptions, help, default level, tags, precision); each result has ruleId and
 * ruleIndex, a level, a region and a URI relative to {@code %SRCROOT%} (the base directory), a code
 * flow for the call path from the task, and a partial fingerprint. Files not analysed and rules
 * that threw are the invocation's {@code toolExecutionNotifications} (warnings and errors); a rule
 * that threw makes {@code executionSuccessful} false.
 *
 * <p>The fingerprint must survive edits elsewhere in the file, or code scanning closes and reopens
 * the alert: it hashes the rule id, the file and the decisive line's text with whitespace
 * collapsed, never the line number, and appends the occurrence count of that hash within the file
 * (the scheme of GitHub's own {@code primaryLocationLineHash}).
 */
final class SarifReport implements LintReport {
  static final String SCHEMA =
      "https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json";
  static final String FINGERPRINT_KEY = "forkscopeLineHash/v1";
  private static final String SRCROOT = "%SRCROOT%";

  private final ReportPaths paths;
  private final String version;
  private final List<Rule> rules;

  SarifReport(Path baseDir, String version, List<Rule> rules) {
    this.paths = new ReportPaths(baseDir);
    this.version = version;
    this.rules = List.copyOf(rules);
  }

  @Override
  public void write(LintResult result, Writer out) throws IOException {
    Map<String, Integer> ruleIndex = new LinkedHashMap<>();
    for (Rule rule : rules) {
      ruleIndex.putIfAbsent(rule.id(), ruleIndex.size());
    }
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("$schema", SCHEMA);
    root.put("version", "2.1.0");
    ObjectNode run = root.putArray("runs").addObject();
    ObjectNode driver = run.putObject("tool").putObject("driver");
    driver.put("name", "forkscope");
    driver.put("version", version);
    ArrayNode ruleNodes = driver.putArray("rules");
    List<Rule> described = new ArrayList<>(rules);
    for (Finding f : result.findings()) {
      if (ruleIndex.putIfAbsent(f.rule().id(), ruleIndex.size()) == null) {
        described.add(f.rule());
      }
    }
    for (Rule rule : described) {
      ruleNodes.add(ruleNode(rule));
    }
    run.putObject("originalUriBaseIds").putObject(SRCROOT).put("uri", paths.baseUri());
    run.put("columnKind", "utf16CodeUnits");
    ObjectNode invocation = run.putArray("invocations").addObject();
    invocation.put("executionSuccessful", result.summary().failures().isEmpty());
    if (!result.summary().errors().isEmpty() || !result.summary().failures().isEmpty()) {
      ArrayNode notes = invocation.putArray("toolExecutionNotifications");
      for (RuleFailure failure : result.summary().failures()) {
        notes.add(failureNote(failure));
      }
      for (FileError error : result.summary().errors()) {
        ObjectNode note = notes.addObject();
        note.put("level", "warning");
        note.putObject("message").put("text", "not analysed: " + error.message());
        note.putArray("locations")
            .addObject()
            .set("physicalLocation", physicalLocation(error.file(), error.line(), 0, 0, 0));
      }
    }
    ArrayNode results = run.putArray("results");
    Map<String, Integer> occurrences = new HashMap<>();
    for (Finding f : result.findings()) {
      results.add(resultNode(f, ruleIndex.get(f.rule().id()), occurrences));
    }
    Json.write(root, out);
  }

  /** A rule that threw: an error-level notification carrying the exception and its first frames. */
  private ObjectNode failureNote(RuleFailure failure) {
    ObjectNode note = Json.MAPPER.createObjectNode();
    note.put("level", "error");
    note.putObject("message")
        .put("text", "internal error in " + failure.rule() + ": " + failure.describe());
    note.putArray("locations")
        .addObject()
        .set("physicalLocation", physicalLocation(failure.file(), failure.line(), 0, 0, 0));
    if (!RuleFailure.TRAVERSAL.equals(failure.rule())) {
      note.putObject("associatedRule").put("id", failure.rule());
    }
    ObjectNode exception = note.putObject("exception");
    exception.put("kind", failure.exception());
    exception.put("message", failure.message());
    ArrayNode frames = exception.putObject("stack").putArray("frames");
    for (String frame : failure.frames()) {
      frames.addObject().putObject("location").putObject("message").put("text", frame);
    }
    return note;
  }

  private static ObjectNode ruleNode(Rule rule) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("id", rule.id());
    node.put("name", pascalCase(rule.id()));
    node.putObject("shortDescription").put("text", rule.title());
    node.putObject("fullDescription").put("text", rule.why());
    ObjectNode help = node.putObject("help");
    help.put("text", rule.why() + " Instead: " + rule.instead());
    help.put("markdown", "**Why it costs.** " + rule.why() + "\n\n**Instead.** " + rule.instead());
    node.putObject("defaultConfiguration").put("level", level(rule.severity()));
    ObjectNode properties = node.putObject("properties");
    ArrayNode tags = properties.putArray("tags");
    tags.add("performance").add("concurrency").add("fork-join");
    if (rule.bottleneck() != null) {
      tags.add("bottleneck-" + rule.bottleneck());
    }
    properties.put("precision", rule.precision());
    return node;
  }

  private ObjectNode resultNode(Finding f, int ruleIndex, Map<String, Integer> occurrences) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    node.put("ruleId", f.rule().id());
    node.put("ruleIndex", ruleIndex);
    node.put("level", level(f.severity()));
    node.putObject("message").put("text", f.message());
    node.putArray("locations")
        .addObject()
        .set(
            "physicalLocation",
            physicalLocation(f.file(), f.line(), f.column(), f.endLine(), f.endColumn()));
    String hash = lineHash(f);
    int occurrence = occurrences.merge(hash, 1, Integer::sum);
    node.putObject("partialFingerprints").put(FINGERPRINT_KEY, hash + ":" + occurrence);
    if (!f.path().isEmpty()) {
      ArrayNode steps =
          node.putArray("codeFlows")
              .addObject()
              .putArray("threadFlows")
              .addObject()
              .putArray("locations");
      for (Step step : f.path()) {
        ObjectNode location = steps.addObject().putObject("location");
        location.set(
            "physicalLocation", physicalLocation(step.file(), step.line(), step.column(), 0, 0));
        location.putObject("message").put("text", step.description());
      }
      ObjectNode last = steps.addObject().putObject("location");
      last.set(
          "physicalLocation",
          physicalLocation(f.file(), f.line(), f.column(), f.endLine(), f.endColumn()));
      last.putObject("message").put("text", f.message());
    }
    ObjectNode properties = node.putObject("properties");
    if (f.taskClass() != null) {
      properties.put("task", f.taskClass());
    }
    properties.put("fix", f.fix().name().toLowerCase(Locale.ROOT));
    return node;
  }

  /** A physical location; a zero line, column or end leaves that part of the region out. */
  private ObjectNode physicalLocation(Path file, int line, int column, int endLine, int endColumn) {
    ObjectNode location = Json.MAPPER.createObjectNode();
    ObjectNode artifact = location.putObject("artifactLocation");
    if (paths.isUnderBase(file)) {
      artifact.put("uri", paths.relativeUri(file));
      artifact.put("uriBaseId", SRCROOT);
    } else {
      artifact.put("uri", paths.absoluteUri(file));
    }
    if (line > 0) {
      ObjectNode region = location.putObject("region");
      region.put("startLine", line);
      if (column > 0) {
        region.put("startColumn", column);
      }
      if (endLine >= line) {
        region.put("endLine", endLine);
        if (endColumn > 0 && (endLine > line || endColumn >= column)) {
          region.put("endColumn", endColumn + 1);
        }
      }
    }
    return location;
  }

  private String lineHash(Finding f) {
    String text = f.sourceLine() == null ? "" : f.sourceLine().strip().replaceAll("\\s+", " ");
    String key = f.rule().id() + '\0' + paths.display(f.file()) + '\0' + text;
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
      StringBuilder hex = new StringBuilder();
      for (int i = 0; i < 8; i++) {
        hex.append(String.format(Locale.ROOT, "%02x", digest[i]));
      }
      return hex.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform provides SHA-256", e);
    }
  }

  private static String level(Severity severity) {
    return severity.name().toLowerCase(Locale.ROOT);
  }

  /** {@code copy-on-fork} becomes {@code CopyOnFork}, SARIF's convention for a rule's name. */
  static String pascalCase(String id) {
    StringBuilder name = new StringBuilder();
    for (String part : id.split("-")) {
      if (!part.isEmpty()) {
        name.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
      }
    }
    return name.toString();
  }
}
