package dev.forkscope.lint;

/** Test source of the fork/join shape rules: a task that splits in two and runs a given body. */
final class SplitTask {
  private SplitTask() {}

  /**
   * The file T.java: {@code body} (lines 9 on) with the halves {@code a} and {@code b} in scope,
   *
   * <pre>{@code
   * import java.util.concurrent.*;
   * class T extends RecursiveTask<Integer> {
   *     static final int THRESHOLD = 1000;
   *     final int n;
   *     T(int n) { this.n = n; }
   *     protected Integer compute() {
   *         if (n < THRESHOLD) return n;
   *         T a = new T(n / 2), b = new T(n - n / 2);
   *         <body>
   *     }
   * }
   * }</pre>
   */
  static String source(String body) {
    return """
    import java.util.concurrent.*;
    class T extends RecursiveTask<Integer> {
        static final int THRESHOLD = 1000;
        final int n;
        T(int n) { this.n = n; }
        protected Integer compute() {
            if (n < THRESHOLD) return n;
            T a = new T(n / 2), b = new T(n - n / 2);
    %s
        }
    }
    """
        .formatted(body.indent(8).stripTrailing());
  }
}
