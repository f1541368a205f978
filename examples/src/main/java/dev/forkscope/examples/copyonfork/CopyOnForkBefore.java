package dev.forkscope.examples.copyonfork;

import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooProgram;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Bottleneck 2, copy on fork: each task copies its half of the array before forking (Fig. 2 of
 * Pinto et al.).
 */
public final class CopyOnForkBefore implements ZooProgram {

  public static void main(String[] args) {
    Zoo.run(new CopyOnForkBefore(), args);
  }

  @Override
  public long compute(int size) {
    User[] users = Users.generate(size);
    ForkJoinPool.commonPool().invoke(new ScoreTask(users));
    return Users.checksum(users);
  }

  @Override
  public int defaultSize() {
    return Users.DEFAULT_SIZE;
  }

  static final class ScoreTask extends RecursiveAction {
    private final User[] u;

    ScoreTask(User[] u) {
      this.u = u;
    }

    @Override
    protected void compute() {
      if (u.length < Users.LEAF_SIZE) {
        Users.score(u, 0, u.length);
      } else {
        int split = u.length / 2;
        User[] u1 = Arrays.copyOfRange(u, 0, split);
        User[] u2 = Arrays.copyOfRange(u, split, u.length);
        invokeAll(new ScoreTask(u1), new ScoreTask(u2));
      }
    }
  }
}
