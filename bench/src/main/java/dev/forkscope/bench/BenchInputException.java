package dev.forkscope.bench;

/**
 * A suite cannot run with what it was given (a missing input, a thread count of zero): the user's
 * mistake, with a one-line message that says what to give instead.
 */
public final class BenchInputException extends IllegalArgumentException {
  public BenchInputException(String message) {
    super(message);
  }
}
