package dev.forkscope.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * lint on real code (see {@link PrecisionSuite}): every finding labelled, strict precision at least
 * 0.90 and recall at least 0.95 on the projects the rules were designed against; every rewrite fix
 * proposes there leaves a file that parses and compiles against the project's binary jar and its
 * dependencies (resolved from Maven Central by {@link ProjectBinaries}). Prints the per-rule table
 * docs/precision.md reports.
 *
 * <p>On the held-out projects the goal is 0.90 and 0.95 too, and it is not met. Each round of
 * held-out projects is labelled on the rules of its day before any change is made for it. The fifth
 * round (testcontainers, graphql-java, choco-solver, seatunnel-engine-server,
 * amazon-kinesis-client, pinot-core) gave 0.53 and 0.64 on the rules of commit 5ecabc6; five of
 * them were then tuned on and moved to the tuned set. The seventh round (org.eclipse.jdt.core,
 * janusgraph-core, conductor-core, picard), labelled on 5ecabc6's rules too, left the held-out set
 * at 0.70 and 0.44; the eighth tuned on janusgraph-core and picard and moved them to the tuned set.
 * The ninth round (languagetool-core, storm-server), labelled on the rules of commit a7c13ed and
 * never tuned on, leaves the held-out set at 0.73 (8 of 11: three debatable locks and waits) and
 * 0.53 (8 of 15: conductor-core's reads behind data-store interfaces; linted as its repository, the
 * implementations are in the tree, but the walk does not enter them). The tenth round
 * (flink-connector-kafka, flink-table-runtime, seata-server), labelled on the rules of commit
 * be3e8cf and never tuned on, adds two locks of an object each task makes for itself, a get() in a
 * branch the path never takes (false) and seata-server's RPCs and Redis reads in a common-pool
 * parallel stream, behind interfaces of other modules (missed). The eleventh round, beside it,
 * tuned on languagetool-core (a constructor's parallel loading made a note) and moved it to the
 * tuned set, leaving 0.64 (9 of 14) and 0.43 (9 of 21). The twelfth round tuned on
 * flink-connector-kafka (a lock of an object the task made itself is not contended) and moved it to
 * the tuned set with its two false rows, leaving 0.75 (9 of 12) and 0.43. The thirteenth round
 * (hadoop-azure, paimon-common, tribuo-common-nearest-neighbour), labelled on the rules of commit
 * 0a1db55 and never tuned on, adds a bounded queue's put() and an awaitTermination in common-pool
 * async tasks (true), the same put() on an error path (debatable), a REST call behind an interface
 * and two pools made per call in a conditional expression (missed), leaving 0.73 (11 of 15) and
 * 0.42 (11 of 26). The fourteenth round tuned on tribuo-common-nearest-neighbour (a pool made in a
 * conditional expression is the value of the variable it flows into) and moved it to the tuned set
 * with its two rows, now true, leaving 0.73 (11 of 15) and 0.46 (11 of 24): recall rises only
 * because its two misses left the held-out set. The fifteenth round made a wait reached only from a
 * catch block a note (hadoop-azure's error-path put()) and moved hadoop-azure to the tuned set with
 * its rows, leaving 0.77 (10 of 13) and 0.45 (10 of 22). The sixteenth round
 * (org.eclipse.core.resources, otp, beam-sdks-java-core, docker-maven-plugin), labelled on the
 * rules of commit 48ce209 and never tuned on, adds a pool and a submit reached only through a
 * recursion past the early return that guards them (false) and three common-pool waits behind an
 * interface and a cache loader, an explicit commonPool() and BufferedReader.lines() (missed),
 * leaving 0.67 (10 of 15) and 0.40 (10 of 25). The seventeenth round read a BufferedReader's
 * lines() as its readLine() and moved docker-maven-plugin to the tuned set with its row, now true,
 * leaving 0.67 (10 of 15) and 0.42 (10 of 24): recall rises only because its miss left the held-out
 * set. Held-out rows are never tuned on, so the test holds those figures, rounded down, as floors
 * (no-regression floors, not goals): it fails when either gets worse.
 */
class RealWorldPrecisionTest {
  /** Held-out strict precision after the sixteenth round was labelled: 10/15. */
  private static final double HELD_OUT_PRECISION_FLOOR = 0.66;

  /**
   * Held-out recall after the seventeenth round moved docker-maven-plugin and its miss to the tuned
   * set: 10/24, rounded down.
   */
  private static final double HELD_OUT_RECALL_FLOOR = 0.41;

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
        .as("recall, held-out set; true instances missed: %s", result.missed())
        .isGreaterThanOrEqualTo(HELD_OUT_RECALL_FLOOR);
    assertThat(result.fixes().rewrites())
        .as(
            "rewrites fix proposes on the suite (druid-processing's getPool().execute): none would"
                + " leave the parse check below vacuous")
        .isPositive();
    assertThat(result.fixes().unparsable()).as("files fix rewrote that no longer parse").isEmpty();
    List<ProjectBinaries.Compiled> compiled =
        ProjectBinaries.compile(result.fixes().rewritten(), dir.resolve("binaries"));
    for (ProjectBinaries.Compiled c : compiled) {
      System.out.printf(
          "fix: %s, %d rewritten files compiled against its binary jar and %d more jars: %s%n",
          c.jar(),
          c.files(),
          c.classpath().size() - 1,
          c.errors().isEmpty() ? "no error" : c.errors());
    }
    assertThat(compiled)
        .as("projects whose rewritten files were compiled against their binaries")
        .hasSameSizeAs(result.fixes().rewritten())
        .allSatisfy(
            c -> assertThat(c.errors()).as("javac's errors on %s's rewrites", c.jar()).isEmpty());
    assertThat(result.fixes().suggestions())
        .as("every finding is a rewrite or a suggestion")
        .isGreaterThanOrEqualTo(result.total().findings() - result.fixes().rewrites());
  }

  /**
   * The projects' own tests of the files fix rewrote, from their published {@code tests} jars, on
   * the rewritten classes (those with a {@code tests} entry in precision/binaries.tsv). Third-party
   * tests with timeouts of their own, so not in the default build: {@code
   * -Dforkscope.projectTests}.
   */
  @Test
  @EnabledIfSystemProperty(named = "forkscope.projectTests", matches = "true")
  void rewritesKeepTheProjectsOwnTestsGreen() throws IOException, InterruptedException {
    PrecisionSuite.Result result = PrecisionSuite.run(dir);
    List<ProjectBinaries.Compiled> compiled =
        ProjectBinaries.compile(result.fixes().rewritten(), dir.resolve("binaries"));
    int ran = 0;
    for (int i = 0; i < compiled.size(); i++) {
      PrecisionSuite.Rewritten project = result.fixes().rewritten().get(i);
      if (!ProjectBinaries.hasTests(project.jar())) {
        continue;
      }
      List<ProjectBinaries.TestRun> runs =
          ProjectBinaries.runTests(
              compiled.get(i),
              ProjectBinaries.testClassesOf(project),
              dir.resolve("tests-" + project.jar()));
      ProjectBinaries.TestRun original = runs.get(0);
      ProjectBinaries.TestRun rewritten = runs.get(1);
      System.out.printf(
          "fix: %s, its own tests: on the jar %s; on the rewrites %s%n",
          project.jar(), original, rewritten);
      assertThat(rewritten.tests()).as("%s's tests run", project.jar()).isPositive();
      assertThat(original.failures())
          .as("tests that fail on the rewrites of %s; the log:%n%s", project.jar(), rewritten.log())
          .containsAll(rewritten.failures());
      ran++;
    }
    assertThat(ran).as("projects whose own tests ran on fix's rewrites").isPositive();
  }
}
