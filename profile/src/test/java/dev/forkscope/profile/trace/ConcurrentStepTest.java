package dev.forkscope.profile.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A step beside the caller's gives its result, or throws what it threw, as one run in place. */
class ConcurrentStepTest {

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void joinGivesTheResult(boolean concurrently) {
    ConcurrentStep<String, RuntimeException> step =
        ConcurrentStep.start("test step", concurrently, () -> Thread.currentThread().getName());
    assertThat(step.join())
        .isEqualTo(concurrently ? "test step" : Thread.currentThread().getName());
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void joinThrowsWhatTheStepThrew(boolean concurrently) {
    IOException io = new IOException("disk full");
    ConcurrentStep<Void, IOException> failed =
        ConcurrentStep.start(
            "test step",
            concurrently,
            () -> {
              throw io;
            });
    assertThatThrownBy(failed::join).isSameAs(io);
    OutOfMemoryError oom = new OutOfMemoryError("Java heap space");
    ConcurrentStep<Void, RuntimeException> outOfMemory =
        ConcurrentStep.start(
            "test step",
            concurrently,
            () -> {
              throw oom;
            });
    assertThatThrownBy(outOfMemory::join).isSameAs(oom);
  }

  @Test
  void anInterruptWhileWaitingIsKeptAndTheWaitGoesOn() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    ConcurrentStep<String, InterruptedException> step =
        ConcurrentStep.start(
            "test step",
            true,
            () -> {
              release.await();
              return "done";
            });
    Thread.currentThread().interrupt();
    Thread releaser = new Thread(release::countDown);
    releaser.start();
    try {
      assertThat(step.join()).isEqualTo("done");
      assertThat(Thread.interrupted()).isTrue();
    } finally {
      releaser.join();
    }
  }
}
