package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.lint.output.LintReport;
import dev.forkscope.lint.output.ReportFormat;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One answer per input: a tree whose packages each declare a {@code Helper} and a {@code Util} of
 * the same simple names (in files the linter only parses on demand), whose tasks reach one {@code
 * Thread.sleep} by equally short call paths, gives byte-identical reports run after run, on one
 * thread and on four. Only the run's duration (the summary's {@code millis}) may differ; it is
 * blanked in the reports before they are compared.
 */
class DeterminismTest {
  private static final int PACKAGES = 12;
  private static final int RUNS = 20;

  @TempDir Path dir;

  @Test
  void sameTreeGivesByteIdenticalReportsOnEveryRunAndThreadCount() throws IOException {
    writeTree();
    String first = null;
    for (int run = 0; run < RUNS; run++) {
      int threads = run % 2 == 0 ? 1 : 4;
      LintResult result = Linter.builder().threads(threads).build().lint(List.of(dir));
      String reports = reports(result);
      if (first == null) {
        first = reports;
        assertResolvedByPackageAndImport(result);
      } else {
        assertThat(reports).as("run %d on %d thread(s)", run, threads).isEqualTo(first);
      }
    }
  }

  /**
   * Each task reaches its own package's Helper, the importing file the imported one (by a shorter
   * path); of two equally short paths, the first in file order is reported.
   */
  private static void assertResolvedByPackageAndImport(LintResult result) {
    assertThat(result.summary().failures()).isEmpty();
    assertThat(result.summary().errors()).isEmpty();
    for (String name : List.of("Helper.java", "Util.java")) {
      List<Finding> found =
          result.findings().stream()
              .filter(f -> f.file().getFileName().toString().equals(name))
              .toList();
      assertThat(found).as(name).hasSize(PACKAGES);
      for (Finding f : found) {
        String pkg = f.file().getParent().getFileName().toString();
        String entry =
            f.path().get(0).file().getParent().getFileName()
                + "/"
                + f.path().get(0).file().getFileName();
        String expected =
            name.equals("Helper.java") && pkg.equals("p3") ? "q/Importer.java" : pkg + "/Left.java";
        assertThat(entry).as("%s of %s", name, pkg).isEqualTo(expected);
      }
    }
  }

  /** The three reports, with the run's duration (JSON's millis, the text's "N ms") blanked. */
  private static String reports(LintResult result) throws IOException {
    StringBuilder all = new StringBuilder();
    for (ReportFormat format : ReportFormat.values()) {
      StringWriter out = new StringWriter();
      LintReport.of(format, Path.of(""), "0", Rules.all()).write(result, out);
      all.append(
              out.toString()
                  .replaceAll("\"millis\" : \\d+", "\"millis\" : 0")
                  .replaceAll("; \\d+ ms\n", "; 0 ms\n"))
          .append('\n');
    }
    return all.toString();
  }

  private void writeTree() throws IOException {
    List<String> packages = new ArrayList<>();
    for (int i = 0; i < PACKAGES; i++) {
      String pkg = "p" + i;
      packages.add(pkg);
      Path dirOf = Files.createDirectories(dir.resolve(pkg));
      // two tasks reach Util.pause() by equally short paths
      for (String task : List.of("Left", "Right")) {
        Files.writeString(
            dirOf.resolve(task + ".java"),
            """
            package PKG;
            import java.util.concurrent.RecursiveAction;
            public class TASK extends RecursiveAction {
                private final Helper helper = new Helper();
                protected void compute() { step(); }
                private void step() {
                    Util.pause();
                    helper.work();
                }
            }
            """
                .replace("PKG", pkg)
                .replace("TASK", task));
      }
      // the same simple names in every package, each with its own body
      Files.writeString(
          dirOf.resolve("Util.java"),
          """
          package PKG;
          public class Util {
              static void pause() {
                  try { Thread.sleep(N); } catch (InterruptedException e) { }
              }
          }
          """
              .replace("PKG", pkg)
              .replace("N", String.valueOf(i + 1)));
      Files.writeString(
          dirOf.resolve("Helper.java"),
          """
          package PKG;
          public class Helper {
              void work() {
          """
                  .replace("PKG", pkg)
              + "        int x = 0;\n".repeat(i)
              + """
                      try { Thread.sleep(1); } catch (InterruptedException e) { }
                  }
              }
              """);
    }
    Path q = Files.createDirectories(dir.resolve("q"));
    Files.writeString(
        q.resolve("Importer.java"),
        """
        package q;
        import java.util.concurrent.RecursiveAction;
        import p3.Helper;
        import p5.*;
        public class Importer extends RecursiveAction {
            protected void compute() { new Helper().work(); }
        }
        """);
  }
}
