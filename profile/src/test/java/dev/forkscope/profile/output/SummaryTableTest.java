package dev.forkscope.profile.output;

import static dev.forkscope.profile.Executions.exec;
import static dev.forkscope.profile.Executions.meta;
import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Executions;
import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import java.util.ArrayList;
import java.util.List;
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
  void emptyProfileSaysSo() {
    Trace trace = Executions.trace(meta(2, 400, 0, 1_000), List.of());

    assertThat(SummaryTable.render(Analysis.analyze(trace, AnalysisOptions.defaults())))
        .contains("no task executions recorded");
  }
}
