package dev.forkscope.cli;

import java.io.Console;
import java.io.PrintWriter;

/**
 * Progress on the terminal: shown only when the standard streams are an interactive terminal, so
 * output that goes to a file or a pipe stays clean.
 */
final class Terminal {
  private static final long MIN_INTERVAL_NANOS = 100_000_000L;

  private final PrintWriter err;
  private final boolean interactive;
  private long lastNanos;
  private boolean dirty;

  Terminal(PrintWriter err) {
    this(err, isInteractive());
  }

  Terminal(PrintWriter err, boolean interactive) {
    this.err = err;
    this.interactive = interactive;
  }

  /** Overwrites the status line, at most ten times a second; {@code force} skips the throttle. */
  synchronized void status(String text, boolean force) {
    if (!interactive) {
      return;
    }
    long now = System.nanoTime();
    if (!force && dirty && now - lastNanos < MIN_INTERVAL_NANOS) {
      return;
    }
    lastNanos = now;
    dirty = true;
    err.print("\r\033[2K" + text);
    err.flush();
  }

  /** Erases the status line, if one is shown. */
  synchronized void clear() {
    if (interactive && dirty) {
      err.print("\r\033[2K");
      err.flush();
      dirty = false;
    }
  }

  /**
   * True when a console is attached and, on JDK 22 and later (where {@code System.console()} is
   * also returned for redirected streams), when it really is a terminal.
   */
  static boolean isInteractive() {
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
    } catch (NoSuchMethodException e) {
      return true;
    } catch (ReflectiveOperationException e) {
      return false;
    }
  }
}
