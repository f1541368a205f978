package dev.forkscope.pekko;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import org.apache.pekko.actor.ActorSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfigurationTest {

  private static Config dispatcher(String section) {
    return ConfigFactory.parseString("id = my-dispatcher\nforkscope-executor {" + section + "}")
        .withFallback(ConfigFactory.load().getConfig("pekko.actor.default-dispatcher"));
  }

  @Test
  void defaultsAreOneWorkerPerProcessorParkAndForkFirst() {
    ExecutorSettings s = ExecutorSettings.parse(dispatcher(""), 6);
    assertThat(s.parallelism()).isEqualTo(6);
    assertThat(s.idlePolicy().name()).isEqualTo("PARK");
    assertThat(s.dispatch()).isEqualTo(DispatchMode.FORK_FIRST);
  }

  @ParameterizedTest
  @CsvSource({
    "'parallelism-factor = 0.5', 8, 4",
    "'parallelism-factor = 0.1', 8, 1",
    "'parallelism-min = 3', 2, 3",
    "'parallelism-max = 2', 8, 2",
    "'parallelism-min = 2, parallelism-max = 2, parallelism-factor = 3.0', 16, 2"
  })
  void parallelismIsScaledAndBoundedAsPekkosForkJoinExecutor(String section, int cpus, int want) {
    assertThat(ExecutorSettings.parse(dispatcher(section), cpus).parallelism()).isEqualTo(want);
  }

  @ParameterizedTest
  @CsvSource({
    "park, PARK",
    "spin-then-park, SPIN_THEN_PARK",
    "yield-then-sleep, YIELD_THEN_SLEEP",
    "busy-spin, BUSY_SPIN"
  })
  void idlePoliciesAreRuntimes(String key, String name) {
    assertThat(ExecutorSettings.parse(dispatcher("idle-policy = " + key), 2).idlePolicy().name())
        .isEqualTo(name);
  }

  @Test
  void dispatchModesAreTheirKeys() {
    for (DispatchMode m : DispatchMode.values()) {
      assertThat(ExecutorSettings.parse(dispatcher("dispatch = " + m.key()), 2).dispatch())
          .isEqualTo(m);
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "idle-policy = sleepy | my-dispatcher.forkscope-executor.idle-policy | park | spin-then-park",
        "dispatch = fork | my-dispatcher.forkscope-executor.dispatch | fork-first | shared-queue",
        "parallelism-min = 0 | my-dispatcher.forkscope-executor.parallelism-min | at least 1 | got 0",
        "parallelism-min = 4, parallelism-max = 2 | my-dispatcher.forkscope-executor.parallelism-max"
            + " | parallelism-min (4) | got 2",
        "parallelism-factor = -1 | my-dispatcher.forkscope-executor.parallelism-factor | positive"
            + " | -1",
        "parallelism-min = many | my-dispatcher.forkscope-executor.parallelism-min | whole number"
            + " | many",
        "idle-policy = spin-then-park, spin-budget = soon"
            + " | my-dispatcher.forkscope-executor.spin-budget | duration | soon"
      })
  void aBadValueIsOneLineNamingTheKey(String section, String key, String says, String quotes) {
    assertThatThrownBy(() -> ExecutorSettings.parse(dispatcher(section), 2))
        .isInstanceOf(ConfigException.BadValue.class)
        .hasMessageContaining("'" + key + "'")
        .hasMessageContaining(says)
        .hasMessageContaining(quotes)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void anActorSystemWithABadValueFailsToStartNamingTheKey() {
    Config config = Systems.forkscope(DispatchMode.FORK_FIRST, "idle-policy = sleepy");
    assertThatThrownBy(() -> ActorSystem.create("bad", config))
        .isInstanceOf(ConfigException.BadValue.class)
        .hasMessageContaining("'pekko.actor.default-dispatcher.forkscope-executor.idle-policy'")
        .hasMessageContaining("got \"sleepy\"");
  }
}
