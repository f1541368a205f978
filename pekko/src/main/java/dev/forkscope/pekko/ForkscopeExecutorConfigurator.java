package dev.forkscope.pekko;

import com.typesafe.config.Config;
import java.util.concurrent.ThreadFactory;
import org.apache.pekko.dispatch.DispatcherPrerequisites;
import org.apache.pekko.dispatch.ExecutorServiceConfigurator;
import org.apache.pekko.dispatch.ExecutorServiceFactory;

/**
 * Runs a Pekko dispatcher's actors on a forkscope {@link dev.forkscope.runtime.WorkStealingPool}.
 * Name it as the dispatcher's executor in {@code application.conf}; nothing else changes:
 *
 * <pre>{@code
 * pekko.actor.default-dispatcher {
 *   executor = "dev.forkscope.pekko.ForkscopeExecutorConfigurator"
 *   forkscope-executor {
 *     parallelism-min = 1, parallelism-factor = 1.0, parallelism-max = 64
 *     idle-policy = park          # park | spin-then-park | yield-then-sleep | busy-spin
 *     spin-budget = 50us          # for spin-then-park
 *     dispatch = fork-first       # fork-first | shared-queue | adaptive
 *   }
 * }
 * }</pre>
 *
 * <p>The section is checked when Pekko creates the dispatcher; a bad value fails it with a {@link
 * com.typesafe.config.ConfigException} that names the full key. Worker threads are the pool's
 * daemon threads ({@code forkscope-<n>-worker-<i>}); Pekko's thread factory is not used.
 */
public final class ForkscopeExecutorConfigurator extends ExecutorServiceConfigurator {
  private final Config config;

  /** Called by Pekko with the dispatcher's configuration. */
  public ForkscopeExecutorConfigurator(Config config, DispatcherPrerequisites prerequisites) {
    super(config, prerequisites);
    this.config = config;
  }

  /**
   * Checks the section (here rather than in the constructor, where Pekko would hide the message
   * behind one about constructors) and returns the factory of the dispatcher's executor.
   */
  @Override
  public ExecutorServiceFactory createExecutorServiceFactory(String id, ThreadFactory threads) {
    ExecutorSettings settings =
        ExecutorSettings.parse(config, Runtime.getRuntime().availableProcessors());
    return () -> new MailboxExecutor(settings);
  }
}
