package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
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

    helper
        .addSourceLines(
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
                """)
        .doTest();
  }

  /**
   * Reading class-path resources (micronaut's service scanner: a task per {@code META-INF/services}
   * URL, the URL handed through the task's constructor) is a note; a URL of unknown origin is not.
   */
  @Test
  void readingAClassPathResourceIsANote() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Scan.java",
                """
                import java.io.*;
                import java.net.URL;
                import java.util.*;
                import java.util.concurrent.*;
                class Scan extends RecursiveAction {
                    final ClassLoader loader;
                    final List<Names> tasks = new ArrayList<>();
                    Scan(ClassLoader loader) { this.loader = loader; }
                    private Enumeration<URL> configs() throws IOException {
                        return loader.getResources("META-INF/services/x.Service");
                    }
                    protected void compute() {
                        try {
                            Enumeration<URL> urls = configs();
                            while (urls.hasMoreElements()) {
                                URL url = urls.nextElement();
                                Names task = new Names(url);
                                tasks.add(task);
                                task.fork();
                            }
                            try (InputStream in = Scan.class.getResourceAsStream("/defaults.properties")) {
                                in.read(); // expect: blocking-io-in-task: a note: a class-path resource read
                            }
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                    static List<String> names(URL url) {
                        try (BufferedReader reader = new BufferedReader(new InputStreamReader(url.openStream()))) { // expect: blocking-io-in-task: a note: a class-path resource read: local and usually short
                            return List.of(reader.readLine()); // expect: blocking-io-in-task: a note: a class-path resource read
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                    static final class Names extends RecursiveAction {
                        private final URL url;
                        Names(URL url) { this.url = url; }
                        protected void compute() { names(url); }
                    }
                    static final class Fetch extends RecursiveAction {
                        private final URL url;
                        Fetch(URL url) { this.url = url; }
                        protected void compute() {
                            try (InputStream in = url.openStream()) { // expect: blocking-io-in-task: does blocking I/O
                                in.read(); // expect: blocking-io-in-task: does blocking I/O
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        }
                    }
                }
                """)
            .doTest();
    assertThat(f)
        .extracting(Finding::severity)
        .containsExactly(
            Severity.NOTE, Severity.NOTE, Severity.NOTE, Severity.WARNING, Severity.WARNING);
  }

  /** I/O a task does only when its work failed (a fallback read in a catch block) is a note. */
  @Test
  void ioReachedOnlyFromACatchBlockIsANote() {
    List<Finding> f =
        helper
            .addSourceLines(
                "Load.java",
                """
                import java.io.*;
                import java.nio.file.*;
                import java.util.concurrent.*;
                class Load extends RecursiveTask<byte[]> {
                    private final Path path;
                    Load(Path path) { this.path = path; }
                    protected byte[] compute() {
                        try {
                            return Files.readAllBytes(path); // expect: blocking-io-in-task: does blocking I/O
                        } catch (IOException e) {
                            try {
                                return Files.readAllBytes(path.resolveSibling("fallback")); // expect: blocking-io-in-task: a note: the tasks reach it only in a catch block
                            } catch (IOException again) {
                                throw new UncheckedIOException(again);
                            }
                        }
                    }
                }
                """)
            .doTest();
    assertThat(f).extracting(Finding::severity).containsExactly(Severity.WARNING, Severity.NOTE);
  }
}
