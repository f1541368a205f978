package dev.forkscope.profile.trace;

/**
 * A step of reading or analysing a trace run on a thread of its own beside the caller's, or in the
 * caller's when there is one processor or memory does not allow both at once: steps that share
 * nothing but what neither writes, such as sorting one type of record beside the others, work/span
 * beside the class profiles, or {@code tasks.csv} beside the analysis.
 *
 * <p>Either way the step's result is the same: it reads only what no step writes. What it throws is
 * thrown by {@link #join} as it was, an {@link OutOfMemoryError} included (the callers turn that
 * into "too large for the heap").
 *
 * @param <T> the step's result
 * @param <E> what the step may throw besides unchecked exceptions
 */
public final class ConcurrentStep<T, E extends Exception> {

  /** A step: a computation that may fail with an {@code E}. */
  @FunctionalInterface
  public interface Step<T, E extends Exception> {
    T run() throws E;
  }

  private final Thread thread;
  private T result;
  private Throwable failure;

  private ConcurrentStep(String name, Step<T, E> step, boolean concurrently) {
    Runnable run =
        () -> {
          try {
            result = step.run();
          } catch (Throwable t) { // rethrown by join, in the caller's thread
            failure = t;
          }
        };
    if (concurrently) {
      thread = new Thread(run, name);
      thread.setDaemon(true);
      thread.start();
    } else {
      thread = null;
      run.run();
    }
  }

  /** Whether a step beside the caller's can run at once: the JVM has more than one processor. */
  public static boolean helps() {
    return Runtime.getRuntime().availableProcessors() > 1;
  }

  /**
   * Starts {@code step} on a new thread named {@code name} when {@code concurrently}, else runs it
   * now in the caller's.
   */
  public static <T, E extends Exception> ConcurrentStep<T, E> start(
      String name, boolean concurrently, Step<T, E> step) {
    return new ConcurrentStep<>(name, step, concurrently);
  }

  /**
   * Waits for the step to end, then gives its result or throws what it threw. An interrupt while
   * waiting is kept (the thread's interrupt status is set again) and the wait goes on: the step
   * holds the trace, and its result is the caller's next step.
   */
  @SuppressWarnings("unchecked") // the step throws nothing checked but an E
  public T join() throws E {
    boolean interrupted = false;
    while (thread != null && thread.isAlive()) {
      try {
        thread.join(); // also makes the step's writes visible here
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    if (failure instanceof RuntimeException e) {
      throw e;
    }
    if (failure instanceof Error e) {
      throw e;
    }
    if (failure != null) {
      throw (E) failure;
    }
    return result;
  }
}
