package dev.forkscope.bench.suites;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.forkscope.bench.BenchInputException;
import dev.forkscope.bench.Harness;
import dev.forkscope.bench.Suite;
import dev.forkscope.profile.Analysis;
import dev.forkscope.profile.AnalysisOptions;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The suite's bookkeeping on made-up measurements; the applications themselves run in CI. */
class AppsSuiteTest {

  private static final long MS = 1_000_000;

  @Test
  void choosesAppsByNameAndRejectsUnknownOnes() {
    assertThat(AppCatalogue.choose(List.of()))
        .extracting(AppCatalogue.App::name)
        .containsExactly("pmd", "lucene", "h2", "pekko", "spark");
    assertThat(AppCatalogue.choose(List.of("h2", "pmd")))
        .extracting(AppCatalogue.App::name)
        .containsExactly("h2", "pmd");
    assertThatThrownBy(() -> AppCatalogue.choose(List.of("dacapo")))
        .isInstanceOf(BenchInputException.class)
        .hasMessage("unknown app 'dacapo'; known apps: pmd, lucene, h2, pekko, spark");
  }

  @Test
  void jsonHasTheThreeVariantsWithVerdictsExactChecksAndTheSpeedupsInterval() throws Exception {
    AppCatalogue.App h2 = AppCatalogue.choose(List.of("h2")).get(0);
    AppsSuite.Measured m =
        new AppsSuite.Measured(
            h2,
            Map.of(
                AppsSuite.Variant.OFF, samples(100, 102, 98),
                AppsSuite.Variant.ON, samples(103, 105, 100),
                AppsSuite.Variant.OPTIMIZED, samples(50, 52, 48)),
            fineTransfers(),
            List.of(
                new AppsSuite.ExactCheck(
                    "transactions", "dev.forkscope.apps.H2Workload$Transfer", 400, 400)),
            Path.of("trace"));

    Suite.Outcome outcome = AppsSuite.outcome(List.of(m), List.of(), 2, 3);
    JsonNode results = new ObjectMapper().readTree(outcome.json()).get("results");

    assertThat(results).hasSize(3);
    assertThat(results.findValuesAsText("variant"))
        .containsExactly("agent-off", "agent-on", "optimized");
    JsonNode on = results.get(1);
    assertThat(on.get("wallRatio").asDouble()).isBetween(1.02, 1.04);
    assertThat(on.get("verdicts").get(0).get("verdict").asText()).isEqualTo("fine");
    assertThat(on.get("exactChecks").get(0).get("exact").asBoolean()).isTrue();
    JsonNode optimized = results.get(2);
    assertThat(optimized.get("speedup").asDouble()).isBetween(1.99, 2.05);
    // ratios 2.000, 1.962, 2.042: t(2) = 4.303 gives 1.90 to 2.10 around the geometric mean
    assertThat(optimized.get("ci95").get(0).asDouble()).isBetween(1.89, 1.91);
    assertThat(optimized.get("ci95").get(1).asDouble()).isBetween(2.09, 2.11);
    assertThat(optimized.get("guided").asBoolean()).isTrue();
    assertThat(outcome.failedChecks()).isEmpty();
    assertThat(outcome.text()).contains("exact: transactions: 400 expected, 400 recorded: exact");
  }

  @Test
  void aCountThatDoesNotMatchAndAnAppThatFailedAreFailedChecks() {
    AppCatalogue.App h2 = AppCatalogue.choose(List.of("h2")).get(0);
    AppsSuite.Measured m =
        new AppsSuite.Measured(
            h2,
            Map.of(
                AppsSuite.Variant.OFF, samples(100),
                AppsSuite.Variant.ON, samples(101),
                AppsSuite.Variant.OPTIMIZED, samples(60)),
            fineTransfers(),
            List.of(
                new AppsSuite.ExactCheck(
                    "transactions", "dev.forkscope.apps.H2Workload$Transfer", 400, 399)),
            Path.of("trace"));

    String sparkFailed = "spark failed (exit 1, agent-off); its output is in spark-agent-off.log";
    Suite.Outcome outcome = AppsSuite.outcome(List.of(m), List.of(sparkFailed), 2, 1);

    assertThat(outcome.failedChecks())
        .containsExactly(
            sparkFailed,
            "h2: transactions: 400 executions of dev.forkscope.apps.H2Workload$Transfer"
                + " expected, 399 recorded");
    assertThat(outcome.text()).contains(sparkFailed);
    assertThat(outcome.text()).contains("MISMATCH", "95% CI n/a (one repetition)");
  }

  private static List<Harness.Sample> samples(long... wallMs) {
    List<Harness.Sample> out = new ArrayList<>();
    for (long w : wallMs) {
      out.add(new Harness.Sample(w * MS, 2 * w * MS));
    }
    return out;
  }

  /** 400 transfers of 1 µs on a pool's two threads: fine on 2 CPUs with 150 ns of overhead. */
  private static Profile fineTransfers() {
    List<TaskExecution> executions = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      long start = 2_000L * i;
      executions.add(
          new TaskExecution(
              i + 1,
              "dev.forkscope.apps.H2Workload$Transfer",
              1,
              0,
              false,
              1,
              "main",
              2 + i % 2,
              "pool-1-thread-" + (1 + i % 2),
              false,
              9,
              "java.util.concurrent.ThreadPoolExecutor",
              false,
              -1,
              -1,
              start,
              start + 1_000,
              1_000,
              -1,
              new TaskExecution.Kind(false, true, false, false),
              TaskExecution.Method.RUN,
              -1,
              -1,
              1,
              -1,
              1));
    }
    Trace trace =
        new Trace(
            new Trace.TraceMeta("17", 2, "off", false, 0, 1_000_000, 150, 0, Map.of()),
            executions,
            List.of(),
            List.of());
    return Analysis.analyze(trace, AnalysisOptions.defaults());
  }
}
