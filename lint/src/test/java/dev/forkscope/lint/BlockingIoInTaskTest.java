package dev.forkscope.lint;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link BlockingIoInTask}: blocking-io-in-task, file and stream I/O inside tasks. */
class BlockingIoInTaskTest {
  private final LintTestHelper helper;

  BlockingIoInTaskTest(@TempDir Path dir) {
    helper = LintTestHelper.newInstance(dir).rules("blocking-io-in-task");
  }

  @Test
  void blockingIoInTaskIsFlagged() {

    helper.addSourceLines(
        "Load.java",
        """
                import java.io.*;
                import java.nio.file.*;
                import java.util.concurrent.*;
                class Load extends RecursiveTask<Integer> {
                    final Path p;
                    Load(Path p) { this.p = p; }
                    protected Integer compute() {
                        try (InputStream in = new FileInputStream(p.toFile())) { // expect: blocking-io-in-task
                            return Files.readAllLines(p).size() + in.available(); // expect: blocking-io-in-task
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                }
                """);
  }
}
