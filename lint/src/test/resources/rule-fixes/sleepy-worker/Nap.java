import java.util.concurrent.RecursiveTask;

class Nap extends RecursiveTask<Long> {
  final int lo, hi;

  Nap(int lo, int hi) {
    this.lo = lo;
    this.hi = hi;
  }

  @Override
  protected Long compute() {
    long sum = 0;
    for (int i = lo; i < hi; i++) {
      long v = i * 31L;
      try {
        Thread.sleep(2);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      sum += v;
    }
    return sum;
  }
}
