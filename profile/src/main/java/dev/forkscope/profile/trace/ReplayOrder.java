package dev.forkscope.profile.trace;

/**
 * Every record's index (creations, then submissions, executions, joins and waits, each in file
 * order) in the order of replay: by time (an execution's start, a wait's start), ties in that index
 * order.
 *
 * <p>Implementation note: each type's records are sorted by time apart (stably, so ties keep file
 * order), and the sorted lists are merged as the replay asks for the next record, the earlier type
 * first at equal times. That is the order one stable sort of all the records by time gives, without
 * a key and an index for all of them at once: only the largest type's key while it is sorted, and
 * an index per record. The largest type is sorted on a thread of its own while the others are
 * sorted on the caller's (then two types' keys are held at once).
 */
final class ReplayOrder {
  private final Columns.Packed[] time;
  private final int[][] byTime;
  private final int[] first;
  private final int[] next;

  /** Per type, the time of its next record; {@link Long#MAX_VALUE} once it has none left. */
  private final long[] nextTime;

  /** {@code time}: per type of record, in index order, the time each record is replayed at. */
  ReplayOrder(Columns.Packed... time) {
    this.time = time;
    byTime = new int[time.length][];
    first = new int[time.length];
    next = new int[time.length];
    nextTime = new long[time.length];
    int largest = 0;
    for (int t = 1; t < time.length; t++) {
      largest = time[t].size() > time[largest].size() ? t : largest;
    }
    Columns.Packed largestTime = time[largest];
    ConcurrentStep<int[], RuntimeException> sortLargest =
        ConcurrentStep.start(
            "forkscope replay order", ConcurrentStep.helps(), () -> sorted(largestTime));
    for (int t = 0; t < time.length; t++) {
      byTime[t] = t == largest ? null : sorted(time[t]);
    }
    byTime[largest] = sortLargest.join();
    for (int t = 0; t < time.length; t++) {
      first[t] = t == 0 ? 0 : first[t - 1] + time[t - 1].size();
      nextTime[t] = timeOfNext(t);
    }
  }

  /**
   * Starts again from the first record, replaying only the records of {@code types} (indices of the
   * constructor's arguments), which come in the same order relative to one another as before: the
   * order is one of (time, type, place in the type's sorted list). The other types' sorted indices
   * are dropped.
   */
  void restartWith(int... types) {
    boolean[] kept = new boolean[time.length];
    for (int t : types) {
      kept[t] = true;
    }
    for (int t = 0; t < time.length; t++) {
      if (!kept[t]) {
        byTime[t] = new int[0];
      }
      next[t] = 0;
      nextTime[t] = timeOfNext(t);
    }
  }

  /** The indices within type {@code type} of its records, in the order of replay. */
  int[] inOrder(int type) {
    return byTime[type];
  }

  /** The next record's index, -1 after the last. */
  int next() {
    int earliest = -1;
    long earliestTime = 0;
    for (int t = 0; t < byTime.length; t++) {
      if (next[t] < byTime[t].length && (earliest < 0 || nextTime[t] < earliestTime)) {
        earliest = t;
        earliestTime = nextTime[t];
      }
    }
    if (earliest < 0) {
      return -1;
    }
    int r = first[earliest] + byTime[earliest][next[earliest]++];
    nextTime[earliest] = timeOfNext(earliest);
    return r;
  }

  private long timeOfNext(int t) {
    return next[t] < byTime[t].length ? time[t].get(byTime[t][next[t]]) : Long.MAX_VALUE;
  }

  private static int[] sorted(Columns.Packed time) {
    long[] key = new long[time.size()];
    for (int i = 0; i < key.length; i++) {
      key[i] = time.get(i);
    }
    return IndexSort.byKey(key);
  }
}
