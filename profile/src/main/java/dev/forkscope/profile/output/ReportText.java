package dev.forkscope.profile.output;

import dev.forkscope.profile.Profile;

/**
 * A profile as {@code forkscope report} prints it and the Maven plugin's {@code report} goal logs
 * it: the summary table, then the run-time findings, the GC line and what was not recorded.
 */
public final class ReportText {
  private ReportText() {}

  /** The text, ending in a newline. */
  public static String render(Profile profile) {
    return SummaryTable.render(profile) + RuntimeFindingsText.render(profile);
  }
}
