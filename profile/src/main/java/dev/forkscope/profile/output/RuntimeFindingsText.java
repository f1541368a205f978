package dev.forkscope.profile.output;

import dev.forkscope.profile.Profile;
import dev.forkscope.profile.RunLayers;
import dev.forkscope.profile.RuntimeFinding;
import dev.forkscope.profile.Units;
import java.util.Locale;

/**
 * The short block printed after the summary table: the runtime findings, most time lost first, the
 * GC line and what could not be recorded.
 */
public final class RuntimeFindingsText {

  /** Findings printed; the rest are counted. */
  static final int MAX_SHOWN = 8;

  private RuntimeFindingsText() {}

  /** The block, ending in a newline. */
  public static String render(Profile profile) {
    StringBuilder b = new StringBuilder();
    RunLayers layers = profile.layers();
    if (profile.runtimeFindings().isEmpty()) {
      b.append("runtime findings: none\n");
    } else {
      b.append("runtime findings (JVM and OS layers, most time lost first):\n");
      int shown = 0;
      for (RuntimeFinding f : profile.runtimeFindings()) {
        if (shown++ == MAX_SHOWN) {
          b.append(
              String.format(
                  Locale.ROOT,
                  "  ... and %d more in summary.json%n",
                  profile.runtimeFindings().size() - MAX_SHOWN));
          break;
        }
        b.append(
            String.format(
                Locale.ROOT,
                "  %s %s: %s%n      %s%n",
                f.bottleneck() == null ? "[-]" : "[" + f.bottleneck() + "]",
                f.rule(),
                f.taskClass() == null ? "run" : Units.simpleName(f.taskClass()),
                f.evidence()));
      }
    }
    RunLayers.Gc gc = layers.gc();
    if (gc.pauses() > 0) {
      b.append(
          String.format(
              Locale.ROOT,
              "gc: %d pauses, %s in all, longest %s, %d executions interrupted%n",
              gc.pauses(),
              Units.duration(gc.pauseNs()),
              Units.duration(gc.maxPauseNs()),
              gc.overlappingExecutions()));
    }
    for (String why : layers.unavailable()) {
      b.append("not recorded: ").append(why).append('\n');
    }
    return b.toString();
  }
}
