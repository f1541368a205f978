package dev.forkscope.profile.attach;

/** Attaching to a running JVM failed; the message is one line for the user. */
public final class AttachException extends Exception {
  private static final long serialVersionUID = 1L;

  AttachException(String message) {
    super(message);
  }
}
