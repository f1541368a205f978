package dev.forkscope.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.forkscope.io.AtomicFiles;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.layers.Layers;
import dev.forkscope.profile.trace.Trace;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * {@code report.html}: the whole profile on one self-contained page — verdicts and runtime findings
 * first, the task classes in a sortable table with their granularity histograms, a per-thread
 * timeline that zooms (executions by class, GC pauses, waits, CPU use and context switches), work
 * and span, and calling contexts. The page needs no network: its style, script and data are inline.
 */
public final class HtmlReport {
  /** The file name in a profile's directory. */
  public static final String FILE = "report.html";

  private static final String TEMPLATE = "report.html";
  private static final String DATA_MARK = "/*FORKSCOPE-DATA*/null";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private HtmlReport() {}

  /** Renders the page for a run: its trace, its analysis and its JVM and OS layers. */
  public static String render(Trace trace, Profile profile, Layers layers) {
    String data;
    try {
      data = MAPPER.writeValueAsString(new ReportData(MAPPER).build(trace, profile, layers));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode the report's data", e);
    }
    String template = template();
    int mark = template.indexOf(DATA_MARK);
    if (mark < 0) {
      throw new IllegalStateException("the report template has no data mark");
    }
    // "</" would end the script element early; "<\/" means the same inside a JSON string.
    return template.substring(0, mark)
        + data.replace("</", "<\\/")
        + template.substring(mark + DATA_MARK.length());
  }

  /** Writes {@value #FILE} into {@code dir} through a temporary file; returns its path. */
  public static Path write(Path dir, Trace trace, Profile profile, Layers layers)
      throws IOException {
    Path file = dir.resolve(FILE);
    String html = render(trace, profile, layers);
    AtomicFiles.write(file, out -> out.write(html));
    return file;
  }

  private static String template() {
    try (InputStream in = HtmlReport.class.getResourceAsStream(TEMPLATE)) {
      if (in == null) {
        throw new IllegalStateException("the report template " + TEMPLATE + " is missing");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
