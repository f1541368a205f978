import java.util.concurrent.ExecutionException;
import java.util.concurrent.RecursiveTask;

class Get extends RecursiveTask<Integer> {
  final int n;

  Get(int n) {
    this.n = n;
  }

  @Override
  protected Integer compute() {
    if (n < 2) return n;
    Get a = new Get(n - 1);
    a.fork();
    try {
      return a.get() + new Get(n - 2).compute();
    } catch (InterruptedException | ExecutionException e) {
      throw new RuntimeException(e);
    }
  }
}
