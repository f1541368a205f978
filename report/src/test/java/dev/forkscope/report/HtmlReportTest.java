package dev.forkscope.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;

  private static JsonNode data(String html) throws Exception {
    String open = "<script id=\"forkscope-data\" type=\"application/json\">";
    int from = html.indexOf(open) + open.length();
    return JSON.readTree(html.substring(from, html.indexOf("</script>", from)));
  }

  @Test
  void embedsTheDataSoThatNoStringCanEndTheScript() throws Exception {
    SampleRun run = SampleRun.of(10);
    String html = HtmlReport.render(run.trace, run.profile, run.layers);

    JsonNode data = data(html);
    assertThat(data.at("/summary/runtimeFindings/0/evidence").asText()).endsWith("</script><b>");
    assertThat(data.at("/summary/taskClasses/0/histogram")).hasSize(48);
    assertThat(data.at("/timeline/lanes")).hasSize(2);
    assertThat(data.at("/timeline/gc")).hasSize(2);
    assertThat(data.at("/summary/workSpan/0/parallelism").asDouble()).isEqualTo(100.0);
    assertThat(html)
        .doesNotContain("<script src", "<link", "url(", "@import", "fetch(")
        .contains("<canvas");
  }

  @Test
  void eachWaitOfAFindingIsMarkedWithItAndItsExecutionsAreListed() throws Exception {
    SampleRun run = SampleRun.of(10);
    JsonNode data = data(HtmlReport.render(run.trace, run.profile, run.layers));

    long unit = data.at("/timeline/unitNs").asLong();
    List<List<Long>> marked = new ArrayList<>(); // [thread, start, finding]
    for (JsonNode lane : data.at("/timeline/lanes")) {
      JsonNode w = lane.get("waits");
      for (int i = 0; i < w.size(); i += 4) {
        marked.add(List.of(lane.get("id").asLong(), w.get(i).asLong(), w.get(i + 3).asLong()));
      }
    }
    long sleepStart = 51_000_000 / unit; // from the run's start, SampleRun.START
    assertThat(marked).contains(List.of(1L, sleepStart, 0L));
    assertThat(marked).filteredOn(m -> m.get(2) == 0).hasSize(1);
    assertThat(data.at("/findingExecutions/0"))
        .extracting(JsonNode::asLong)
        .containsExactly(1L, 50_000_000 / unit, 70_000_000 / unit, 18_000_000L, 1L);
  }

  @Test
  void writesTheFileThroughATemporaryFile() throws Exception {
    SampleRun run = SampleRun.of(3);
    Path file = HtmlReport.write(dir, run.trace, run.profile, run.layers);

    assertThat(file).isEqualTo(dir.resolve("report.html"));
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactly(file);
    }
  }

  @Test
  void adjacentExecutionsOfAClassMergeAtTheResolutionButNotAcrossClasses() {
    SampleRun run = SampleRun.of(4);
    Map<Long, List<long[]>> fine =
        ReportData.segments(run.trace.executions(), Map.of(SampleRun.FORK_JOIN, 0), 100);
    Map<Long, List<long[]>> coarse =
        ReportData.segments(run.trace.executions(), Map.of(SampleRun.FORK_JOIN, 0), 1_000);

    assertThat(fine.get(1L)).hasSize(5);
    assertThat(coarse.get(1L)).hasSize(2);
    assertThat(coarse.get(1L).get(0))
        .containsExactly(SampleRun.START + 1_000, SampleRun.START + 10_500, 0, 8_000);
  }

  @Test
  void millionsOfExecutionsStayWithinTheSegmentBudget() throws Exception {
    SampleRun run = SampleRun.of(100_000, 8, SampleRun.FORK_JOIN, "com.acme.LeafTask");
    String html = HtmlReport.render(run.trace, run.profile, run.layers);

    JsonNode lanes = data(html).at("/timeline/lanes");
    int segments = 0;
    for (JsonNode lane : lanes) {
      segments += lane.get("segs").size() / 3;
    }
    assertThat(segments).isPositive().isLessThanOrEqualTo(ReportData.MAX_SEGMENTS);
    assertThat(html.length()).isLessThan(5_000_000);
  }
}
