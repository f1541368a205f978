package dev.forkscope.lint.output;

import java.util.Locale;
import java.util.Optional;

/** The output formats of {@code forkscope lint}. */
public enum ReportFormat {
  /** Compiler-style lines with the source line, a caret, the reasoning and the call path. */
  TEXT,
  /** One JSON object: the findings and the run's summary (the contract in the README). */
  JSON,
  /** SARIF 2.1.0, one run, for GitHub code scanning and other SARIF viewers. */
  SARIF;

  /** The name on the command line: the constant in lower case. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The format called {@code id} on the command line, if there is one. */
  public static Optional<ReportFormat> byId(String id) {
    for (ReportFormat format : values()) {
      if (format.id().equals(id)) {
        return Optional.of(format);
      }
    }
    return Optional.empty();
  }
}
