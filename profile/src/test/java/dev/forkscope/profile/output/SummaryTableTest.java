package dev.forkscope.profile.output;

import static dev.forkscope.profile.Executions.exec;
import static dev.forkscope.profile.Executions.meta;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Executions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SummaryTableTest {

  @Test
  void rowPerClassWithVerdictWhyAndSite() {
    List<TaskExecution> executions = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      executions.add(
          exec(i + 1, "app.Tiny")
              .on(2)
              .at(i * 10L, i * 10L + 2_000)
              .self(2_000)
              .sites(0, -1)
              .build());
    }
    Trace trace =
        new Trace(
            meta(2, 400, 0, 10_000_000),
            executions,
            List.of(),
            List.of(new Trace.CallSite(List.of("app.Split.compute(Split.java:42)"))));

    String table = SummaryTable.render(Analysis.analyze(trace, AnalysisOptions.defaults()));

    assertThat(table).contains("1 task classes, 300 executions in 10.0 ms on 2 CPUs");
    assertThat(table)
        .containsPattern("app\\.Tiny\\s+300\\s+2\\.00 µs\\s+2\\.00 µs\\s+600 µs\\s+fine");
    assertThat(table).contains("median 2.00 µs < 10 x 400 ns overhead; 300 executions on 2 CPUs");
    assertThat(table).contains("created at app.Split.compute(Split.java:42)");
  }

  @Test
  void aMedianWithinOneStepOfTheClockIsABoundNotANumber() {
    List<TaskExecution> executions = new ArrayList<>();
    for (int i = 0; i < 10; i++) { // a clock stepping by 1 µs reads 0 or 1 µs for 0.3 µs tasks
      long wall = i < 7 ? 0 : 1_000;
      executions.add(exec(i + 1, "app.Tiny").at(i * 5_000L, i * 5_000L + wall).build());
    }
    executions.add(exec(11, "app.Long").at(100_000, 150_000).build());
    Trace.TraceMeta stepping =
        new Trace.TraceMeta("17", 2, "off", false, 0, 1_000_000, 400, 1_000, 0, Map.of(), null);
    Profile profile =
        Analysis.analyze(Executions.trace(stepping, executions), AnalysisOptions.defaults());

    String table = SummaryTable.render(profile);
    JsonNode json = SummaryJson.toJson(profile);

    assertThat(table).containsPattern("app\\.Tiny\\s+10\\s+<=1\\.00 µs\\s+<=1\\.00 µs\\s");
    assertThat(table).containsPattern("app\\.Long\\s+1\\s+50\\.0 µs\\s");
    assertThat(table).contains("<= marks a figure within one step of the clock");
    assertThat(json.get("clockStepNs").asLong()).isEqualTo(1_000);
    assertThat(json.get("taskClasses"))
        .extracting(c -> c.get("class").asText(), c -> c.get("withinClockStep").asBoolean())
        .containsExactlyInAnyOrder(tuple("app.Tiny", true), tuple("app.Long", false));
  }

  @Test
  void aTraceThatDoesNotGiveTheClockStepPrintsEveryFigure() {
    Trace trace =
        Executions.trace(meta(2, 400, 0, 1_000_000), List.of(exec(1, "app.Tiny").at(0, 1).build()));
    Profile profile = Analysis.analyze(trace, AnalysisOptions.defaults());

    assertThat(SummaryTable.render(profile)).doesNotContain("<=");
    assertThat(SummaryJson.toJson(profile).has("clockStepNs")).isFalse();
    assertThat(SummaryJson.toJson(profile).get("taskClasses").get(0).has("withinClockStep"))
        .isFalse();
  }

  @Test
  void emptyProfileSaysSo() {
    Trace trace = Executions.trace(meta(2, 400, 0, 1_000), List.of());

    assertThat(SummaryTable.render(Analysis.analyze(trace, AnalysisOptions.defaults())))
        .contains("no task executions recorded");
  }
}
