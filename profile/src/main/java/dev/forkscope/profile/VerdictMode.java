package dev.forkscope.profile;

/** How verdicts are reached. */
public enum VerdictMode {
  /**
   * Relative to the run (the default): the measured per-task overhead and the CPU count decide, see
   * research/profiler.md §7.6.
   */
  RELATIVE,
  /**
   * tgp's fixed per-class thresholds (seed 003, tgp's characterization scripts), in nanoseconds.
   */
  TGP
}
