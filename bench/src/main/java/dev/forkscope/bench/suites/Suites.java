package dev.forkscope.bench.suites;

import dev.forkscope.bench.Suite;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/** The suites of {@code forkscope bench}, in the order the help text lists them. */
public final class Suites {
  private static final List<Supplier<Suite>> FACTORIES =
      List.of(
          LintSuite::new,
          LspSuite::new,
          ProfileSuite::new,
          RuntimeSuite::new,
          IdleSuite::new,
          ActorsSuite::new,
          ZooSuite::new,
          AppsSuite::new);

  private Suites() {}

  /** A fresh instance of every suite. */
  public static List<Suite> all() {
    return FACTORIES.stream().map(Supplier::get).toList();
  }

  /** The names, for help texts and messages. */
  public static List<String> names() {
    return all().stream().map(Suite::name).toList();
  }

  /** A fresh instance of the suite with this name, if there is one. */
  public static Optional<Suite> byName(String name) {
    return all().stream().filter(s -> s.name().equals(name)).findFirst();
  }
}
