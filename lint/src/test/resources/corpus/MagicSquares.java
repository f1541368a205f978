// Modelled on MagicSquares (Table II: copy on fork): the candidate first rows (permutations) are
// split among subtasks as subList views of the permutation list.
package corpus.magic;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveTask;

final class SearchSquares extends RecursiveTask<Integer> {
  private static final int LEAF = 4;
  private final List<int[]> firstRows;
  private final List<int[]> allRows;
  private final int n;

  SearchSquares(List<int[]> firstRows, List<int[]> allRows, int n) {
    this.firstRows = firstRows;
    this.allRows = allRows;
    this.n = n;
  }

  @Override
  protected Integer compute() {
    if (firstRows.size() <= LEAF) {
      int found = 0;
      for (int[] row : firstRows) {
        found += countCompletions(row);
      }
      return found;
    }
    int half = firstRows.size() / 2;
    // expect: copy-on-fork
    SearchSquares left = new SearchSquares(firstRows.subList(0, half), allRows, n);
    // expect: copy-on-fork
    SearchSquares right = new SearchSquares(firstRows.subList(half, firstRows.size()), allRows, n);
    left.fork();
    int r = right.compute();
    return r + left.join();
  }

  private int countCompletions(int[] first) {
    int target = 0;
    for (int v : first) {
      target += v;
    }
    int count = 0;
    for (int[] column : allRows) {
      if (column[0] == first[0] && sum(column) == target) {
        count++;
      }
    }
    return count;
  }

  private static int sum(int[] xs) {
    int s = 0;
    for (int x : xs) {
      s += x;
    }
    return s;
  }

  static List<int[]> permutations(int n) {
    List<int[]> out = new ArrayList<>();
    permute(new int[n], new boolean[n * n + 1], 0, n, out);
    return out;
  }

  private static void permute(int[] prefix, boolean[] used, int depth, int n, List<int[]> out) {
    if (depth == n) {
      out.add(prefix.clone());
      return;
    }
    for (int v = 1; v <= n * n && out.size() < 5000; v++) {
      if (!used[v]) {
        used[v] = true;
        prefix[depth] = v;
        permute(prefix, used, depth + 1, n, out);
        used[v] = false;
      }
    }
  }

  public static void main(String[] args) {
    List<int[]> rows = permutations(3);
    System.out.println(new SearchSquares(rows, rows, 3).invoke());
  }
}
