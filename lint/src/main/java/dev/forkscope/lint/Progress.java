package dev.forkscope.lint;

/**
 * Receives progress while files are analysed; called from worker threads, so implementations must
 * be thread-safe.
 */
@FunctionalInterface
public interface Progress {
  /** Reports that {@code done} of {@code total} files have been processed. */
  void filesDone(int done, int total);

  /** Ignores all progress. */
  Progress NONE = (done, total) -> {};
}
