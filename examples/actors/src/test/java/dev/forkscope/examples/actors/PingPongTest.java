package dev.forkscope.examples.actors;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class PingPongTest {

  @Test
  @Timeout(60)
  void theExampleRunsOnForkscopeByConfigurationAlone() throws Exception {
    Set<String> threads = PingPong.play(10_000);

    assertThat(threads).isNotEmpty().allMatch(name -> name.startsWith("forkscope-"));
  }
}
