package dev.forkscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.examples.Exhibit;
import dev.forkscope.examples.Zoo;
import org.junit.jupiter.api.Test;

class DemoCommandTest {

  @Test
  void demoExplainsEveryExhibitAndSummarises() {
    CliRun run = CliRun.of("demo");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(Forkscope.OK);
    for (Exhibit exhibit : Zoo.exhibits()) {
      assertThat(run.out()).contains("] " + exhibit.title() + " (");
    }
    for (int bottleneck = 1; bottleneck <= 6; bottleneck++) {
      assertThat(run.out()).contains("[bottleneck " + bottleneck + "]");
    }
    assertThat(run.out())
        .contains(
            "before  copyonfork/CopyOnForkBefore.java:",
            "[copy-on-fork]",
            "after   copyonfork/CopyOnForkAfter.java: clean");
    String last = run.out().strip().lines().reduce((a, b) -> b).orElseThrow();
    assertThat(last).startsWith("demo: 7 of 7 problems found in their 'before' programs");
  }

  @Test
  void wrapKeepsLinesWithinTheWidth() {
    assertThat(DemoCommand.wrap("aaa bbb ccc ddd", 7)).containsExactly("aaa bbb", "ccc ddd");
    assertThat(DemoCommand.wrap("toolongword x", 4)).containsExactly("toolongword", "x");
  }
}
