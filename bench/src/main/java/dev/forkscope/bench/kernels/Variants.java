package dev.forkscope.bench.kernels;

import dev.forkscope.runtime.IdlePolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The runtimes every benchmark runs on, by variant name. */
public final class Variants {
  private static final String FORKSCOPE = "forkscope/";

  /**
   * The idle policies compared. The spin budget of 50 µs covers a wake-up through the scheduler
   * several times over (docs/runtime.md, design) while staying far below a 10 Hz tick.
   */
  private static final List<IdlePolicy> POLICIES =
      List.of(
          IdlePolicy.park(),
          IdlePolicy.spinThenPark(Duration.ofNanos(50_000)),
          IdlePolicy.yieldThenSleep(),
          IdlePolicy.busySpin());

  private Variants() {}

  /** The baseline first, then forkscope under each idle policy. */
  public static List<String> all() {
    List<String> all = new ArrayList<>();
    all.add(ForkJoinPoolDialect.VARIANT);
    for (IdlePolicy policy : POLICIES) {
      all.add(FORKSCOPE + policy.name());
    }
    return List.copyOf(all);
  }

  public static Dialect open(String variant, int threads) {
    if (variant.equals(ForkJoinPoolDialect.VARIANT)) {
      return new ForkJoinPoolDialect(threads);
    }
    for (IdlePolicy policy : POLICIES) {
      if (variant.equals(FORKSCOPE + policy.name())) {
        return new ForkscopeDialect(threads, policy);
      }
    }
    throw new IllegalArgumentException("unknown variant: " + variant);
  }
}
