import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

class Spawn extends RecursiveAction {
  final int n;

  Spawn(int n) {
    this.n = n;
  }

  @Override
  protected void compute() {
    if (n == 0) return;
    ForkJoinPool pool = getPool();
    pool.execute(new Spawn(n - 1));
  }
}
