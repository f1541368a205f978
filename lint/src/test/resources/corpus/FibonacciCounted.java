// Modelled on the Fibonacci project (Table II: intra-task synchronization): the recursive
// Fibonacci task counts its invocations through a synchronized static method.
package corpus.fibonacci;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

public class FibonacciTask extends RecursiveTask<Long> {
  private static long invocations;
  private final int n;

  public FibonacciTask(int n) {
    this.n = n;
  }

  // expect: intra-task-sync
  private static synchronized void countInvocation() {
    invocations++;
  }

  public static synchronized long invocations() {
    return invocations;
  }

  @Override
  protected Long compute() {
    countInvocation();
    if (n <= 20) {
      return fib(n);
    }
    FibonacciTask f1 = new FibonacciTask(n - 1);
    f1.fork();
    FibonacciTask f2 = new FibonacciTask(n - 2);
    return f2.compute() + f1.join();
  }

  private static long fib(int n) {
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
  }

  public static void main(String[] args) {
    long value = new ForkJoinPool().invoke(new FibonacciTask(40));
    System.out.println(value + " after " + invocations() + " tasks");
  }
}
