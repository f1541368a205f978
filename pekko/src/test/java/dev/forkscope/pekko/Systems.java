package dev.forkscope.pekko;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.ActorSystem;

/** Actor systems on the forkscope dispatcher for tests. */
final class Systems {
  static final Duration TIMEOUT = Duration.ofSeconds(20);

  private Systems() {}

  /** The configuration a user writes, with {@code extra} settings of the executor section. */
  static Config forkscope(DispatchMode mode, String extra) {
    return ConfigFactory.parseString(
            "pekko.loglevel = WARNING\n"
                + "pekko.actor.default-dispatcher {\n"
                + "  executor = \"dev.forkscope.pekko.ForkscopeExecutorConfigurator\"\n"
                + "  forkscope-executor { parallelism-min = 2, parallelism-max = 2, dispatch = "
                + mode.key()
                + "\n"
                + extra
                + "\n}\n}\n")
        .withFallback(ConfigFactory.load());
  }

  static ActorSystem start(String name, Config config) {
    return ActorSystem.create(name, config);
  }

  static void terminate(ActorSystem system) throws Exception {
    system.terminate();
    system.getWhenTerminated().toCompletableFuture().get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
  }
}
