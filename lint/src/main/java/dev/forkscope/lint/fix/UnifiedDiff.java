package dev.forkscope.lint.fix;

import java.util.ArrayList;
import java.util.List;

/**
 * Unified diffs ({@code diff -u} format, three lines of context) between two versions of a file,
 * for {@code git apply} and {@code patch -p1}.
 *
 * <p>Implementation note: the common prefix and suffix are cut off first; the middle, which for a
 * fixer's local rewrites is small, gets an exact longest-common-subsequence alignment. A middle too
 * large for the quadratic table (more than {@link #MAX_CELLS} cells) is shown as one replacement,
 * which is still a correct patch.
 */
public final class UnifiedDiff {
  private static final int CONTEXT = 3;
  private static final long MAX_CELLS = 4_000_000;

  private enum Op {
    SAME,
    DELETE,
    INSERT
  }

  private record Line(Op op, int oldIndex, int newIndex) {}

  private UnifiedDiff() {}

  /**
   * The diff of {@code original} to {@code rewritten}, or "" when they are equal. A relative path
   * is named {@code a/path} and {@code b/path} (for {@code git apply} and {@code patch -p1}); an
   * absolute one as it is (for {@code patch -p0}).
   */
  public static String of(String path, String original, String rewritten) {
    if (original.equals(rewritten)) {
      return "";
    }
    List<String> a = lines(original);
    List<String> b = lines(rewritten);
    List<Line> script = script(a, b);
    StringBuilder out = new StringBuilder();
    boolean absolute = path.startsWith("/");
    out.append(absolute ? "--- " : "--- a/").append(path).append('\n');
    out.append(absolute ? "+++ " : "+++ b/").append(path).append('\n');
    int i = 0;
    while (i < script.size()) {
      if (script.get(i).op == Op.SAME) {
        i++;
        continue;
      }
      int from = Math.max(0, i - CONTEXT);
      int to = i;
      int lastChange = i;
      while (to < script.size()) {
        if (script.get(to).op != Op.SAME) {
          lastChange = to;
        } else if (to - lastChange > 2 * CONTEXT) {
          break;
        }
        to++;
      }
      to = Math.min(script.size(), lastChange + CONTEXT + 1);
      appendHunk(out, script.subList(from, to), a, b);
      i = to;
    }
    return out.toString();
  }

  private static void appendHunk(
      StringBuilder out, List<Line> hunk, List<String> a, List<String> b) {
    int oldStart = -1;
    int newStart = -1;
    int oldCount = 0;
    int newCount = 0;
    for (Line line : hunk) {
      if (line.op != Op.INSERT) {
        oldStart = oldStart < 0 ? line.oldIndex : oldStart;
        oldCount++;
      }
      if (line.op != Op.DELETE) {
        newStart = newStart < 0 ? line.newIndex : newStart;
        newCount++;
      }
    }
    // an empty side is numbered by the line before it, as diff -u does
    Line first = hunk.get(0);
    out.append("@@ -")
        .append(range(oldCount == 0 ? first.oldIndex : oldStart + 1, oldCount))
        .append(" +")
        .append(range(newCount == 0 ? first.newIndex : newStart + 1, newCount))
        .append(" @@\n");
    for (Line line : hunk) {
      String text =
          switch (line.op) {
            case SAME -> " " + a.get(line.oldIndex);
            case DELETE -> "-" + a.get(line.oldIndex);
            case INSERT -> "+" + b.get(line.newIndex);
          };
      out.append(text);
      if (!text.endsWith("\n")) {
        out.append("\n\\ No newline at end of file\n");
      }
    }
  }

  private static String range(int start, int count) {
    return count == 1 ? Integer.toString(start) : start + "," + count;
  }

  /** The lines of a text, each with its terminator (the last may have none). */
  private static List<String> lines(String text) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', start)) {
      lines.add(text.substring(start, i + 1));
      start = i + 1;
    }
    if (start < text.length()) {
      lines.add(text.substring(start));
    }
    return lines;
  }

  /**
   * The edit script: every line of both texts in order, as kept, deleted or inserted. Each entry
   * carries the index it has (or would have) in both texts.
   */
  private static List<Line> script(List<String> a, List<String> b) {
    int prefix = 0;
    while (prefix < a.size() && prefix < b.size() && a.get(prefix).equals(b.get(prefix))) {
      prefix++;
    }
    int suffix = 0;
    while (suffix < a.size() - prefix
        && suffix < b.size() - prefix
        && a.get(a.size() - 1 - suffix).equals(b.get(b.size() - 1 - suffix))) {
      suffix++;
    }
    List<Line> script = new ArrayList<>();
    for (int i = 0; i < prefix; i++) {
      script.add(new Line(Op.SAME, i, i));
    }
    int n = a.size() - prefix - suffix;
    int m = b.size() - prefix - suffix;
    if ((long) n * m <= MAX_CELLS) {
      middle(a, b, prefix, n, m, script);
    } else {
      for (int i = 0; i < n; i++) {
        script.add(new Line(Op.DELETE, prefix + i, prefix));
      }
      for (int j = 0; j < m; j++) {
        script.add(new Line(Op.INSERT, prefix + n, prefix + j));
      }
    }
    for (int k = 0; k < suffix; k++) {
      script.add(new Line(Op.SAME, prefix + n + k, prefix + m + k));
    }
    return script;
  }

  /** Aligns the middle sections by a longest common subsequence of lines. */
  private static void middle(
      List<String> a, List<String> b, int offset, int n, int m, List<Line> script) {
    int[][] lcs = new int[n + 1][m + 1];
    for (int i = n - 1; i >= 0; i--) {
      for (int j = m - 1; j >= 0; j--) {
        lcs[i][j] =
            a.get(offset + i).equals(b.get(offset + j))
                ? lcs[i + 1][j + 1] + 1
                : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      }
    }
    int i = 0;
    int j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a.get(offset + i).equals(b.get(offset + j))) {
        script.add(new Line(Op.SAME, offset + i++, offset + j++));
      } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
        script.add(new Line(Op.DELETE, offset + i++, offset + j));
      } else {
        script.add(new Line(Op.INSERT, offset + i, offset + j++));
      }
    }
  }
}
