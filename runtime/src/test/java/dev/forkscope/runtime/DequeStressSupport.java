package dev.forkscope.runtime;

/** Helpers shared by the jcstress tests of {@link WorkDeque}. */
final class DequeStressSupport {
  private DequeStressSupport() {}

  /** 0 for "nothing taken", else the element. */
  static int valueOf(Integer element) {
    return element == null ? 0 : element;
  }

  /**
   * Steals everything left (run by an arbiter, after the actors) as a bit mask of elements 1..31.
   */
  static int drain(WorkDeque<Integer> deque) {
    int mask = 0;
    for (Integer x; (x = deque.steal()) != null; ) {
      mask |= 1 << (x - 1);
    }
    return mask;
  }
}
