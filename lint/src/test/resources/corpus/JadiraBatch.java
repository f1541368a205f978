// Modelled on jadira (Table II: copy on join): a batch of type conversions is split into
// index ranges (no copy on fork), the subtasks are handed to invokeAll, and their result lists
// are appended one after another into a new list.
package corpus.jadira;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;
import java.util.function.Function;

final class ConvertRange<S, T> extends RecursiveTask<List<T>> {
  private static final int CHUNK = 256;
  private final List<S> source;
  private final int from;
  private final int to;
  private final Function<S, T> converter;

  ConvertRange(List<S> source, int from, int to, Function<S, T> converter) {
    this.source = source;
    this.from = from;
    this.to = to;
    this.converter = converter;
  }

  @Override
  protected List<T> compute() {
    if (to - from <= CHUNK) {
      List<T> out = new ArrayList<>(to - from);
      for (int i = from; i < to; i++) {
        out.add(converter.apply(source.get(i)));
      }
      return out;
    }
    List<ConvertRange<S, T>> parts = new ArrayList<>();
    int step = Math.max(CHUNK, (to - from) / 4);
    for (int lo = from; lo < to; lo += step) {
      parts.add(new ConvertRange<>(source, lo, Math.min(to, lo + step), converter));
    }
    invokeAll(parts);
    List<T> converted = new ArrayList<>(to - from);
    for (ConvertRange<S, T> part : parts) {
      // expect: copy-on-join
      converted.addAll(part.join());
    }
    return converted;
  }
}
