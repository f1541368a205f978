package dev.forkscope.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every {@link Conformance} scenario on {@code ForkJoinPool} and on {@code WorkStealingPool}, with
 * one and two workers: the logs must be equal. The timeout only turns a deadlock into a failure.
 */
class ConformanceTest {

  static Stream<Arguments> scenarios() {
    return Conformance.SCENARIOS.keySet().stream()
        .flatMap(name -> Stream.of(Arguments.of(name, 1), Arguments.of(name, 2)));
  }

  @ParameterizedTest(name = "{0} p={1}")
  @MethodSource("scenarios")
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void behavesLikeForkJoinPool(String name, int parallelism) throws Exception {
    Conformance.Scenario scenario = Conformance.SCENARIOS.get(name);
    List<String> expected = run(scenario, FjAdapter::forkJoinPool, parallelism);
    List<String> actual = run(scenario, FjAdapter::forkscope, parallelism);
    assertThat(actual).as(name + " on forkscope vs ForkJoinPool").isEqualTo(expected);
  }

  /** The comparison can fail: a log differs as soon as one observation does. */
  @Test
  void aDifferentObservationIsCaught() throws Exception {
    Conformance.Scenario reportsPool = (fj, log) -> log.add(fj.name());
    assertThat(run(reportsPool, FjAdapter::forkscope, 1))
        .isNotEqualTo(run(reportsPool, FjAdapter::forkJoinPool, 1));
  }

  private static List<String> run(
      Conformance.Scenario scenario, IntFunction<FjAdapter> pools, int parallelism)
      throws Exception {
    List<String> log = new ArrayList<>();
    try (FjAdapter fj = pools.apply(parallelism)) {
      scenario.run(fj, log);
    }
    return log;
  }
}
