package dev.forkscope.lint.output;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkscope.lint.FileError;
import dev.forkscope.lint.Finding;
import dev.forkscope.lint.LintResult;
import dev.forkscope.lint.RuleFailure;
import dev.forkscope.lint.Summary;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The JSON contract of {@code forkscope lint --format json}: one object with {@code tool}, {@code
 * version}, {@code findings} (rule, bottleneck, severity, file, line, column, message, task, fix)
 * and {@code summary} (with {@code errors}, files not read or parsed, and {@code failures}, rules
 * that threw: file, line, rule, exception, message, frames). Scripts depend on these names; add
 * fields, never rename them.
 */
final class JsonReport implements LintReport {
  private final ReportPaths paths;
  private final String version;

  JsonReport(Path baseDir, String version) {
    this.paths = new ReportPaths(baseDir);
    this.version = version;
  }

  @Override
  public void write(LintResult result, Writer out) throws IOException {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("tool", "forkscope");
    root.put("version", version);
    ArrayNode findings = root.putArray("findings");
    for (Finding f : result.findings()) {
      ObjectNode node = findings.addObject();
      node.put("rule", f.rule().id());
      node.put("bottleneck", f.rule().bottleneck());
      node.put("severity", f.severity().name().toLowerCase(Locale.ROOT));
      node.put("file", paths.display(f.file()));
      node.put("line", f.line());
      node.put("column", f.column());
      node.put("message", f.message());
      node.put("task", f.taskClass());
      node.put("fix", f.fix().name().toLowerCase(Locale.ROOT));
    }
    Summary s = result.summary();
    ObjectNode summary = root.putObject("summary");
    summary.put("files", s.files());
    summary.put("lines", s.lines());
    summary.put("parsed", s.parsed());
    summary.put("skipped", s.skipped());
    ArrayNode errors = summary.putArray("errors");
    for (FileError e : s.errors()) {
      errors
          .addObject()
          .put("file", paths.display(e.file()))
          .put("line", e.line())
          .put("message", e.message());
    }
    ArrayNode failures = summary.putArray("failures");
    for (RuleFailure f : s.failures()) {
      ObjectNode node =
          failures
              .addObject()
              .put("file", paths.display(f.file()))
              .put("line", f.line())
              .put("rule", f.rule())
              .put("exception", f.exception())
              .put("message", f.message());
      f.frames().forEach(node.putArray("frames")::add);
    }
    summary.put("findings", s.findings());
    summary.put("millis", s.millis());
    Json.write(root, out);
  }
}
