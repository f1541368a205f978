package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * lint on real code (see {@link PrecisionSuite}): every finding labelled, strict precision at least
 * 0.90 and recall at least 0.95 on the projects the rules were designed against; every rewrite fix
 * proposes there leaves a file that parses. Prints the per-rule table docs/precision.md reports.
 *
 * <p>On the held-out projects the goal is 0.90 and 0.95 too, and it is not met. The projects added
 * in the fifth round (testcontainers, graphql-java, choco-solver, seatunnel-engine-server,
 * amazon-kinesis-client, pinot-core), labelled on the rules of commit 5ecabc6 before any change was
 * made for them, brought strict precision to 0.53 (9 of 17) and recall to 0.64 (9 of 14: five waits
 * reached through an interface call, a {@code Callable} parameter or a future type of another
 * module). The sixth round's (org.eclipse.jdt.core, janusgraph-core, conductor-core, picard),
 * labelled on the same rules, brought them to 0.47 (9 of 19: a debatable wait, and a map written
 * from {@code forEachOrdered}, whose actions never overlap) and 0.39 (9 of 23: nine more waits: a
 * get() on a call's result, of an interface extending Future, and reads behind data-store
 * interfaces of other modules). Held-out rows are never tuned on, so the test holds those figures
 * as floors: it fails when either gets worse.
 */
class RealWorldPrecisionTest {
  /** Held-out strict precision as measured when the last held-out projects were labelled: 9/19. */
  private static final double HELD_OUT_PRECISION_FLOOR = 0.47;

  /** Held-out recall as measured when the last held-out projects were labelled: 9/23. */
  private static final double HELD_OUT_RECALL_FLOOR = 0.39;

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
        .isGreaterThanOrEqualTo(HELD_OUT_PRECISION_FLOOR);
    assertThat(result.total("tuned").recall())
        .as("recall, tuned set; true instances missed: %s", result.missed())
        .isGreaterThanOrEqualTo(0.95);
    assertThat(result.total("held-out").recall())
        .as("recall, held-out set (goal 0.95, not met); true instances missed: %s", result.missed())
        .isGreaterThanOrEqualTo(HELD_OUT_RECALL_FLOOR);
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
