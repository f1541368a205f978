// Modelled on netflixoss (Table II: copy on fork, copy on join): per-name totals of a batch of
// metric samples. The task takes an immutable copy of its samples in the constructor, and the
// totals of the halves are merged with putAll into a fresh map.
package corpus.netflix;

import com.google.common.collect.ImmutableList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RecursiveTask;

final class Sample {
  final String name;
  final long value;

  Sample(String name, long value) {
    this.name = name;
    this.value = value;
  }
}

final class Totals extends RecursiveTask<Map<String, Long>> {
  private static final int LEAF = 2048;
  private final ImmutableList<Sample> samples;

  Totals(List<Sample> samples) {
    // expect: copy-on-fork
    this.samples = ImmutableList.copyOf(samples);
  }

  @Override
  protected Map<String, Long> compute() {
    if (samples.size() <= LEAF) {
      Map<String, Long> totals = new HashMap<>();
      for (Sample s : samples) {
        totals.merge(s.name, s.value, Long::sum);
      }
      return totals;
    }
    int mid = samples.size() / 2;
    Totals left = new Totals(samples.subList(0, mid));
    Totals right = new Totals(samples.subList(mid, samples.size()));
    invokeAll(left, right);
    Map<String, Long> merged = new HashMap<>();
    // expect: copy-on-join
    merged.putAll(left.join());
    // expect: copy-on-join
    for (Map.Entry<String, Long> e : right.join().entrySet()) {
      merged.merge(e.getKey(), e.getValue(), Long::sum);
    }
    return merged;
  }
}
