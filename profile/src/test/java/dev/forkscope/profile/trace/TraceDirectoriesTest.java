package dev.forkscope.profile.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding the traces several JVMs left in one directory ({@code perjvm=true}). */
class TraceDirectoriesTest {
  @TempDir Path dir;

  private Path trace(String sub) throws IOException {
    Path d = Files.createDirectories(dir.resolve(sub));
    Files.write(d.resolve(TraceReader.TRACE_FILE), new byte[0]);
    return d;
  }

  @Test
  void theDirectoryItselfThenEachJvmsInTheOrderTheyStarted() throws IOException {
    Path ten = trace("jvm-10");
    Path two = trace("jvm-2");
    Path one = trace("jvm-1");
    trace("jvm-x");
    trace("other");
    Files.createDirectories(dir.resolve("jvm-3")); // a JVM that died before writing
    assertThat(TraceReader.traceDirectories(dir)).containsExactly(one, two, ten);
    Files.write(dir.resolve(TraceReader.TRACE_FILE), new byte[0]);
    assertThat(TraceReader.traceDirectories(dir)).containsExactly(dir, one, two, ten);
  }

  @Test
  void noTraceOrNoDirectoryIsEmpty() throws IOException {
    assertThat(TraceReader.traceDirectories(dir)).isEmpty();
    assertThat(TraceReader.traceDirectories(dir.resolve("missing"))).isEmpty();
  }
}
