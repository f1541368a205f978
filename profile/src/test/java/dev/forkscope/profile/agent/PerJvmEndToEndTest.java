package dev.forkscope.profile.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.profile.trace.TraceReader;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code perjvm=true}: JVMs given one directory, as a build's test JVMs are, each write their trace
 * into a {@code jvm-N} of their own, numbered in the order they started.
 */
class PerJvmEndToEndTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(strings = {"17", "25"})
  void eachJvmWritesIntoADirectoryOfItsOwn(String jdk) throws Exception {
    ChildJvm jvm = ChildJvm.of(jdk);
    Path out = dir.resolve("out");
    for (String run : new String[] {"first", "second"}) {
      ChildJvm.Result r = jvm.run("out=" + out + ",perjvm=true", dir.resolve(run), "lone");
      assertThat(r.exitCode()).as(r.stderr()).isZero();
    }
    assertThat(TraceReader.traceDirectories(out))
        .containsExactly(out.resolve("jvm-1"), out.resolve("jvm-2"));
    for (String n : new String[] {"jvm-1", "jvm-2"}) {
      assertThat(TraceReader.read(out.resolve(n)).meta().settings())
          .containsEntry("out", out.resolve(n).toString())
          .containsEntry("perjvm", "true");
    }
  }
}
