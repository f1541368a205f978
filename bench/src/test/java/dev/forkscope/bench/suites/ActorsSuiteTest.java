package dev.forkscope.bench.suites;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.forkscope.bench.Result;
import dev.forkscope.bench.Suite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ActorsSuiteTest {

  @Test
  @Timeout(120)
  void quickRunWritesOneRowPerBenchmarkAndVariantWithTheContractedFields() throws Exception {
    Suite suite =
        new ActorsSuite(List.of(ActorBenchmark.SINGLE_PING, ActorBenchmark.MULTI_PRODUCER));
    List<String> progress = new ArrayList<>();
    Suite.Outcome outcome =
        suite.run(new Suite.Context(List.of(2), 1, List.of(), true, progress::add));

    JsonNode root = new ObjectMapper().readTree(outcome.json());
    assertThat(root.get("suite").asText()).isEqualTo("actors");
    assertThat(root.get("quick").asBoolean()).isTrue();
    JsonNode results = root.get("results");
    assertThat(results).hasSize(2 * ActorsSuite.variants().size());
    List<String> seen = new ArrayList<>();
    for (JsonNode row : results) {
      seen.add(row.get("benchmark").asText() + " " + row.get("variant").asText());
      assertThat(row.get("threads").asInt()).isEqualTo(2);
      assertThat(row.get("wallMsMedian").asDouble()).isPositive();
      assertThat(row.get("cpuMsMedian").asDouble()).isPositive();
      assertThat(row.get("ops").asLong()).isPositive();
      assertThat(row.get("messagesPerSecond").asDouble())
          .isCloseTo(
              row.get("ops").asLong() / (row.get("wallMsMedian").asDouble() / 1e3),
              org.assertj.core.data.Percentage.withPercentage(1e-6));
      assertThat(row.get("idleCpuPct").asDouble()).isNotNegative();
      assertThat(row.get("speedupOverDefault").isNumber()).isTrue();
      assertThat(row.get("cpuRatioToDefault").isNumber()).isTrue();
    }
    assertThat(seen)
        .contains(
            "single-ping pekko-default",
            "single-ping pekko-affinity",
            "single-ping pekko-fork-join",
            "single-ping pekko-forkscope/fork-first",
            "multi-producer pekko-forkscope/shared-queue",
            "multi-producer pekko-forkscope/adaptive");
    assertThat(root.get("geomeanOverDefault").get(ActorsSuite.BEST).get("speedup").isNumber())
        .isTrue();
    assertThat(root.get("forkFirstOverForkJoin").get("minSpeedup").asDouble())
        .isLessThanOrEqualTo(root.get("forkFirstOverForkJoin").get("speedup").asDouble());
    assertThat(outcome.failedChecks()).as("no targets under --quick").isEmpty();
    assertThat(outcome.svg()).startsWith("<svg").contains("single-ping").contains("pekko-affinity");
    assertThat(progress).isNotEmpty();
  }

  @Test
  void messageCountsAreWhatTheActorsDeliver() {
    assertThat(ActorBenchmark.SINGLE_PING.sized(1).ops()).isEqualTo(2L * 2_000_000 + 2);
    assertThat(new ActorBenchmark.Sized(ActorBenchmark.MEDIATOR, 10, 4).ops()).isEqualTo(150);
    assertThat(new ActorBenchmark.Sized(ActorBenchmark.MIDDLE_MAN, 10, 4).ops()).isEqualTo(200);
    assertThat(ActorBenchmark.MULTI_PRODUCER.sized(ActorsSuite.QUICK_SCALE).ops())
        .isEqualTo(8L * 750_000 / ActorsSuite.QUICK_SCALE);
  }

  @Test
  void targetsAreCheckedOnFullRunsAgainstTheDefaultDispatcher() {
    List<Result> rows = new ArrayList<>();
    for (String benchmark : List.of("a", "b")) {
      for (String variant : ActorsSuite.variants()) {
        boolean best = variant.equals(ActorsSuite.BEST);
        double speedup = best ? (benchmark.equals("a") ? 3.0 : 0.9) : 1.0;
        rows.add(
            new Result(
                benchmark,
                variant,
                2,
                100 / speedup,
                50,
                1,
                Map.of("speedupOverDefault", speedup, "cpuRatioToDefault", 1.0)));
      }
    }
    assertThat(ActorsSuite.outcome(rows, false).failedChecks())
        .singleElement()
        .asString()
        .contains("slowest benchmark")
        .contains("0.90x");
    assertThat(ActorsSuite.outcome(rows, true).failedChecks()).isEmpty();
  }
}
