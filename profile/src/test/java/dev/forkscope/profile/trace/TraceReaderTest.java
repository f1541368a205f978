package dev.forkscope.profile.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FSTRACE5 and FSTRACE6 decoding: the records the work/span analysis reads, and sampling. */
class TraceReaderTest {
  @TempDir Path dir;

  private Trace read(String magic, TraceBytes.Body body) throws IOException {
    TraceBytes.writeTrace(dir, magic, 1_000, body);
    return TraceReader.read(dir);
  }

  @Test
  void forksJoinsAndWaitsBecomeEventsOfTheirThreadAndTask() throws IOException {
    Trace trace =
        read(
            "FSTRACE5",
            t ->
                t.classDef(1, "app.Task")
                    .thread(1, 7, "worker")
                    .owner(1)
                    .submit(TraceBytes.FORKED | TraceBytes.TIMED, 1, 0x1234, 1100, 1, 0x99)
                    .exec(
                        TraceBytes.EXEC | TraceBytes.FORK_JOIN,
                        1,
                        0x1234,
                        1,
                        0,
                        1200,
                        1500,
                        300,
                        -1)
                    .join(1, 0x1234, 1600)
                    .await(1700, 1750)
                    .join(1, 0x5678, 1800)); // a task never seen
    assertThat(trace.executions())
        .singleElement()
        .satisfies(e -> assertThat(e.startNs()).isEqualTo(1200))
        .satisfies(e -> assertThat(e.weight()).isEqualTo(1));
    long task = trace.executions().get(0).taskId();
    assertThat(trace.events())
        .containsExactly(
            new TaskEvent(TaskEvent.Type.SUBMIT, 7, 1100, 1100, task, true),
            new TaskEvent(TaskEvent.Type.JOIN, 7, 1600, 1600, task, true),
            new TaskEvent(TaskEvent.Type.WAIT, 7, 1700, 1750, 0, true),
            new TaskEvent(TaskEvent.Type.JOIN, 7, 1800, 1800, 0, true));
    assertThat(trace.sampling()).isEmpty();
  }

  @Test
  void eventsOfSeveralThreadsComeByTimeThenSubmissionsJoinsAndWaitsThenFileOrder()
      throws IOException {
    Trace trace =
        read(
            "FSTRACE5",
            t ->
                t.classDef(1, "app.Task")
                    .thread(1, 7, "worker-1")
                    .thread(2, 8, "worker-2")
                    .owner(1)
                    .submit(TraceBytes.FORKED | TraceBytes.TIMED, 1, 0xA, 1000, 1, 0x99)
                    .exec(TraceBytes.EXEC | TraceBytes.FORK_JOIN, 1, 0xA, 1, 0, 1100, 1200, 100, -1)
                    .join(1, 0xA, 1300)
                    .owner(2)
                    .await(1000, 1050)
                    .submit(TraceBytes.FORKED | TraceBytes.TIMED, 1, 0xB, 1000, 1, 0x99)
                    .await(1300, 1350)
                    .join(1, 0xB, 1300));
    long a = trace.executions().get(0).taskId();
    long b = trace.neverExecuted().get(0).taskId();
    assertThat(b).isNotEqualTo(a);
    assertThat(trace.events())
        .containsExactly(
            new TaskEvent(TaskEvent.Type.SUBMIT, 7, 1000, 1000, a, true),
            new TaskEvent(TaskEvent.Type.SUBMIT, 8, 1000, 1000, b, true),
            new TaskEvent(TaskEvent.Type.WAIT, 8, 1000, 1050, 0, true),
            new TaskEvent(TaskEvent.Type.JOIN, 7, 1300, 1300, a, true),
            new TaskEvent(TaskEvent.Type.JOIN, 8, 1300, 1300, b, true),
            new TaskEvent(TaskEvent.Type.WAIT, 8, 1300, 1350, 0, true));
  }

  @Test
  void aTraceOfTheFormerFormatIsRejectedWithAMessage() {
    assertThatThrownBy(() -> read("FSTRACE4", t -> {}))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("another version of the forkscope agent");
  }

  @Test
  void sampledExecutionsCarryTheirWeightAndCountsMakeNeverExecutedExact() throws IOException {
    int done = TraceBytes.EXEC | TraceBytes.FORK_JOIN | TraceBytes.DONE;
    Trace trace =
        read(
            "FSTRACE6",
            t ->
                t.classDef(1, "app.Leaf")
                    .classDef(2, "app.Job")
                    .thread(1, 7, "worker")
                    .owner(1)
                    .exec(done, 1, 0x11, 1, 0, 1100, 1200, 100, -1) // warm-up: weight 1
                    .exec(done | TraceBytes.period(6), 1, 0x40, 2, 0, 1300, 1400, 100, -1)
                    .create(2, 0x77, 1401, -1) // created, its execution not sampled
                    .exec(
                        TraceBytes.EXEC | TraceBytes.RUNNABLE | TraceBytes.period(3),
                        2,
                        0x80,
                        3,
                        0,
                        1500,
                        1600,
                        100,
                        -1)
                    .created(1, 200)
                    .counts(1, 126, 0, 64)
                    .counts(2, 7, 3, 8));
    assertThat(trace.executions()).extracting(TaskExecution::weight).containsExactly(1L, 64L, 8L);
    assertThat(trace.sampling())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "app.Leaf", new Trace.Sampling(126, 0, 64, 200 - 128),
                "app.Job", new Trace.Sampling(7, 3, 8, -1)));
    assertThat(trace.neverExecuted()).as("the Job created and not sampled is not listed").isEmpty();
    assertThat(trace.neverExecutedCount()).isEqualTo(72);
    assertThat(trace.neverExecutedUnknown()).containsExactly("app.Job");
  }

  @Test
  void aSampledTraceCutBeforeItsCountsKnowsNoExactCount() throws IOException {
    Trace trace =
        read(
            "FSTRACE6",
            t ->
                t.classDef(1, "app.Leaf")
                    .thread(1, 7, "worker")
                    .owner(1)
                    .exec(
                        TraceBytes.EXEC | TraceBytes.FORK_JOIN | TraceBytes.period(4),
                        1,
                        0x40,
                        1,
                        0,
                        1100,
                        1200,
                        100,
                        -1));
    assertThat(trace.sampling()).containsEntry("app.Leaf", new Trace.Sampling(-1, -1, 16, -1));
  }
}
