package dev.forkscope.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The generic text table of a suite's rows: the six contracted columns, then every extra figure
 * that any row has, aligned; names left, numbers right.
 */
final class TextTable {
  private static final int NAME_COLUMNS = 2;

  private TextTable() {}

  static String render(List<Result> results) {
    List<String> extraKeys =
        results.stream().flatMap(r -> r.extra().keySet().stream()).distinct().toList();
    List<String> header =
        new ArrayList<>(List.of("benchmark", "variant", "threads", "wall ms", "cpu ms", "ops"));
    header.addAll(extraKeys);
    List<List<String>> rows = new ArrayList<>();
    rows.add(header);
    for (Result r : results) {
      List<String> row =
          new ArrayList<>(
              List.of(
                  r.benchmark(),
                  r.variant(),
                  String.valueOf(r.threads()),
                  number(r.wallMsMedian()),
                  number(r.cpuMsMedian()),
                  String.valueOf(r.ops())));
      for (String key : extraKeys) {
        Object value = r.extra().get(key);
        row.add(value instanceof Double d ? number(d) : value == null ? "" : String.valueOf(value));
      }
      rows.add(row);
    }
    int[] widths = new int[header.size()];
    for (List<String> row : rows) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (List<String> row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        String cell = row.get(i);
        String pad = " ".repeat(widths[i] - cell.length());
        line.append(i < NAME_COLUMNS ? cell + pad : pad + cell).append("  ");
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }

  private static String number(double value) {
    return String.format(Locale.ROOT, value >= 100 ? "%.0f" : "%.1f", value);
  }
}
