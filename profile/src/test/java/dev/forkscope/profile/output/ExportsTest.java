package dev.forkscope.profile.output;

import static dev.forkscope.profile.Executions.exec;
import static dev.forkscope.profile.Executions.meta;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.trace.Trace;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportsTest {

  @TempDir Path dir;

  private static Trace trace() {
    return new Trace(
        meta(2, 120, 0, 1_000_000),
        List.of(
            exec(11, "app.Job")
                .on(3)
                .createdBy(1)
                .submitted(4, "java.util.concurrent.ForkJoinPool", 5)
                .at(10, 60)
                .self(50)
                .sites(0, 0)
                .build(),
            exec(12, "app.Job").outer(11).on(3).createdBy(3).at(20, 30).build()),
        List.of(new Trace.CreatedTask(13, "app.Lost", 1, 7, -1)),
        List.of(new Trace.CallSite(List.of("app.Main.go(Main.java:9)"))));
  }

  @Test
  void tasksCsvHasTgpsTwentyTwoColumnsAndTheRawRows() throws Exception {
    Trace trace = trace();
    write(trace);

    List<String> lines = Files.readAllLines(dir.resolve("tasks.csv"));
    assertThat(lines.get(0))
        .isEqualTo(
            "ID,Class,Outer Task ID,Execution N.,Creation Thread ID,Creation Thread Class,"
                + "Creation Thread Name,Execution Thread ID,Execution Thread Class,Execution Thread Name,"
                + "Executor ID,Executor Class,Entry Time,Exit Time,Granularity,Is Thread,Is Runnable,"
                + "Is Callable,Is ForkJoinTask,Is run(),Is call(),Is exec()");
    assertThat(lines).hasSize(4).allSatisfy(l -> assertThat(l.split(",", -1)).hasSize(22));
    assertThat(lines.get(1))
        .isEqualTo(
            "11,app.Job,0,1,1,,t1,3,,t3,4,java.util.concurrent.ForkJoinPool,10,60,50,F,T,F,F,T,F,F");
    assertThat(lines.get(2)).startsWith("12,app.Job,11,1,");
    assertThat(lines.get(3)).isEqualTo("13,app.Lost,-1,0,1,,,-1,,,-1,,-1,-1,-1,,,,,,,");
  }

  @Test
  void csvQuotesFieldsThatNeedIt() {
    assertThat(TasksCsv.escape("pool-1, worker \"a\"")).isEqualTo("\"pool-1, worker \"\"a\"\"\"");
    assertThat(TasksCsv.escape("plain")).isEqualTo("plain");
  }

  @Test
  void summaryJsonShape() throws Exception {
    Trace trace = trace();
    write(trace);

    JsonNode root = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
    assertThat(root.get("settings").get("cpuMode").asText()).isEqualTo("off");
    assertThat(root.get("settings").get("aggregation").asBoolean()).isTrue();
    assertThat(root.get("settings").get("verdicts").asText()).isEqualTo("relative");
    assertThat(root.get("settings").get("cpus").asInt()).isEqualTo(2);
    assertThat(root.get("settings").get("jdk").asText()).isEqualTo("17.0.99");
    assertThat(root.get("profilerCostPerTaskNs").asLong()).isEqualTo(120);
    assertThat(root.get("droppedRecords").asLong()).isZero();
    assertThat(root.get("run").get("neverExecutedTasks").asLong()).isEqualTo(1);
    assertThat(root.get("run").get("aggregatedExecutions").asLong()).isEqualTo(1);

    JsonNode job = root.get("taskClasses").get(0);
    List<String> fields = new ArrayList<>();
    job.fieldNames().forEachRemaining(fields::add);
    assertThat(fields)
        .startsWith("class", "executions", "tasks", "granularityNs")
        .contains("verdict", "why", "sites", "cpuNs", "queueWaitNs", "executors", "threads")
        .contains("sampled", "sampleSize", "samplePeriod", "medianSelfWallNs", "medianCi95")
        .contains("totalSelfWallNs", "totalCi95");
    assertThat(job.get("sampled").asBoolean()).isFalse();
    assertThat(job.get("totalCi95").toString()).isEqualTo("[60,60]");
    assertThat(job.get("class").asText()).isEqualTo("app.Job");
    assertThat(job.get("executions").asLong()).isEqualTo(1);
    assertThat(job.get("granularityNs").get("total").asLong()).isEqualTo(60);
    assertThat(job.get("granularityNs").get("median").asLong()).isEqualTo(60);
    assertThat(job.get("granularityNs").has("p90")).isTrue();
    assertThat(job.get("verdict").asText()).isIn("fine", "coarse", "ok");
    assertThat(job.get("queueWaitNs").get("median").asLong()).isEqualTo(5);
    assertThat(job.get("cpuNs").isNull()).isTrue();
    assertThat(job.get("sites").get(0).get("site").asText()).isEqualTo("app.Main.go(Main.java:9)");
  }

  @Test
  void tasksCsvStopsAtTheRowLimitAndSaysHowManyItLeftOut() throws Exception {
    Trace trace = trace();
    Exports.Written written =
        Exports.writeInto(dir, trace, Analysis.analyze(trace, AnalysisOptions.defaults()), 2);

    assertThat(written.csvRows()).isEqualTo(3);
    assertThat(written.csvRowsLeftOut()).isEqualTo(1);
    assertThat(Files.readAllLines(dir.resolve("tasks.csv")))
        .hasSize(3)
        .element(2)
        .asString()
        .startsWith("12,app.Job,");
    assertThat(Files.list(dir)).as("no temporary file left").hasSize(2);
    Exports.Written all =
        Exports.writeInto(
            dir, trace, Analysis.analyze(trace, AnalysisOptions.defaults()), Long.MAX_VALUE);
    assertThat(all.csvRowsLeftOut()).isZero();
    assertThat(Files.readAllLines(dir.resolve("tasks.csv"))).hasSize(4);
  }

  @Test
  void writersAreLeftOpenForTheCaller() throws Exception {
    Trace trace = trace();
    StringWriter out =
        new StringWriter() {
          @Override
          public void close() {
            throw new AssertionError("closed by the export");
          }
        };
    Exports.writeSummaryJson(Analysis.analyze(trace, AnalysisOptions.defaults()), out);
    Exports.writeTasksCsv(trace, out, Long.MAX_VALUE);

    assertThat(out.toString()).startsWith("{").contains("\n}\nID,Class,");
  }

  private void write(Trace trace) throws Exception {
    try (Writer out = Files.newBufferedWriter(dir.resolve("summary.json"))) {
      Exports.writeSummaryJson(Analysis.analyze(trace, AnalysisOptions.defaults()), out);
    }
    try (Writer out = Files.newBufferedWriter(dir.resolve("tasks.csv"))) {
      Exports.writeTasksCsv(trace, out, Long.MAX_VALUE);
    }
  }
}
