// Modelled on Solitaire (Table II: copy on fork, intra-task synchronization): candidate moves are
// split by copying the move array, and every finished game is recorded through a synchronized
// method of a shared statistics object.
package corpus.solitaire;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

final class Move {
  final int from;
  final int to;

  Move(int from, int to) {
    this.from = from;
    this.to = to;
  }
}

final class Stats {
  private long games;
  private long wins;
  private int bestScore;

  // expect: intra-task-sync
  synchronized void record(boolean won, int score) {
    games++;
    if (won) {
      wins++;
    }
    bestScore = Math.max(bestScore, score);
  }

  synchronized double winRate() {
    return games == 0 ? 0 : (double) wins / games;
  }
}

final class PlayMoves extends RecursiveAction {
  private final Move[] moves;
  private final long seed;
  private final Stats stats;

  PlayMoves(Move[] moves, long seed, Stats stats) {
    this.moves = moves;
    this.seed = seed;
    this.stats = stats;
  }

  @Override
  protected void compute() {
    if (moves.length <= 8) {
      for (Move m : moves) {
        int score = playOut(m, seed);
        stats.record(score > 100, score);
      }
      return;
    }
    int mid = moves.length >>> 1;
    // expect: copy-on-fork
    PlayMoves a = new PlayMoves(Arrays.copyOfRange(moves, 0, mid), seed, stats);
    // expect: copy-on-fork
    PlayMoves b = new PlayMoves(Arrays.copyOfRange(moves, mid, moves.length), seed + 1, stats);
    invokeAll(a, b);
  }

  private static int playOut(Move m, long seed) {
    long x = seed ^ (m.from * 52L + m.to);
    int score = 0;
    for (int i = 0; i < 200; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      score += (int) ((x >>> 60) & 1);
    }
    return score;
  }

  static double simulate(Move[] moves) {
    Stats stats = new Stats();
    ForkJoinPool.commonPool().invoke(new PlayMoves(moves, 7, stats));
    return stats.winRate();
  }
}
