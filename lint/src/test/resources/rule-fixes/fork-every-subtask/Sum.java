import java.util.concurrent.RecursiveTask;

class Sum extends RecursiveTask<Long> {
  final int lo, hi;

  Sum(int lo, int hi) {
    this.lo = lo;
    this.hi = hi;
  }

  @Override
  protected Long compute() {
    if (hi - lo < 1000) {
      long s = 0;
      for (int i = lo; i < hi; i++) s += i;
      return s;
    }
    int mid = (lo + hi) >>> 1;
    Sum left = new Sum(lo, mid);
    Sum right = new Sum(mid, hi);
    left.fork();
    right.fork();
    long r = right.join();
    long l = left.join();
    return l + r;
  }
}
