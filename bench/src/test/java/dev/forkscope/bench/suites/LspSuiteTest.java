package dev.forkscope.bench.suites;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.bench.Result;
import dev.forkscope.bench.Suite;
import dev.forkscope.lint.Linter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LspSuiteTest {
  @TempDir Path dir;

  @Test
  void registeredAsTheLspSuite() {
    assertThat(Suites.byName("lsp")).containsInstanceOf(LspSuite.class);
  }

  @Test
  void theGeneratedFileHasASleepyWorkerAndTwoCopiesPerTask() throws Exception {
    Path file = Files.createDirectories(dir.resolve("generated")).resolve("Tasks.java");
    Files.writeString(file, LspSuite.generated(4));

    Map<String, Long> byRule =
        Linter.builder().build().lint(List.of(dir)).findings().stream()
            .collect(Collectors.groupingBy(f -> f.rule().id(), Collectors.counting()));

    assertThat(byRule)
        .containsExactlyInAnyOrderEntriesOf(Map.of("copy-on-fork", 8L, "sleepy-worker", 4L));
  }

  /** A quick run on a small file: every keystroke answered, and the figures in order. */
  @Test
  void timesEachKeystrokeUntilItsDiagnostics() throws Exception {
    Path file = dir.resolve("Tasks.java");
    Files.writeString(file, LspSuite.generated(2));

    Suite.Outcome outcome =
        new LspSuite().run(new Suite.Context(List.of(2), 1, List.of(file), true, line -> {}));

    assertThat(outcome.results()).hasSize(1);
    Result r = outcome.results().get(0);
    assertThat(r.benchmark()).isEqualTo("keystroke Tasks.java");
    assertThat(r.extra()).containsEntry("findings", 6).containsEntry("runs", 1);
    assertThat(r.ops()).isEqualTo(((Integer) r.extra().get("keystrokesPerRun")).longValue());
    assertThat(r.wallMsMedian()).isPositive();
    assertThat((Double) r.extra().get("p90Ms")).isGreaterThanOrEqualTo(r.wallMsMedian());
    assertThat((Double) r.extra().get("worstMs"))
        .isGreaterThanOrEqualTo((Double) r.extra().get("p90Ms"));
    assertThat(outcome.text()).contains("keystroke Tasks.java (", "per keystroke median");
    assertThat(outcome.json()).contains("\"p90Ms\"", "\"worstMs\"", "\"targets\"");
  }
}
