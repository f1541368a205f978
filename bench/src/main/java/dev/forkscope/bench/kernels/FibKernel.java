package dev.forkscope.bench.kernels;

/**
 * Lea's Fib (Lea (2000), §2): naive recursive Fibonacci forking {@code fib(n-1)} and computing
 * {@code fib(n-2)} itself, sequential below the threshold. With threshold 2 it measures the cost of
 * a fork plus a join; with 13 it is Lea's coarse setting.
 */
public final class FibKernel implements Kernel {
  private final int n;
  private final int threshold;
  private long result;

  public FibKernel(int n, int threshold) {
    this.n = n;
    this.threshold = threshold;
  }

  @Override
  public String name() {
    return "fib(" + n + ",t=" + threshold + ")";
  }

  /** The number of forks: one per call above the threshold. */
  @Override
  public long ops() {
    long[] forks = new long[n + 1];
    for (int i = threshold + 1; i <= n; i++) {
      forks[i] = 1 + forks[i - 1] + (i - 2 > threshold ? forks[i - 2] : 0);
    }
    return forks[n];
  }

  @Override
  public void run(Dialect d) {
    result = d.invoke(() -> fib(d, n));
  }

  private long fib(Dialect d, int k) {
    if (k <= threshold) {
      return seqFib(k);
    }
    Dialect.Forked<Long> f1 = d.fork(() -> fib(d, k - 1));
    long f2 = fib(d, k - 2);
    return f1.join() + f2;
  }

  static long seqFib(int k) {
    return k <= 1 ? k : seqFib(k - 1) + seqFib(k - 2);
  }

  @Override
  public void verify() {
    long a = 0;
    long b = 1;
    for (int i = 0; i < n; i++) {
      long c = a + b;
      a = b;
      b = c;
    }
    Checks.equal(name(), a, result);
  }
}
