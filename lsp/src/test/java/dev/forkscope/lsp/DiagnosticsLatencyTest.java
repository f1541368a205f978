package dev.forkscope.lsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.junit.jupiter.api.Test;

/**
 * Measures, and prints, how long an edit takes to come back as diagnostics for a file of about
 * 1,000 lines once the server is warm, over the same piped streams as the other tests. It asserts
 * only that the diagnostics are right: a timing depends on the machine (docs/lsp.md has figures).
 */
class DiagnosticsLatencyTest {
  private static final String URI = "file:///project/src/main/java/sample/Tasks.java";
  private static final int TASKS = 40;
  private static final int WARM_UP = 30;
  private static final int RUNS = 20;

  @Test
  void printsTheMedianLatencyOfDiagnosticsAfterAnEdit() throws Exception {
    String text = tasks();
    try (LspClient client = new LspClient()) {
      client.initialize(null);
      long start = System.nanoTime();
      client.open(URI, text);
      assertThat(client.diagnostics(URI, 1).getDiagnostics()).hasSize(2 * TASKS);
      double cold = millis(System.nanoTime() - start);

      long[] times = new long[RUNS];
      for (int run = 0; run < WARM_UP + RUNS; run++) {
        int version = run + 2;
        long t0 = System.nanoTime();
        client.change(URI, version, text + "// edit " + version + "\n");
        assertThat(client.diagnostics(URI, version).getDiagnostics()).hasSize(2 * TASKS);
        if (run >= WARM_UP) {
          times[run - WARM_UP] = System.nanoTime() - t0;
        }
      }
      Arrays.sort(times);

      long f0 = System.nanoTime();
      var actions =
          client
              .server
              .getTextDocumentService()
              .codeAction(
                  new CodeActionParams(
                      new TextDocumentIdentifier(URI),
                      new Range(new Position(0, 0), new Position(2000, 0)),
                      new CodeActionContext(List.of(), List.of(CodeActionKind.QuickFix))))
              .get(120, TimeUnit.SECONDS)
              .stream()
              .filter(a -> !a.getRight().getTitle().startsWith("forkscope: suppress"))
              .toList();
      double fixes = millis(System.nanoTime() - f0);
      assertThat(actions).hasSize(TASKS);

      System.out.printf(
          "forkscope lsp, %d lines: first diagnostics %.0f ms; after an edit, warm (%d runs):"
              + " median %.1f ms, min %.1f ms, max %.1f ms; code actions (fix with javac) %.0f ms%n",
          text.lines().count(),
          cold,
          RUNS,
          millis(times[RUNS / 2]),
          millis(times[0]),
          millis(times[RUNS - 1]),
          fixes);
    }
  }

  private static double millis(long nanos) {
    return nanos / 1e6;
  }

  /** A file of {@value #TASKS} task classes, each with two copy-on-fork findings. */
  private static String tasks() {
    StringBuilder s =
        new StringBuilder(
            """
            package sample;

            import java.util.Arrays;
            import java.util.concurrent.RecursiveTask;

            public final class Tasks {
            """);
    for (int i = 0; i < TASKS; i++) {
      s.append(
          """

            static final class Sum%1$d extends RecursiveTask<Long> {
              private final long[] values;

              Sum%1$d(long[] values) {
                this.values = values;
              }

              @Override
              protected Long compute() {
                if (values.length <= %2$d) {
                  long sum = 0;
                  for (long v : values) {
                    sum += v * %1$d;
                  }
                  return sum;
                }
                int half = values.length / 2;
                long[] left = Arrays.copyOfRange(values, 0, half);
                long[] right = Arrays.copyOfRange(values, half, values.length);
                Sum%1$d first = new Sum%1$d(left);
                first.fork();
                return new Sum%1$d(right).compute() + first.join();
              }
            }
          """
              .formatted(i, 1000 + i));
    }
    return s.append("}\n").toString();
  }
}
