package dev.forkscope.profile;

import java.util.Locale;

/**
 * The granularity diagnosis of one task class, with the numbers that led to it.
 *
 * @param kind fine, coarse or ok
 * @param why one sentence with the figures, e.g. "median 1.9 µs &lt; 10 x 0.35 µs overhead; 524,288
 *     tasks on 2 CPUs"
 */
public record Verdict(Kind kind, String why) {

  /** The three verdicts. */
  public enum Kind {
    /** Tasks so small that creating and scheduling them costs a large share of their work. */
    FINE,
    /** So few, so large tasks that CPUs stay idle. */
    COARSE,
    /** Neither. */
    OK;

    /** The lower-case name used in summary.json and the table. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }
}
