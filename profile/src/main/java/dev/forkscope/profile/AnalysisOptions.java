package dev.forkscope.profile;

/**
 * How a trace is analysed.
 *
 * @param aggregate whether nested tasks are folded into their outer tasks (tgp's heuristic)
 * @param verdicts how verdicts are reached
 */
public record AnalysisOptions(boolean aggregate, VerdictMode verdicts) {

  /** Aggregation on, relative verdicts. */
  public static AnalysisOptions defaults() {
    return new AnalysisOptions(true, VerdictMode.RELATIVE);
  }
}
