package dev.forkscope.profile;

import static dev.forkscope.profile.Executions.exec;
import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.profile.trace.ExecutionList;
import dev.forkscope.profile.trace.TaskExecution;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThreadTimelinesTest {

  private final List<TaskExecution> executions =
      List.of(
          exec(1, "Inner").at(20, 30).build(),
          exec(2, "Outer").at(10, 100).build(),
          exec(3, "Same start, shorter").at(10, 50).build(),
          exec(4, "Later").at(60, 70).build(),
          exec(5, "Other thread").on(2).at(0, 200).build());

  private final ThreadTimelines lines = ThreadTimelines.of(ExecutionList.of(executions));

  @Test
  void anExecutionIsNestedInTheInnermostOneOpenWhenItStarts() {
    assertThat(lines.parent(1)).isEqualTo(-1); // starts with index 2 and ends later: encloses it
    assertThat(lines.parent(2)).isEqualTo(1);
    assertThat(lines.parent(0)).isEqualTo(2);
    assertThat(lines.parent(3)).isEqualTo(1); // index 2 ended at 50
    assertThat(lines.parent(4)).isEqualTo(-1);
  }

  @Test
  void theInnermostExecutionAtATimeIsOnItsOwnThread() {
    assertThat(lines.innermostAt(1, 5)).isEqualTo(-1);
    assertThat(lines.innermostAt(1, 10)).isEqualTo(2);
    assertThat(lines.innermostAt(1, 25)).isEqualTo(0);
    assertThat(lines.innermostAt(1, 30)).isEqualTo(0); // an end is inside
    assertThat(lines.innermostAt(1, 31)).isEqualTo(2);
    assertThat(lines.innermostAt(1, 55)).isEqualTo(1); // two nested ones ended: walks up
    assertThat(lines.innermostAt(1, 101)).isEqualTo(-1);
    assertThat(lines.innermostAt(2, 150)).isEqualTo(4);
    assertThat(lines.innermostAt(3, 50)).isEqualTo(-1); // no execution on that thread
  }
}
