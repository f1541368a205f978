import java.util.concurrent.RecursiveTask;

class Lost extends RecursiveTask<Long> {
  final int n;

  Lost(int n) {
    this.n = n;
  }

  @Override
  protected Long compute() {
    if (n < 2) return (long) n;
    Lost a = new Lost(n - 1);
    Lost b = new Lost(n - 2);
    a.fork();
    return b.compute();
  }
}
