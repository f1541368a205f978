package dev.forkscope.lint.fix;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Fixer.Builder#only}: the run lints everything, but fixes the accepted findings only. */
class FixerOnlyTest {
  private static final String TASK =
      """
      package sample;

      import java.util.Arrays;
      import java.util.concurrent.RecursiveTask;

      final class SumTask extends RecursiveTask<Long> {
        private final long[] values;

        SumTask(long[] values) {
          this.values = values;
        }

        @Override
        protected Long compute() {
          if (values.length <= 10_000) {
            settle();
            long sum = 0;
            for (long v : values) {
              sum += v;
            }
            return sum;
          }
          int half = values.length / 2;
          SumTask first = new SumTask(Arrays.copyOfRange(values, 0, half));
          first.fork();
          return new SumTask(Arrays.copyOfRange(values, half, values.length)).compute()
              + first.join();
        }

        private static void settle() {
          try {
            Thread.sleep(1);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
      }
      """;

  @TempDir Path dir;

  @Test
  void fixesOnlyTheAcceptedFindingsOfAWholeRun() throws IOException {
    Path file = Files.createDirectories(dir.resolve("sample")).resolve("SumTask.java");
    Files.writeString(file, TASK);
    FixResult all = Fixer.builder().build().fix(List.of(dir));
    assertThat(all.files().get(0).fixes())
        .extracting(AppliedFix::rule)
        .contains("copy-on-fork", "sleepy-worker");

    FixResult sleeps =
        Fixer.builder().only(f -> f.rule().id().equals("sleepy-worker")).build().fix(List.of(dir));
    assertThat(sleeps.lint().findings()).isEqualTo(all.lint().findings());
    assertThat(sleeps.files())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.fixes()).extracting(AppliedFix::rule).containsOnly("sleepy-worker");
              assertThat(f.suggestions()).isEmpty();
            });

    assertThat(Fixer.builder().only(f -> false).build().fix(List.of(dir)).files()).isEmpty();
  }
}
