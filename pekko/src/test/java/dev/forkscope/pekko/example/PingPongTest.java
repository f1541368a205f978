package dev.forkscope.pekko.example;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class PingPongTest {

  @Test
  @Timeout(60)
  void theExampleRunsOnForkscopeByConfigurationAlone() throws Exception {
    System.setProperty("config.resource", "forkscope-example.conf");
    ConfigFactory.invalidateCaches();
    Set<String> threads;
    try {
      threads = PingPong.play(10_000);
    } finally {
      System.clearProperty("config.resource");
      ConfigFactory.invalidateCaches();
    }
    assertThat(threads).isNotEmpty().allMatch(name -> name.startsWith("forkscope-"));
  }
}
