package dev.forkscope.examples;

/**
 * One program of the bottleneck zoo. The "before" and "after" variant of a bottleneck compute the
 * same deterministic checksum for the same size, so tests and benchmarks can compare them directly.
 */
public interface ZooProgram {

  /**
   * Runs the program on a problem of the given size (its unit depends on the program) and returns a
   * checksum.
   */
  long compute(int size);

  /** A size at which one run takes roughly 0.2 to 2 seconds on a small machine. */
  int defaultSize();
}
