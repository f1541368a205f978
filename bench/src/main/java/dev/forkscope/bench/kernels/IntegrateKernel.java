package dev.forkscope.bench.kernels;

/**
 * Lea's Integrate (jsr166 {@code Integrate}): adaptive trapezoid quadrature of {@code (x²+1)·x}
 * over [0, end]. The recursion is irregular (it goes deeper where the error is larger); the right
 * half is forked while the interval is wider than {@code forkWidth}.
 */
public final class IntegrateKernel implements Kernel {
  private static final double TOLERANCE = 1.0e-11;

  private final double end;
  private final double forkWidth;
  private double result;
  private double expected = Double.NaN;
  private long calls;

  public IntegrateKernel(double end, double forkWidth) {
    this.end = end;
    this.forkWidth = forkWidth;
  }

  @Override
  public String name() {
    return "integrate(0.." + (long) end + ")";
  }

  /** Operations: evaluations of the function, counted by the sequential reference pass. */
  @Override
  public long ops() {
    reference();
    return calls;
  }

  private void reference() {
    if (Double.isNaN(expected)) {
      long[] counter = new long[1];
      expected = sequential(0, end, f(0), f(end), area(0, end), counter);
      calls = counter[0];
    }
  }

  @Override
  public void run(Dialect d) {
    result = d.invoke(() -> parallel(d, 0, end, f(0), f(end), area(0, end)));
  }

  private double parallel(Dialect d, double l, double r, double fl, double fr, double a) {
    if (r - l <= forkWidth) {
      return sequential(l, r, fl, fr, a, null);
    }
    double h = (r - l) * 0.5;
    double c = l + h;
    double fc = f(c);
    double hh = h * 0.5;
    double al = (fl + fc) * hh;
    double ar = (fr + fc) * hh;
    double alr = al + ar;
    if (Math.abs(alr - a) <= TOLERANCE) {
      return alr;
    }
    Dialect.Forked<Double> right = d.fork(() -> parallel(d, c, r, fc, fr, ar));
    double left = parallel(d, l, c, fl, fc, al);
    return right.join() + left;
  }

  /** The same recursion without forks; {@code calls}, when given, counts function evaluations. */
  private static double sequential(
      double l, double r, double fl, double fr, double a, long[] calls) {
    double h = (r - l) * 0.5;
    double c = l + h;
    double fc = f(c);
    if (calls != null) {
      calls[0]++;
    }
    double hh = h * 0.5;
    double al = (fl + fc) * hh;
    double ar = (fr + fc) * hh;
    double alr = al + ar;
    if (Math.abs(alr - a) <= TOLERANCE) {
      return alr;
    }
    return sequential(c, r, fc, fr, ar, calls) + sequential(l, c, fl, fc, al, calls);
  }

  private static double f(double x) {
    return (x * x + 1.0) * x;
  }

  private static double area(double l, double r) {
    return (f(l) + f(r)) * (r - l) * 0.5;
  }

  @Override
  public void verify() {
    reference();
    if (Double.compare(expected, result) != 0) {
      throw new IllegalStateException(name() + ": expected " + expected + " but got " + result);
    }
  }
}
