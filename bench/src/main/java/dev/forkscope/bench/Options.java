package dev.forkscope.bench;

import java.util.List;
import java.util.function.Consumer;

/**
 * How to run a suite.
 *
 * @param threads the parallelism levels to run at, ascending; speedups need 1 among them
 * @param quick CI-sized inputs and one warm-up instead of three
 * @param runs timed runs per configuration; figures are their medians
 * @param progress receives one line per step (the CLI shows it on a terminal only)
 */
public record Options(List<Integer> threads, boolean quick, int runs, Consumer<String> progress) {

  public Options {
    threads = List.copyOf(threads);
    if (threads.isEmpty() || threads.stream().anyMatch(t -> t < 1)) {
      throw new IllegalArgumentException("thread counts must be positive: " + threads);
    }
    threads = threads.stream().distinct().sorted().toList();
    if (runs < 1) {
      throw new IllegalArgumentException("runs must be at least 1: " + runs);
    }
  }

  int maxThreads() {
    return threads.get(threads.size() - 1);
  }
}
