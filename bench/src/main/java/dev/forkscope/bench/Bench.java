package dev.forkscope.bench;

import java.util.List;

/**
 * Entry point of the benchmark suites behind {@code forkscope bench}: {@code runtime} (Lea's
 * programs and the runtime micro-benchmarks, with the runtime's targets) and {@code idle} (seed
 * 004's idle-policy study). Every suite runs in this process, on forkscope's pool under each idle
 * policy and on ForkJoinPool with equal parallelism.
 */
public final class Bench {
  private Bench() {}

  /** The suite names this module runs. */
  public static List<String> suites() {
    return List.of(RuntimeSuite.NAME, IdleSuite.NAME);
  }

  /**
   * Runs one suite.
   *
   * @throws IllegalArgumentException if {@code suite} is not one of {@link #suites()}
   */
  public static Report run(String suite, Options options) {
    switch (suite) {
      case RuntimeSuite.NAME:
        return RuntimeSuite.run(options);
      case IdleSuite.NAME:
        return IdleSuite.run(options);
      default:
        throw new IllegalArgumentException("unknown suite: " + suite);
    }
  }
}
