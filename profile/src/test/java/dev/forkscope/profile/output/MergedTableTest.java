package dev.forkscope.profile.output;

import static dev.forkscope.profile.Executions.exec;
import static dev.forkscope.profile.Executions.meta;
import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Executions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.trace.TaskExecution;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MergedTableTest {

  /** A JVM's profile: {@code n} executions of {@code taskClass}, each {@code selfNs} long. */
  private static Profile jvm(String taskClass, int n, long selfNs) {
    List<TaskExecution> executions = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long start = i * (selfNs + 10);
      executions.add(exec(i + 1, taskClass).on(2).at(start, start + selfNs).self(selfNs).build());
    }
    return Analysis.analyze(
        Executions.trace(meta(2, 400, 0, 100_000_000), executions), AnalysisOptions.defaults());
  }

  @Test
  void countsAddMeansPoolAndVerdictsAreCountedPerJvm() {
    String table =
        MergedTable.render(
            List.of(
                jvm("app.Tiny", 300, 2_000),
                jvm("app.Tiny", 100, 6_000),
                jvm("app.Other", 10, 1_000_000)));

    assertThat(table).startsWith("forkscope: 3 JVMs merged: 2 task classes, 410 executions");
    // (300 x 2 µs + 100 x 6 µs) / 400 = 3 µs
    assertThat(table)
        .containsPattern(
            "app\\.Tiny\\s+2\\s+400\\s+400\\s+3\\.00 µs\\s+1\\.20 ms\\s+fine in 1, ok in 1");
    assertThat(table).containsPattern("app\\.Other\\s+1\\s+10\\s+10\\s+1\\.00 ms\\s+10\\.0 ms");
    assertThat(table.indexOf("app.Other")).isLessThan(table.indexOf("app.Tiny"));
  }

  @Test
  void noClassesGiveTheHeadLineAlone() {
    assertThat(MergedTable.render(List.of()))
        .isEqualTo(String.format("forkscope: 0 JVMs merged: 0 task classes, 0 executions%n"));
  }
}
