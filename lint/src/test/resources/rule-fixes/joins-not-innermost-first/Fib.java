import java.util.concurrent.RecursiveTask;

class Fib extends RecursiveTask<Long> {
  final int n;

  Fib(int n) {
    this.n = n;
  }

  @Override
  protected Long compute() {
    if (n < 20) {
      return slow(n);
    }
    Fib a = new Fib(n - 1);
    Fib b = new Fib(n - 2);
    a.fork();
    b.fork();
    long x = a.join();
    long y = b.join();
    return x + y;
  }

  static long slow(int n) {
    return n < 2 ? n : slow(n - 1) + slow(n - 2);
  }
}
