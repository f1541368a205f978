package dev.forkscope.lint.fix;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class UnifiedDiffTest {
  private static final String TEN =
      IntStream.rangeClosed(1, 10).mapToObj(i -> "line " + i + "\n").collect(Collectors.joining());

  @Test
  void equalTextsHaveNoDiff() {
    assertThat(UnifiedDiff.of("A.java", TEN, TEN)).isEmpty();
  }

  @Test
  void aChangeGetsThreeLinesOfContext() {
    String changed = TEN.replace("line 5\n", "line five\n");
    assertThat(UnifiedDiff.of("src/A.java", TEN, changed))
        .isEqualTo(
            String.join(
                "\n",
                "--- a/src/A.java",
                "+++ b/src/A.java",
                "@@ -2,7 +2,7 @@",
                " line 2",
                " line 3",
                " line 4",
                "-line 5",
                "+line five",
                " line 6",
                " line 7",
                " line 8",
                ""));
  }

  @Test
  void distantChangesAreSeparateHunksAndInsertionsAreCounted() {
    String changed = TEN.replace("line 1\n", "line 0\nline 1\n").replace("line 10\n", "");
    assertThat(UnifiedDiff.of("A.java", TEN, changed))
        .isEqualTo(
            String.join(
                "\n",
                "--- a/A.java",
                "+++ b/A.java",
                "@@ -1,3 +1,4 @@",
                "+line 0",
                " line 1",
                " line 2",
                " line 3",
                "@@ -7,4 +8,3 @@",
                " line 7",
                " line 8",
                " line 9",
                "-line 10",
                ""));
  }

  @Test
  void aMissingFinalNewlineIsMarked() {
    assertThat(UnifiedDiff.of("A.java", "a\nb", "a\nc"))
        .endsWith("-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n");
  }
}
