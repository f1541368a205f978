package dev.forkscope.agent.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.RecursiveAction;
import org.junit.jupiter.api.Test;

/**
 * A sampled execution keeps its task only where a nested enter may meet the same task again (see
 * {@link ThreadState}'s {@code tasks}): a class that declares hooked execution methods, or a task
 * entered through a JDK wrapper.
 */
class ReentryTest {
  /** So large a period that no execution of the test is recorded: every one is counted. */
  private static final int NEVER_RECORDED = 30;

  private static final int RUNS = 1_000;

  static class Declaring implements Runnable {
    @Override
    public void run() {
      // the body of a task whose run() the agent hooks
    }
  }

  static final class Inheriting extends Declaring {}

  static final class ComputeOnly extends RecursiveAction {
    @Override
    protected void compute() {
      // a fork/join task whose only execution method is the JDK's doExec
    }
  }

  @Test
  void aClassReentersWhenItOrASuperclassDeclaresHookedExecutionMethods() {
    Recorder.declaresExecutionMethods(Declaring.class.getName());
    assertThat(TaskClass.of(Declaring.class).reenters).isTrue();
    assertThat(TaskClass.of(Inheriting.class).reenters).isTrue();
    assertThat(TaskClass.of(ComputeOnly.class).reenters).isFalse();
  }

  @Test
  void aSampledTaskEnteredAgainInsideItselfIsOneExecution() {
    Recorder.declaresExecutionMethods(Declaring.class.getName());
    TaskClass inheriting = TaskClass.of(Inheriting.class);
    inheriting.sampleShift = NEVER_RECORDED;
    try {
      ThreadState recorder = ThreadState.forCalibration();
      Inheriting task = new Inheriting();
      for (int i = 0; i < RUNS; i++) {
        assertThat(recorder.enter(task, ThreadState.RUN, false)).isTrue(); // a wrapper's run()
        assertThat(recorder.enter(task, ThreadState.RUN, false)) // the task's own run() inside it
            .as("no frame of its own, so no exit")
            .isFalse();
        recorder.exit();
      }
      assertThat(recorder.counted()[2 * inheriting.id]).isEqualTo(RUNS);
    } finally {
      inheriting.sampleShift = 0;
    }
  }

  @Test
  void sampledTasksOfAClassThatCannotReenterStayApartWhenNested() {
    TaskClass computeOnly = TaskClass.of(ComputeOnly.class);
    computeOnly.sampleShift = NEVER_RECORDED;
    try {
      ThreadState recorder = ThreadState.forCalibration();
      for (int i = 0; i < RUNS; i++) {
        assertThat(recorder.enter(new ComputeOnly(), ThreadState.EXEC, false)).isTrue();
        assertThat(recorder.enter(new ComputeOnly(), ThreadState.EXEC, false)) // a subtask
            .isTrue();
        recorder.exit();
        recorder.exit();
      }
      assertThat(recorder.counted()[2 * computeOnly.id]).isEqualTo(2 * RUNS);
    } finally {
      computeOnly.sampleShift = 0;
    }
  }
}
