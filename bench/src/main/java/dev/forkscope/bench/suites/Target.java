package dev.forkscope.bench.suites;

/**
 * One performance target of the runtime (listed in docs/bench.md), checked against ForkJoinPool in
 * the same run.
 *
 * @param id a stable short name, e.g. {@code coarse-wall}
 * @param description what is required, in words
 * @param measured the figure the check used, e.g. {@code 1.03x} or {@code 0.4 ms}
 * @param passed whether the target is met; null when the run did not measure it
 */
record Target(String id, String description, String measured, Boolean passed) {

  /** "pass", "FAIL" or "n/a". */
  String verdict() {
    return passed == null ? "n/a" : passed ? "pass" : "FAIL";
  }
}
