package dev.forkscope.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the JMH benchmarks of {@link RuntimePrimitives} when {@code -Dforkscope.jmh=REGEX} is given
 * (a benchmark-name regular expression, e.g. {@code forkJoin|handOff}); skipped otherwise, so the
 * normal build only compiles them. {@code -Dforkscope.jmh.prof=gc} adds JMH's allocation profiler;
 * {@code -Dforkscope.jmh.quick=true} shortens warm-up and measurement to 2 and 3 half-second
 * iterations. The forked benchmark JVMs inherit this test JVM's class path; results go to {@code
 * <build dir>/jmh/primitives.json}.
 */
class JmhPrimitivesTest {

  @Test
  @EnabledIfSystemProperty(named = "forkscope.jmh", matches = ".+")
  void runPrimitiveBenchmarks() throws RunnerException, java.io.IOException {
    Path out = Path.of(System.getProperty("forkscope.jmh.results", "target/jmh"));
    Files.createDirectories(out);
    ChainedOptionsBuilder options =
        new OptionsBuilder()
            .include(
                RuntimePrimitives.class.getName()
                    + "\\.("
                    + System.getProperty("forkscope.jmh")
                    + ")$")
            .resultFormat(ResultFormatType.JSON)
            .result(out.resolve("primitives.json").toString());
    if (Boolean.getBoolean("forkscope.jmh.quick")) {
      options
          .warmupIterations(2)
          .warmupTime(TimeValue.milliseconds(500))
          .measurementIterations(3)
          .measurementTime(TimeValue.milliseconds(500));
    }
    String prof = System.getProperty("forkscope.jmh.prof", "");
    if (!prof.isEmpty()) {
      options.addProfiler(prof);
    }
    assertThat(new Runner(options.build()).run()).isNotEmpty();
  }
}
