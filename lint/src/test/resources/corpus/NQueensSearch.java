// A backtracking search as fork/join code writes it (N-Queens, puzzle solvers): each child task
// gets its own copy of the partial solution with one more queen placed. The copy is the child's
// state, not a slice of shared data, so index bounds cannot replace it: not copy on fork.
package corpus.queens;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

final class PlaceQueens extends RecursiveTask<Long> {
  private final int n;
  private final int[] columns;
  private final int row;

  PlaceQueens(int n, int[] columns, int row) {
    this.n = n;
    this.columns = columns;
    this.row = row;
  }

  @Override
  protected Long compute() {
    if (row == n) {
      return 1L;
    }
    if (n - row <= 6) {
      return countFrom(columns, row);
    }
    List<PlaceQueens> children = new ArrayList<>();
    for (int col = 0; col < n; col++) {
      if (safe(columns, row, col)) {
        int[] next = columns.clone();
        next[row] = col;
        children.add(new PlaceQueens(n, next, row + 1));
      }
    }
    long total = 0;
    for (PlaceQueens child : invokeAll(children)) {
      total += child.join();
    }
    return total;
  }

  private long countFrom(int[] cols, int r) {
    if (r == n) {
      return 1;
    }
    long count = 0;
    for (int c = 0; c < n; c++) {
      if (safe(cols, r, c)) {
        cols[r] = c;
        count += countFrom(cols, r + 1);
      }
    }
    return count;
  }

  private static boolean safe(int[] cols, int row, int col) {
    for (int r = 0; r < row; r++) {
      if (cols[r] == col || Math.abs(cols[r] - col) == row - r) {
        return false;
      }
    }
    return true;
  }

  static long solutions(int n) {
    return ForkJoinPool.commonPool().invoke(new PlaceQueens(n, new int[n], 0));
  }
}

final class WordLadder extends RecursiveTask<Integer> {
  private final List<String> path;
  private final String target;
  private final int depth;

  WordLadder(List<String> path, String target, int depth) {
    this.path = path;
    this.target = target;
    this.depth = depth;
  }

  @Override
  protected Integer compute() {
    String last = path.get(path.size() - 1);
    if (last.equals(target)) {
      return path.size();
    }
    if (depth == 0) {
      return Integer.MAX_VALUE;
    }
    List<WordLadder> children = new ArrayList<>();
    for (String next : neighbours(last)) {
      if (!path.contains(next)) {
        List<String> longer = new ArrayList<>(path);
        longer.add(next);
        children.add(new WordLadder(longer, target, depth - 1));
      }
    }
    int best = Integer.MAX_VALUE;
    for (WordLadder child : invokeAll(children)) {
      best = Math.min(best, child.join());
    }
    return best;
  }

  private static List<String> neighbours(String word) {
    List<String> out = new ArrayList<>();
    char[] letters = word.toCharArray();
    for (int i = 0; i < letters.length; i++) {
      char original = letters[i];
      letters[i] = original == 'z' ? 'a' : (char) (original + 1);
      out.add(new String(letters));
      letters[i] = original;
    }
    return out;
  }
}
