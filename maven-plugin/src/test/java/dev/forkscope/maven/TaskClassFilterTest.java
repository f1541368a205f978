package dev.forkscope.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TaskClassFilterTest {

  @Test
  void aStarMatchesAnyCharactersDotsAndDollarsIncludedAndAQuestionMarkOne() {
    assertThat(TaskClassFilter.matches("org.junit.*", "org.junit.runners.ParentRunner$4")).isTrue();
    assertThat(TaskClassFilter.matches("org.junit.*", "org.junitx.Foo")).isFalse();
    assertThat(TaskClassFilter.matches("*Test$*", "com.acme.SumTest$1")).isTrue();
    assertThat(TaskClassFilter.matches("com.acme.Sum?ask", "com.acme.SumTask")).isTrue();
    assertThat(TaskClassFilter.matches("com.acme.SumTask", "com.acme.SumTask$1")).isFalse();
    assertThat(TaskClassFilter.matches("com.acme.Sum(Task)", "com.acme.SumTask")).isFalse();
    assertThat(TaskClassFilter.matches(" com.acme.SumTask ", "com.acme.SumTask")).isTrue();
  }

  @Test
  void theHarnessesClassesAreOutAndTheProgramsIn() {
    TaskClassFilter filter = new TaskClassFilter(List.of(), TaskClassFilter.HARNESS);
    for (String harness :
        List.of(
            "org.apache.maven.surefire.booter.CommandReader$CommandRunnable",
            "org.apache.maven.surefire.booter.ForkedBooter$8",
            "org.junit.runners.ParentRunner$4",
            "org.junit.platform.engine.support.hierarchical.ExclusiveResource",
            "junit.framework.TestSuite$1",
            "org.testng.internal.thread.ThreadUtil$1",
            "java.lang.ProcessHandleImpl$1")) {
      assertThat(filter.accepts(harness)).as(harness).isFalse();
    }
    assertThat(filter.accepts("java.util.stream.ReduceOps$ReduceTask")).isTrue();
    assertThat(filter.accepts("com.acme.SumTask")).isTrue();
  }

  @Test
  void includesNarrowAndExcludesWin() {
    TaskClassFilter filter =
        new TaskClassFilter(List.of("com.acme.*"), List.of("com.acme.bench.*"));
    assertThat(filter.accepts("com.acme.SumTask")).isTrue();
    assertThat(filter.accepts("com.acme.bench.Loop")).isFalse();
    assertThat(filter.accepts("org.other.Task")).isFalse();
  }
}
