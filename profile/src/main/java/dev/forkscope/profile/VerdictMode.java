package dev.forkscope.profile;

import java.util.Locale;
import java.util.Optional;

/** How verdicts are reached. */
public enum VerdictMode {
  /**
   * Relative to the run (the default): the measured per-task overhead and the CPU count decide, see
   * docs/profile.md, verdicts.
   */
  RELATIVE,
  /**
   * tgp's fixed per-class thresholds (Rosà et al. (2019), tgp's characterization scripts), in
   * nanoseconds.
   */
  TGP;

  /**
   * The mode named {@code relative} or {@code tgp}, as the command line and the Maven plugin take
   * it.
   */
  public static Optional<VerdictMode> byId(String id) {
    return switch (id.toLowerCase(Locale.ROOT)) {
      case "relative" -> Optional.of(RELATIVE);
      case "tgp" -> Optional.of(TGP);
      default -> Optional.empty();
    };
  }
}
