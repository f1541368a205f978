package dev.forkscope.runtime;

/**
 * A {@link Task} that computes a result.
 *
 * <pre>{@code
 * final class Fib extends RecursiveTask<Long> {
 *     final int n;
 *     Fib(int n) { this.n = n; }
 *     protected Long compute() {
 *         if (n < 2) return (long) n;
 *         Fib f1 = new Fib(n - 1);
 *         f1.fork();
 *         return new Fib(n - 2).compute() + f1.join();
 *     }
 * }
 * long fib = pool.invoke(new Fib(30));
 * }</pre>
 *
 * @param <V> the result type
 */
public abstract class RecursiveTask<V> extends Task<V> {
  /** For subclasses. */
  protected RecursiveTask() {}

  /** The computation performed by this task. */
  protected abstract V compute();

  @Override
  final V doCompute() {
    return compute();
  }
}
