package dev.forkscope.lint.fix;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One replacement in a file's text, the unit every fix is made of (the model of Error Prone's
 * {@code SuggestedFix} and of the language server protocol's {@code TextEdit}): the characters
 * {@code [start, end)} of the original text become {@code replacement}. Offsets count UTF-16 chars
 * of the text as read, so untouched characters stay as they were, byte for byte.
 *
 * @param start offset of the first replaced char
 * @param end offset after the last replaced char ({@code start == end} inserts)
 * @param replacement the new text
 */
public record TextEdit(int start, int end, String replacement) {
  public TextEdit {
    if (start < 0 || end < start) {
      throw new IllegalArgumentException("bad range [" + start + ", " + end + ")");
    }
  }

  /** Whether the two edits touch overlapping text (two insertions at one offset overlap too). */
  boolean overlaps(TextEdit other) {
    return start < other.end && other.start < end || start == other.start;
  }

  /**
   * Applies edits that do not overlap to a text.
   *
   * @throws IllegalArgumentException if two edits overlap or one lies outside the text
   */
  public static String apply(String text, List<TextEdit> edits) {
    List<TextEdit> sorted = new ArrayList<>(edits);
    sorted.sort(Comparator.comparingInt(TextEdit::start).thenComparingInt(TextEdit::end));
    StringBuilder out = new StringBuilder(text.length() + 256);
    int at = 0;
    for (TextEdit edit : sorted) {
      if (edit.start < at || edit.end > text.length()) {
        throw new IllegalArgumentException("overlapping or out-of-range edit " + edit);
      }
      out.append(text, at, edit.start).append(edit.replacement);
      at = edit.end;
    }
    return out.append(text, at, text.length()).toString();
  }
}
