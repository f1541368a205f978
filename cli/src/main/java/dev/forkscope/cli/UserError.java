package dev.forkscope.cli;

/**
 * A mistake of the user's (a bad argument, a missing path): reported as one line, exit code 2, no
 * stack trace.
 */
public final class UserError extends RuntimeException {
  public UserError(String message) {
    super(message, null, false, false);
  }
}
