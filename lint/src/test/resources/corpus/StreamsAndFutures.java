// Parallel streams and async stages used the way their documentation recommends: stateless
// lambdas, collectors instead of shared collections, async work started by the caller.
package corpus.streams;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

final class Catalogue {
  private static final ForkJoinPool SEARCH_POOL = new ForkJoinPool(4);

  Map<Character, Long> initials(List<String> names) {
    return names.parallelStream()
        .filter(n -> !n.isEmpty())
        .collect(Collectors.groupingByConcurrent(n -> n.charAt(0), Collectors.counting()));
  }

  long primesBelow(int n) {
    return IntStream.range(2, n).parallel().filter(Catalogue::isPrime).count();
  }

  List<String> search(List<String> names, String query) {
    return SEARCH_POOL
        .submit(
            () ->
                names.parallelStream().filter(n -> n.contains(query)).collect(Collectors.toList()))
        .join();
  }

  CompletableFuture<Integer> totalLength(List<String> names) {
    return CompletableFuture.supplyAsync(() -> names.stream().mapToInt(String::length).sum());
  }

  private static boolean isPrime(int n) {
    for (int d = 2; (long) d * d <= n; d++) {
      if (n % d == 0) {
        return false;
      }
    }
    return true;
  }
}
