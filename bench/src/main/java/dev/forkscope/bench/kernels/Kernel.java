package dev.forkscope.bench.kernels;

/**
 * One benchmark program written once against {@link Dialect}. The harness calls {@link #prepare()}
 * (untimed), then {@link #run(Dialect)} (timed), and {@link #verify()} after a run to check the
 * result against an independent sequential version.
 */
public interface Kernel {

  /** A short name with its size, e.g. {@code fib(34,t=2)}. */
  String name();

  /** Operations one run performs (forks, elements, requests), for per-operation figures. */
  long ops();

  /** Restores the input before a run (for kernels that work in place). */
  default void prepare() {}

  /** Runs once on {@code dialect}, from a thread outside its pool. */
  void run(Dialect dialect);

  /** Throws {@link IllegalStateException} when the last run's result is wrong. */
  void verify();
}
