package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * lint on real code (see {@link PrecisionSuite}): every finding labelled, strict precision at least
 * 0.90 on the projects the rules were designed against, and recall at least 0.95 of the true
 * instances labelled; every rewrite fix proposes there leaves a file that parses. Prints the
 * per-rule table docs/lint.md reports.
 *
 * <p>On the held-out projects the goal is 0.90 too, and it is not met: the projects added last
 * (flink-core, micronaut-inject), labelled before any change was made for them, brought it to 0.67
 * (6 of 9), from three locks taken on micronaut's once-per-context error path. Held-out rows are
 * never tuned on, so the test holds that figure as a floor: it fails when held-out precision gets
 * worse.
 */
class RealWorldPrecisionTest {
  /** Held-out strict precision as measured when the last held-out projects were labelled: 6/9. */
  private static final double HELD_OUT_FLOOR = 0.66;

  @TempDir Path dir;

  @Test
  void findingsAreLabelledAndPreciseOnRealProjects() throws IOException {
    PrecisionSuite.Result result = PrecisionSuite.run(dir);
    System.out.println(result.table());
    assertThat(result.unlabelled())
        .as("findings without a label in precision/labels.tsv: read each and label it")
        .isEmpty();
    assertThat(result.total("tuned").precision())
        .as("strict precision, tuned set")
        .isGreaterThanOrEqualTo(0.90);
    assertThat(result.total("held-out").precision())
        .as("strict precision, held-out set (goal 0.90, not met: see the class comment)")
        .isGreaterThanOrEqualTo(HELD_OUT_FLOOR);
    assertThat(result.total().recall())
        .as("recall; true instances missed: %s", result.missed())
        .isGreaterThanOrEqualTo(0.95);
    assertThat(result.fixes().rewrites())
        .as(
            "rewrites fix proposes on the suite (druid-processing's getPool().execute): none would"
                + " leave the parse check below vacuous")
        .isPositive();
    assertThat(result.fixes().unparsable()).as("files fix rewrote that no longer parse").isEmpty();
    assertThat(result.fixes().suggestions())
        .as("every finding is a rewrite or a suggestion")
        .isGreaterThanOrEqualTo(result.total().findings() - result.fixes().rewrites());
  }
}
