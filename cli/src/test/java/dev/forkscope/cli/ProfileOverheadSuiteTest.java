package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.profile.overhead.OverheadBenchmark;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProfileOverheadSuiteTest {

  @Test
  void runsEveryZooProgramOnceAndTheTinyTasks() {
    List<OverheadBenchmark.Program> programs = ProfileOverheadSuite.programs();

    assertThat(programs)
        .extracting(OverheadBenchmark.Program::name)
        .doesNotHaveDuplicates()
        .contains("TooFine", "WellTuned", "TooCoarse", "CopyOnForkBefore", "CopyOnForkAfter")
        .endsWith("TinyTasks");
  }

  @Test
  void registeredAsTheProfileSuite() {
    assertThat(BenchCommand.SUITES).containsKey("profile");
  }
}
