// Modelled on javaOneBR-2012's fork/join demo (Table II: copy on fork, copy on join): word
// counts over lines of text; the lines are copied per half and the halves' maps are merged
// into a copy of the left one.
package corpus.javaone;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

public class WordCountTask extends RecursiveTask<Map<String, Integer>> {
  private final String[] lines;

  public WordCountTask(String[] lines) {
    this.lines = lines;
  }

  @Override
  protected Map<String, Integer> compute() {
    if (lines.length < 100) {
      Map<String, Integer> counts = new HashMap<>();
      for (String line : lines) {
        for (String word : line.split("\\s+")) {
          if (!word.isEmpty()) {
            counts.merge(word, 1, Integer::sum);
          }
        }
      }
      return counts;
    }
    int mid = lines.length / 2;
    // expect: copy-on-fork
    WordCountTask t1 = new WordCountTask(Arrays.copyOfRange(lines, 0, mid));
    // expect: copy-on-fork
    WordCountTask t2 = new WordCountTask(Arrays.copyOfRange(lines, mid, lines.length));
    t1.fork();
    Map<String, Integer> right = t2.compute();
    // expect: copy-on-join
    Map<String, Integer> result = new HashMap<>(t1.join());
    // expect: copy-on-join
    right.forEach((word, n) -> result.merge(word, n, Integer::sum));
    return result;
  }

  public static void main(String[] args) {
    String[] lines = new String[10_000];
    Arrays.fill(lines, "the quick brown fox jumps over the lazy dog");
    System.out.println(new ForkJoinPool().invoke(new WordCountTask(lines)).get("the"));
  }
}
