package dev.forkscope.lsp;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/**
 * The findings of the last text that parsed, carried over to a newer text that does not: the lines
 * the two texts share before and after the edited region keep their findings (those after it moved
 * by the lines the edit added or removed); a finding that meets the edited region is dropped.
 */
final class KeptFindings {
  private KeptFindings() {}

  static List<Diagnostic> across(String good, String now, List<Diagnostic> findings) {
    List<String> before = good.lines().toList();
    List<String> after = now.lines().toList();
    int prefix = 0;
    while (prefix < before.size()
        && prefix < after.size()
        && before.get(prefix).equals(after.get(prefix))) {
      prefix++;
    }
    int suffix = 0;
    while (suffix < before.size() - prefix
        && suffix < after.size() - prefix
        && before.get(before.size() - 1 - suffix).equals(after.get(after.size() - 1 - suffix))) {
      suffix++;
    }
    int editedEnd = before.size() - suffix; // first line after the edited region, in the good text
    int shift = after.size() - before.size();
    List<Diagnostic> kept = new ArrayList<>();
    for (Diagnostic d : findings) {
      int start = d.getRange().getStart().getLine();
      int end = d.getRange().getEnd().getLine();
      if (end < prefix) {
        kept.add(d);
      } else if (start >= editedEnd) {
        kept.add(moved(d, shift));
      }
    }
    return kept;
  }

  private static Diagnostic moved(Diagnostic d, int lines) {
    if (lines == 0) {
      return d;
    }
    Diagnostic copy =
        new Diagnostic(d.getRange(), d.getMessage(), d.getSeverity(), d.getSource(), null);
    copy.setCode(d.getCode());
    copy.setCodeDescription(d.getCodeDescription());
    copy.setRelatedInformation(d.getRelatedInformation());
    copy.setRange(
        new Range(
            new Position(
                d.getRange().getStart().getLine() + lines, d.getRange().getStart().getCharacter()),
            new Position(
                d.getRange().getEnd().getLine() + lines, d.getRange().getEnd().getCharacter())));
    return copy;
  }
}
