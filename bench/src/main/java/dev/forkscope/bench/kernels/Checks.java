package dev.forkscope.bench.kernels;

/** Measurement checks shared by the kernels; a failure is an {@link IllegalStateException}. */
final class Checks {
  private Checks() {}

  static void equal(String kernel, long expected, long actual) {
    if (expected != actual) {
      throw new IllegalStateException(kernel + ": expected " + expected + " but got " + actual);
    }
  }

  static void close(String kernel, double[] expected, double[] actual, double relTolerance) {
    for (int i = 0; i < expected.length; i++) {
      double scale = Math.max(1.0, Math.abs(expected[i]));
      if (!(Math.abs(expected[i] - actual[i]) <= relTolerance * scale)) {
        throw new IllegalStateException(
            kernel + ": element " + i + " expected " + expected[i] + " but got " + actual[i]);
      }
    }
  }
}
