package dev.forkscope.examples.copyonfork;

import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooProgram;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** Copy on fork, fixed: subtasks share the array and each works on its own [lo, hi) range. */
public final class CopyOnForkAfter implements ZooProgram {

  public static void main(String[] args) {
    Zoo.run(new CopyOnForkAfter(), args);
  }

  @Override
  public long compute(int size) {
    User[] users = Users.generate(size);
    ForkJoinPool.commonPool().invoke(new ScoreTask(users, 0, users.length));
    return Users.checksum(users);
  }

  @Override
  public int defaultSize() {
    return Users.DEFAULT_SIZE;
  }

  static final class ScoreTask extends RecursiveAction {
    private final User[] u;
    private final int lo;
    private final int hi;

    ScoreTask(User[] u, int lo, int hi) {
      this.u = u;
      this.lo = lo;
      this.hi = hi;
    }

    @Override
    protected void compute() {
      if (hi - lo < Users.LEAF_SIZE) {
        Users.score(u, lo, hi);
      } else {
        int split = (lo + hi) >>> 1;
        invokeAll(new ScoreTask(u, lo, split), new ScoreTask(u, split, hi));
      }
    }
  }
}
