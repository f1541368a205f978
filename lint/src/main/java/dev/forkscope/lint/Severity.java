package dev.forkscope.lint;

/**
 * How serious a finding is. Writers print the constant in lower case ("error", "warning", "note").
 */
public enum Severity {
  /** A bottleneck that serialises or blocks the pool; almost always worth fixing. */
  ERROR,
  /** A likely performance or correctness problem that depends on context. */
  WARNING,
  /** Worth a look; often a matter of taste or scale. */
  NOTE
}
