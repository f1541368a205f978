package dev.forkscope.pekko;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Where a mailbox made runnable on one of the pool's workers is queued; see {@link
 * MailboxExecutor}.
 */
enum DispatchMode {
  /** Onto the scheduling worker's own deque (LIFO): it runs the mailbox next unless stolen. */
  FORK_FIRST("fork-first"),
  /** Onto the pool's shared queues, as Pekko's dispatcher did in Akka 2.5: centralized pooling. */
  SHARED_QUEUE("shared-queue"),
  /** Fork-first while mailboxes are mostly found idle when scheduled, shared otherwise. */
  ADAPTIVE("adaptive");

  private final String key;

  DispatchMode(String key) {
    this.key = key;
  }

  /** The value in {@code application.conf}. */
  String key() {
    return key;
  }

  /** The mode with this configuration value, or null. */
  static DispatchMode of(String key) {
    for (DispatchMode m : values()) {
      if (m.key.equals(key)) {
        return m;
      }
    }
    return null;
  }

  /** The accepted values, for messages. */
  static String keys() {
    return Arrays.stream(values()).map(DispatchMode::key).collect(Collectors.joining(" | "));
  }
}
