package dev.forkscope.io;

import java.io.IOException;

/**
 * A file cannot be written for a reason the user can mend (its directory does not exist, it is a
 * directory, it is read-only). The message is one line that names the file; front ends report it
 * without a stack trace.
 */
public final class UnwritableFileException extends IOException {
  public UnwritableFileException(String message) {
    super(message);
  }
}
