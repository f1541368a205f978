package dev.forkscope.lsp;

import java.util.Arrays;
import org.eclipse.lsp4j.Position;

/** Maps offsets into a text to the protocol's positions (0-based line and character) and back. */
final class LineMap {
  private final int[] starts;

  LineMap(String text) {
    int[] found = new int[16];
    int lines = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        if (lines == found.length) {
          found = Arrays.copyOf(found, lines * 2);
        }
        found[lines++] = i + 1;
      }
    }
    starts = Arrays.copyOf(found, lines);
  }

  /** The offset at which a 0-based line starts (a line past the last: the last line's start). */
  int lineStart(int line) {
    return line < starts.length ? starts[line] : starts[starts.length - 1];
  }

  Position position(int offset) {
    int line = Arrays.binarySearch(starts, offset);
    if (line < 0) {
      line = -line - 2;
    }
    return new Position(line, offset - starts[line]);
  }
}
