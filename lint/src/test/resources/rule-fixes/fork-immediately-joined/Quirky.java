import java.util.concurrent.RecursiveTask;

class Quirky extends RecursiveTask<Integer> {
  final int n;

  Quirky(int n) {
    this.n = n;
  }

  @Override
  protected Integer compute() {
    if (n < 2) return n;
    Quirky a = new Quirky(n - 1);
    a.fork();
    int x = a.join();
    return x + n;
  }
}
