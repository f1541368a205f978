package dev.forkscope.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A self-contained SVG (no scripts, no fonts, no network) of grouped bar charts: one panel per
 * figure, bars grouped by benchmark and coloured by variant, one legend for all panels. The pool
 * suites draw speedup over one worker and CPU per operation relative to ForkJoinPool; the actors
 * suite draws speedup and CPU relative to Pekko's default dispatcher.
 */
public final class SvgChart {
  private static final String[] COLOURS = {
    "#4d4d4d", "#1f77b4", "#2ca02c", "#ff7f0e", "#d62728", "#9467bd", "#8c564b"
  };
  private static final int PANEL_HEIGHT = 240;
  private static final int LEFT = 60;
  private static final int BAR = 12;
  private static final int GROUP_GAP = 18;

  /** One bar: its group (a benchmark), its series (a variant) and its height, or null for none. */
  public record Bar(String group, String series, Double value) {}

  /**
   * One chart.
   *
   * @param title the chart's heading
   * @param reference the value of the dashed reference line (the baseline's 1.0)
   * @param emptyHint why there may be no bars, shown when there are none
   * @param bars the bars, in the order their groups and series should appear
   */
  public record Panel(String title, double reference, String emptyHint, List<Bar> bars) {}

  private SvgChart() {}

  /** The panels one below the other, with a legend of every series under them. */
  public static String render(String title, List<Panel> panels) {
    Set<String> benchmarks = new LinkedHashSet<>();
    Set<String> variants = new LinkedHashSet<>();
    panels.forEach(
        p ->
            p.bars()
                .forEach(
                    b -> {
                      benchmarks.add(b.group());
                      variants.add(b.series());
                    }));
    List<String> groups = new ArrayList<>(benchmarks);
    List<String> series = new ArrayList<>(variants);
    int width = Math.max(520, LEFT + 20 + groups.size() * (series.size() * BAR + GROUP_GAP));
    int height = panels.size() * (PANEL_HEIGHT + 70) + 30 + 18 * series.size();
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                + "font-family=\"sans-serif\" font-size=\"11\">%n",
            width,
            height,
            width,
            height));
    svg.append(String.format(Locale.ROOT, "<title>%s</title>%n", escape(title)));
    svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    for (int i = 0; i < panels.size(); i++) {
      panel(svg, 10 + i * (PANEL_HEIGHT + 70), panels.get(i), groups, series);
    }
    int y = panels.size() * (PANEL_HEIGHT + 70) + 20;
    for (int i = 0; i < series.size(); i++) {
      svg.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                  + "<text x=\"%d\" y=\"%d\">%s</text>%n",
              LEFT,
              y + 18 * i,
              COLOURS[i % COLOURS.length],
              LEFT + 16,
              y + 18 * i + 9,
              escape(series.get(i))));
    }
    svg.append("</svg>\n");
    return svg.toString();
  }

  private static void panel(
      StringBuilder svg, int top, Panel panel, List<String> groups, List<String> series) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"%d\" font-size=\"13\">%s</text>%n",
            LEFT,
            top + 12,
            escape(panel.title())));
    int axisTop = top + 24;
    int axisBottom = axisTop + PANEL_HEIGHT - 40;
    double reference = panel.reference();
    double max = reference;
    for (Bar b : panel.bars()) {
      Double v = b.value();
      if (v != null && Double.isFinite(v)) {
        max = Math.max(max, v);
      }
    }
    max *= 1.1;
    double scale = (axisBottom - axisTop) / max;
    svg.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>%n",
            LEFT,
            axisBottom,
            LEFT + groups.size() * (series.size() * BAR + GROUP_GAP),
            axisBottom));
    for (int tick = 0; tick <= 4; tick++) {
      double v = max * tick / 4;
      svg.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.2f</text>%n",
              LEFT - 4,
              axisBottom - v * scale + 4,
              v));
    }
    double refY = axisBottom - reference * scale;
    svg.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>%n",
            LEFT,
            refY,
            LEFT + groups.size() * (series.size() * BAR + GROUP_GAP),
            refY));
    boolean any = false;
    for (int g = 0; g < groups.size(); g++) {
      int x0 = LEFT + GROUP_GAP / 2 + g * (series.size() * BAR + GROUP_GAP);
      for (Bar b : panel.bars()) {
        if (!b.group().equals(groups.get(g))) {
          continue;
        }
        Double v = b.value();
        if (v == null || !Double.isFinite(v)) {
          continue;
        }
        any = true;
        int s = series.indexOf(b.series());
        double h = v * scale;
        svg.append(
            String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\">"
                    + "<title>%s %s: %.3f</title></rect>%n",
                x0 + s * BAR,
                axisBottom - h,
                BAR - 1,
                h,
                COLOURS[s % COLOURS.length],
                escape(b.group()),
                escape(b.series()),
                v));
      }
      svg.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%d\" transform=\"rotate(30 %d %d)\">%s</text>%n",
              x0,
              axisBottom + 14,
              x0,
              axisBottom + 14,
              escape(groups.get(g))));
    }
    if (!any) {
      svg.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%d\">no data (%s)</text>%n",
              LEFT + 10,
              axisTop + 30,
              escape(panel.emptyHint())));
    }
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
