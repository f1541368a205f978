package dev.forkscope.agent.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs the JMH benchmarks of {@link RecorderHooks} when {@code -Dforkscope.jmh=REGEX} is given (a
 * benchmark-name regular expression, e.g. {@code lifecycle|baseline}); skipped otherwise, so the
 * normal build only compiles them. Results go to {@code target/jmh/recorder.json}.
 */
class JmhRecorderTest {

  @Test
  @EnabledIfSystemProperty(named = "forkscope.jmh", matches = ".+")
  void runRecorderBenchmarks() throws RunnerException, IOException {
    Path out = Path.of(System.getProperty("forkscope.jmh.results", "target/jmh"));
    Files.createDirectories(out);
    OptionsBuilder options = new OptionsBuilder();
    options
        .include(
            RecorderHooks.class.getName() + "\\.(" + System.getProperty("forkscope.jmh") + ")$")
        .resultFormat(ResultFormatType.JSON)
        .result(out.resolve("recorder.json").toString());
    assertThat(new Runner(options.build()).run()).isNotEmpty();
  }
}
