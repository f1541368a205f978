package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * lint on real code (see {@link PrecisionSuite}): every finding labelled, strict precision at least
 * 0.90 on the projects the rules were designed against and on the held-out ones, and recall at
 * least 0.95 of the true instances labelled; every rewrite fix proposes there leaves a file that
 * parses. Prints the per-rule table docs/lint.md reports.
 */
class RealWorldPrecisionTest {
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
        .as("strict precision, held-out set")
        .isGreaterThanOrEqualTo(0.90);
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
