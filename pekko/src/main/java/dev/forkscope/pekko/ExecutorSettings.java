package dev.forkscope.pekko;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import dev.forkscope.runtime.IdlePolicy;
import java.time.Duration;

/**
 * The {@code forkscope-executor} section of a dispatcher's configuration, checked. Defaults come
 * from this module's {@code reference.conf}. A bad value is a {@link ConfigException.BadValue}
 * whose message names the full key, e.g. {@code my-dispatcher.forkscope-executor.idle-policy}.
 *
 * @param parallelism worker threads: {@code ceil(cpus * parallelism-factor)} bounded by {@code
 *     parallelism-min} and {@code parallelism-max}, as Pekko's {@code fork-join-executor}
 * @param idlePolicy how idle workers wait
 * @param dispatch where a mailbox scheduled from a worker is queued
 */
record ExecutorSettings(int parallelism, IdlePolicy idlePolicy, DispatchMode dispatch) {
  static final String SECTION = "forkscope-executor";

  /**
   * Reads the section from a dispatcher's configuration.
   *
   * @param dispatcher the dispatcher's configuration, as Pekko gives it to an executor configurator
   * @param cpus the processors to scale {@code parallelism-factor} by
   */
  static ExecutorSettings parse(Config dispatcher, int cpus) {
    String prefix = (dispatcher.hasPath("id") ? dispatcher.getString("id") + "." : "") + SECTION;
    if (!dispatcher.hasPath(SECTION)) {
      throw new ConfigException.Missing(dispatcher.origin(), prefix);
    }
    Keys keys = new Keys(dispatcher.getConfig(SECTION), prefix);
    int min = keys.integer("parallelism-min");
    int max = keys.integer("parallelism-max");
    double factor = keys.factor("parallelism-factor");
    if (min < 1) {
      throw keys.bad("parallelism-min", "must be at least 1, got " + min);
    }
    if (max < min) {
      throw keys.bad(
          "parallelism-max", "must be at least parallelism-min (" + min + "), got " + max);
    }
    int parallelism = Math.min(Math.max((int) Math.ceil(cpus * factor), min), max);
    return new ExecutorSettings(parallelism, keys.idlePolicy(), keys.dispatch());
  }

  /** Typed reads of one section, every error naming the full key. */
  private record Keys(Config section, String prefix) {

    int integer(String key) {
      try {
        return section.getInt(key);
      } catch (ConfigException.WrongType e) {
        throw bad(key, "must be a whole number, got " + section.getValue(key).render());
      }
    }

    double factor(String key) {
      double value;
      try {
        value = section.getDouble(key);
      } catch (ConfigException.WrongType e) {
        throw bad(key, "must be a number, got " + section.getValue(key).render());
      }
      if (!(value > 0) || Double.isInfinite(value)) {
        throw bad(key, "must be a positive number, got " + value);
      }
      return value;
    }

    IdlePolicy idlePolicy() {
      String name = string("idle-policy");
      return switch (name) {
        case "park" -> IdlePolicy.park();
        case "spin-then-park" -> IdlePolicy.spinThenPark(spinBudget());
        case "yield-then-sleep" -> IdlePolicy.yieldThenSleep();
        case "busy-spin" -> IdlePolicy.busySpin();
        default ->
            throw bad(
                "idle-policy",
                "must be park | spin-then-park | yield-then-sleep | busy-spin, got \""
                    + name
                    + "\"");
      };
    }

    DispatchMode dispatch() {
      String name = string("dispatch");
      DispatchMode mode = DispatchMode.of(name);
      if (mode == null) {
        throw bad("dispatch", "must be " + DispatchMode.keys() + ", got \"" + name + "\"");
      }
      return mode;
    }

    private Duration spinBudget() {
      Duration budget;
      try {
        budget = section.getDuration("spin-budget");
      } catch (ConfigException.BadValue | ConfigException.WrongType e) {
        throw bad(
            "spin-budget",
            "must be a duration such as 50us, got " + section.getValue("spin-budget").render());
      }
      if (budget.isNegative()) {
        throw bad("spin-budget", "must not be negative, got " + budget);
      }
      return budget;
    }

    private String string(String key) {
      try {
        return section.getString(key);
      } catch (ConfigException.WrongType e) {
        throw bad(key, "must be a string, got " + section.getValue(key).render());
      }
    }

    ConfigException.BadValue bad(String key, String message) {
      return new ConfigException.BadValue(
          section.getValue(key).origin(), prefix + "." + key, message);
    }
  }
}
