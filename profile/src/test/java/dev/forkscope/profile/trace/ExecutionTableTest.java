package dev.forkscope.profile.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The column tables give back exactly what was put in, field by field. */
class ExecutionTableTest {
  private final Random random = new Random(5);

  private String maybe(String... names) {
    return names[random.nextInt(names.length)];
  }

  private long number() {
    return random.nextInt(4) == 0 ? -1 : random.nextLong() >>> 1;
  }

  private TaskExecution execution() {
    int k = random.nextInt(16);
    return new TaskExecution(
        number(),
        maybe("a.Task", "b.Task$$Lambda", "c.Other"),
        random.nextInt(5),
        number(),
        random.nextBoolean(),
        random.nextInt(4) - 1,
        maybe("main", null, "worker-1"),
        random.nextInt(4),
        maybe("worker-1", "worker-2", null),
        random.nextBoolean(),
        number(),
        maybe(null, "java.util.concurrent.ForkJoinPool", "java.util.concurrent.ThreadPoolExecutor"),
        random.nextBoolean(),
        number(),
        number(),
        number(),
        number(),
        number(),
        number(),
        new TaskExecution.Kind((k & 1) != 0, (k & 2) != 0, (k & 4) != 0, (k & 8) != 0),
        TaskExecution.Method.values()[random.nextInt(3)],
        random.nextInt(5) - 1,
        random.nextInt(5) - 1,
        random.nextInt(4) - 1,
        number(),
        1L << random.nextInt(16));
  }

  @Test
  void everyExecutionRoundTrips() {
    List<TaskExecution> executions = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      executions.add(execution());
    }
    ExecutionTable table = ExecutionTable.copyOf(executions);

    assertThat(table).containsExactlyElementsOf(executions);
    assertThat(ExecutionTable.copyOf(table)).isSameAs(table);
    assertThatThrownBy(() -> table.get(executions.size()))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> table.add(executions.get(0)))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void everyAccessorGivesTheElementsField() {
    List<TaskExecution> executions = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      executions.add(execution());
    }
    for (ExecutionList list :
        List.of(ExecutionTable.copyOf(executions), ExecutionList.of(executions))) {
      assertThat(list).containsExactlyElementsOf(executions);
      ExecutionListChecks.accessorsMatchElements(list);
      assertThatThrownBy(() -> list.startNs(executions.size()))
          .isInstanceOf(IndexOutOfBoundsException.class);
      assertThatThrownBy(() -> list.endNs(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }
    assertThat(ExecutionList.of(ExecutionTable.copyOf(executions)))
        .isInstanceOf(ExecutionTable.class);
  }

  @Test
  void everyEventRoundTrips() {
    List<TaskEvent> events = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      events.add(
          new TaskEvent(
              TaskEvent.Type.values()[random.nextInt(3)],
              random.nextInt(6) - 1,
              number(),
              number(),
              number(),
              random.nextBoolean()));
    }
    EventTable table = EventTable.copyOf(events);

    assertThat(table).containsExactlyElementsOf(events);
    for (int i = 0; i < events.size(); i++) {
      TaskEvent e = events.get(i);
      assertThat(table.type(i)).isEqualTo(e.type());
      assertThat(table.threadId(i)).isEqualTo(e.threadId());
      assertThat(table.timeNs(i)).isEqualTo(e.timeNs());
      assertThat(table.endNs(i)).isEqualTo(e.endNs());
      assertThat(table.taskId(i)).isEqualTo(e.taskId());
    }
    assertThatThrownBy(() -> table.timeNs(events.size()))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThat(EventTable.copyOf(table)).isSameAs(table);
  }
}
