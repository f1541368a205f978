package dev.forkscope.lint;

/**
 * Whether a mechanical fix exists for a finding. Writers print it in lower case ("safe",
 * "suggestion", "none").
 */
public enum FixSafety {
  /** A behaviour-preserving rewrite exists. */
  SAFE,
  /** A rewrite is proposed but needs a human to confirm it keeps the semantics. */
  SUGGESTION,
  /** No mechanical fix: the design has to change. */
  NONE
}
