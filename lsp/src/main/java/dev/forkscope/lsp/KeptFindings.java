package dev.forkscope.lsp;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/**
 * The findings of the last text that parsed, carried over to a newer text that does not: the lines
 * the two texts share before and after the edited region keep their findings (those after it moved
 * by the lines the edit added or removed); a finding that meets the edited region is dropped. The
 * steps of a finding's call path ({@code relatedInformation}) in the same document move likewise,
 * and a step on an edited line is left out of the path.
 */
final class KeptFindings {
  private KeptFindings() {}

  static List<Diagnostic> across(String uri, String good, String now, List<Diagnostic> findings) {
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
    // the edited region, in the good text: from line prefix to the line before editedEnd
    Edit edit = new Edit(prefix, before.size() - suffix, after.size() - before.size());
    List<Diagnostic> kept = new ArrayList<>();
    for (Diagnostic d : findings) {
      if (!edit.meets(d.getRange())) {
        kept.add(moved(d, uri, edit));
      }
    }
    return kept;
  }

  /**
   * Lines {@code [start, end)} of the good text replaced, the lines after moved by {@code shift}.
   */
  private record Edit(int start, int end, int shift) {
    boolean meets(Range range) {
      return range.getEnd().getLine() >= start && range.getStart().getLine() < end;
    }

    Range moved(Range range) {
      if (shift == 0 || range.getStart().getLine() < start) {
        return range;
      }
      return new Range(
          new Position(range.getStart().getLine() + shift, range.getStart().getCharacter()),
          new Position(range.getEnd().getLine() + shift, range.getEnd().getCharacter()));
    }
  }

  private static Diagnostic moved(Diagnostic d, String uri, Edit edit) {
    Diagnostic copy =
        new Diagnostic(edit.moved(d.getRange()), d.getMessage(), d.getSeverity(), d.getSource());
    copy.setCode(d.getCode());
    copy.setCodeDescription(d.getCodeDescription());
    if (d.getRelatedInformation() != null) {
      List<DiagnosticRelatedInformation> path = new ArrayList<>();
      for (DiagnosticRelatedInformation step : d.getRelatedInformation()) {
        Location at = step.getLocation();
        if (!at.getUri().equals(uri)) {
          path.add(step);
        } else if (!edit.meets(at.getRange())) {
          path.add(
              new DiagnosticRelatedInformation(
                  new Location(uri, edit.moved(at.getRange())), step.getMessage()));
        }
      }
      copy.setRelatedInformation(path);
    }
    return copy;
  }
}
