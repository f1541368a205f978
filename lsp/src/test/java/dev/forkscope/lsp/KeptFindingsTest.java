package dev.forkscope.lsp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.junit.jupiter.api.Test;

/** Findings kept across an edit that does not parse: ranges and call paths moved with the lines. */
class KeptFindingsTest {
  private static final String URI = "file:///project/Task.java";
  private static final String OTHER = "file:///project/Helper.java";

  @Test
  void theCallPathMovesWithTheLinesAndLosesTheStepsOnEditedLines() {
    String good = IntStream.range(0, 20).mapToObj(i -> "line " + i).collect(joined());
    // line 6 replaced by three lines: the lines from 7 on move down by 2
    String now = good.replace("line 6\n", "broken (\nmore\nmore\n");
    Diagnostic below = diagnostic(10, step(URI, 2), step(URI, 6), step(URI, 12), step(OTHER, 12));
    Diagnostic above = diagnostic(3, step(URI, 1));
    Diagnostic onTheEdit = diagnostic(6);

    List<Diagnostic> kept = KeptFindings.across(URI, good, now, List.of(below, above, onTheEdit));

    assertThat(kept).hasSize(2);
    assertThat(kept.get(0).getRange().getStart().getLine()).isEqualTo(12);
    assertThat(kept.get(0).getRelatedInformation())
        .extracting(
            r -> r.getLocation().getUri() + ":" + r.getLocation().getRange().getStart().getLine())
        .containsExactly(URI + ":2", URI + ":14", OTHER + ":12");
    assertThat(kept.get(1)).isEqualTo(above);
  }

  private static java.util.stream.Collector<CharSequence, ?, String> joined() {
    return Collectors.joining("\n", "", "\n");
  }

  private static Diagnostic diagnostic(int line, DiagnosticRelatedInformation... path) {
    Diagnostic d = new Diagnostic(range(line), "found", null, "forkscope");
    if (path.length > 0) {
      d.setRelatedInformation(List.of(path));
    }
    return d;
  }

  private static DiagnosticRelatedInformation step(String uri, int line) {
    return new DiagnosticRelatedInformation(new Location(uri, range(line)), "step");
  }

  private static Range range(int line) {
    return new Range(new Position(line, 4), new Position(line, 9));
  }
}
