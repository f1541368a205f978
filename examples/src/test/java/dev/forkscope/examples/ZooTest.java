package dev.forkscope.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkscope.examples.granularity.TooCoarse;
import dev.forkscope.examples.granularity.TooFine;
import dev.forkscope.examples.granularity.WellTuned;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ZooTest {

  static Stream<Exhibit> exhibits() {
    return Zoo.exhibits().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("exhibits")
  void beforeAndAfterComputeTheSameResult(Exhibit exhibit) throws Exception {
    ZooProgram before = instantiate(exhibit.before());
    ZooProgram after = instantiate(exhibit.after());
    for (int size : List.of(1, 7, smallSize(before))) {
      assertThat(after.compute(size))
          .as("%s at size %d", exhibit.title(), size)
          .isEqualTo(before.compute(size));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("exhibits")
  void resultDependsOnTheSize(Exhibit exhibit) throws Exception {
    ZooProgram after = instantiate(exhibit.after());
    int size = smallSize(after);
    assertThat(after.compute(size)).isNotEqualTo(after.compute(size / 2));
  }

  @Test
  void registryCoversTheSixBottlenecksInOrderThenGranularity() {
    assertThat(Zoo.exhibits())
        .extracting(Exhibit::bottleneck)
        .containsExactly(1, 2, 3, 4, 5, 6, null, null);
    assertThat(Zoo.exhibits())
        .extracting(Exhibit::ruleId)
        .startsWith(
            "centralized-pooling",
            "copy-on-fork",
            "copy-on-join",
            "scattered-data",
            "intra-task-sync",
            "sleepy-worker");
    assertThat(Zoo.exhibits()).allSatisfy(e -> assertThat(e.explanation()).hasSizeGreaterThan(100));
  }

  @Test
  void granularityTrioAgrees() {
    int size = 50_000;
    long expected = new WellTuned().compute(size);
    assertThat(new TooFine().compute(size)).isEqualTo(expected);
    assertThat(new TooCoarse().compute(size)).isEqualTo(expected);
  }

  @Test
  void zooSourcesArePackagedAsResources() {
    assertThat(Zoo.class.getResource("Zoo.java")).isNotNull();
    assertThat(Zoo.class.getResource("copyonfork/CopyOnForkBefore.java")).isNotNull();
  }

  /** A size big enough to split into many tasks, small enough to keep the suite fast. */
  private static int smallSize(ZooProgram program) {
    return Math.max(16, program.defaultSize() / 50);
  }

  private static ZooProgram instantiate(Class<? extends ZooProgram> type)
      throws NoSuchMethodException,
          InstantiationException,
          IllegalAccessException,
          InvocationTargetException {
    return type.getDeclaredConstructor().newInstance();
  }
}
