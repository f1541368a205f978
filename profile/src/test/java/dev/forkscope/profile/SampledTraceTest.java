package dev.forkscope.profile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.forkscope.profile.output.Exports;
import dev.forkscope.profile.output.SummaryTable;
import dev.forkscope.profile.trace.Trace;
import dev.forkscope.profile.trace.TraceBytes;
import dev.forkscope.profile.trace.TraceReader;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sampled FSTRACE6 trace of known cost, from the file to summary.json and the table: a root task
 * forks 100,000 leaves of a bimodal cost; the agent recorded the first 1,000 leaves in full, then
 * one in 64 by identity hash, and counted the rest.
 */
class SampledTraceTest {
  private static final int LEAVES = 100_000;
  private static final int WARM_UP = 1_000;
  private static final int ROOT = 1;
  private static final int LEAF = 2;
  private static final int POOL = 3;

  @TempDir Path dir;

  private long trueTotal;
  private long trueMedian;
  private int recorded;

  private Trace write() throws IOException {
    Random random = new Random(42);
    long[] cost = new long[LEAVES];
    int[] hash = new int[LEAVES];
    boolean[] kept = new boolean[LEAVES];
    for (int i = 0; i < LEAVES; i++) {
      cost[i] = random.nextDouble() < 0.7 ? 1_000 + random.nextInt(2_000) : 40_000;
      hash[i] = random.nextInt() & 0x7fffffff;
      kept[i] = i < WARM_UP || (hash[i] & 63) == 0;
      trueTotal += cost[i];
      recorded += kept[i] ? 1 : 0;
    }
    trueMedian = Distribution.of(cost.clone()).median();
    int fjDone = TraceBytes.EXEC | TraceBytes.FORK_JOIN | TraceBytes.DONE;
    TraceBytes.writeTrace(
        dir,
        "FSTRACE6",
        0,
        t -> {
          t.classDef(ROOT, "app.Root").classDef(LEAF, "app.Leaf").classDef(POOL, "ForkJoinPool");
          t.thread(1, 1, "main").thread(2, 2, "worker");
          t.owner(2);
          long time = 10_000;
          List<long[]> forks = new ArrayList<>();
          int seq = 0;
          for (int i = 0; i < LEAVES; i++) {
            if (kept[i]) {
              int flags = fjDone | (i < WARM_UP ? 0 : TraceBytes.period(6));
              t.exec(flags, LEAF, hash[i], ++seq, 0, time, time + cost[i], cost[i], -1);
              forks.add(new long[] {hash[i], 600 + forks.size()});
            }
            time += cost[i] + 10;
          }
          t.owner(1);
          for (long[] fork : forks) {
            t.submit(TraceBytes.FORKED | TraceBytes.TIMED, LEAF, (int) fork[0], fork[1], POOL, 9);
          }
          t.await(600 + forks.size(), time); // the root waits in join while the leaves run
          t.exec(fjDone, ROOT, 0x5, 1, 0, 500, time, 0, -1);
          t.created(LEAF, LEAVES + 5).counts(LEAF, LEAVES - recorded, 0, 64);
        });
    return TraceReader.read(dir);
  }

  @Test
  void countsAreExactAndTheIntervalsHoldTheTrueFigures() throws IOException {
    Profile profile = Analysis.analyze(write(), AnalysisOptions.defaults());

    TaskClassProfile leaf =
        profile.taskClasses().stream()
            .filter(c -> c.taskClass().equals("app.Leaf"))
            .findFirst()
            .orElseThrow();
    assertThat(leaf.executions()).isEqualTo(LEAVES);
    assertThat(leaf.sampling().sampled()).isTrue();
    assertThat(leaf.sampling().period()).isEqualTo(64);
    assertThat(leaf.sampling().sampleSize()).isEqualTo(recorded - WARM_UP);
    assertThat(leaf.sampling().medianCi95().contains(trueMedian)).isTrue();
    assertThat(leaf.sampling().totalCi95().contains(trueTotal)).isTrue();
    assertThat(leaf.sampling().totalCi95().low()).isGreaterThan(trueTotal * 8 / 10);
    assertThat(profile.neverExecuted()).isEqualTo(5);

    assertThat(profile.workSpan())
        .singleElement()
        .satisfies(w -> assertThat(w.root()).isEqualTo("app.Root"))
        .satisfies(w -> assertThat(w.estimated()).isTrue())
        .satisfies(w -> assertThat(w.spanNs()).isEqualTo(-1))
        .satisfies(
            w ->
                assertThat(w.workNs())
                    .isBetween(
                        leaf.sampling().totalCi95().low(), leaf.sampling().totalCi95().high()));

    StringWriter json = new StringWriter();
    Exports.writeSummaryJson(profile, json);
    JsonNode leafJson = new ObjectMapper().readTree(json.toString()).path("taskClasses").get(0);
    assertThat(leafJson.path("class").asText()).isEqualTo("app.Leaf");
    assertThat(leafJson.path("sampled").asBoolean()).isTrue();
    assertThat(leafJson.path("samplePeriod").asLong()).isEqualTo(64);
    assertThat(leafJson.path("executions").asLong()).isEqualTo(LEAVES);
    assertThat(leafJson.path("medianCi95")).hasSize(2);
    assertThat(leafJson.path("totalCi95").get(0).asLong()).isLessThanOrEqualTo(trueTotal);
    assertThat(json.toString()).contains("\"estimated\" : true", "span and parallelism are not");

    assertThat(SummaryTable.render(profile))
        .contains("~", "sampled 1 in 64", "~ marks an estimate from the agent's sample");
  }

  @Test
  void theSameRunRecordedInFullHasNoEstimates() throws IOException {
    TraceBytes.writeTrace(
        dir,
        "FSTRACE5",
        0,
        t ->
            t.classDef(LEAF, "app.Leaf")
                .thread(2, 2, "worker")
                .owner(2)
                .exec(TraceBytes.EXEC | TraceBytes.FORK_JOIN, LEAF, 1, 1, 0, 10, 20, 10, -1));
    Profile profile = Analysis.analyze(TraceReader.read(dir), AnalysisOptions.defaults());
    assertThat(profile.taskClasses())
        .singleElement()
        .satisfies(c -> assertThat(c.sampling().sampled()).isFalse())
        .satisfies(
            c ->
                assertThat(c.sampling().medianCi95())
                    .isEqualTo(new TaskClassProfile.Interval(10, 10)));
    assertThat(SummaryTable.render(profile)).doesNotContain("~");
  }
}
