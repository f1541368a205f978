package dev.forkscope.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Medians of repeated measurements. */
final class Medians {
  private Medians() {}

  /** The median; the mean of the two middle values for an even count. */
  static double of(List<Double> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("no values");
    }
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int mid = sorted.size() / 2;
    return sorted.size() % 2 == 1 ? sorted.get(mid) : (sorted.get(mid - 1) + sorted.get(mid)) / 2;
  }
}
