package dev.forkscope.profile;

import dev.forkscope.profile.trace.ExecutionList;
import dev.forkscope.profile.trace.IndexSort;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Each thread's executions in time order, each with the innermost execution that encloses it on its
 * thread: the one place the analyses work out which execution was running on a thread at a time
 * (the runtime findings, the waits a row sat through, work and span).
 *
 * <p>Implementation note. Columns over the execution indices: {@code start} and {@code end} as
 * given (not copied), {@code order} the indices grouped by thread, each thread's by start (at equal
 * starts the later end first, then by index: an enclosing execution before those it encloses), and
 * {@code parent} per index, found by one walk per thread with a stack of open executions: an
 * execution encloses the next one unless it ended before that one started. The agent's time stamps
 * strictly increase per thread, so nesting by time is exact. Besides start and end, 8 bytes per
 * execution. A lookup at a time is a binary search in the thread's run, then a walk up the parents
 * that ended before that time (at most the nesting depth).
 *
 * <p>The trace's outer task of an execution ({@code TraceLinker}) comes from the agent's own
 * nesting records instead, which hold for an execution that never returned too (it has no end).
 */
final class ThreadTimelines {
  private final long[] start;
  private final long[] end;
  private final int[] order;

  /** Thread index t's run of {@code order} is {@code runStart[t] .. runStart[t + 1] - 1}. */
  private final int[] runStart;

  private final int[] parent;

  /** Thread id to index; null when the caller numbers the threads. */
  private final Map<Long, Integer> threadIndex;

  /**
   * The time lines of executions {@code 0 .. start.length - 1}, execution i from {@code start[i]}
   * to {@code end[i]} on the thread whose index is {@code thread[i]}, below {@code threads}.
   */
  ThreadTimelines(long[] start, long[] end, int[] thread, int threads) {
    this(start, end, thread, threads, null);
  }

  private ThreadTimelines(
      long[] start, long[] end, int[] thread, int threads, Map<Long, Integer> threadIndex) {
    this.start = start;
    this.end = end;
    this.threadIndex = threadIndex;
    int n = start.length;
    runStart = new int[threads + 1];
    for (int t : thread) {
      runStart[t + 1]++;
    }
    for (int t = 1; t <= threads; t++) {
      runStart[t] += runStart[t - 1];
    }
    int[] next = Arrays.copyOf(runStart, threads);
    order = new int[n];
    for (int i = 0; i < n; i++) {
      order[next[thread[i]]++] = i;
    }
    parent = new int[n];
    int[] stack = new int[16];
    for (int t = 0; t < threads; t++) {
      IndexSort.sort(order, runStart[t], runStart[t + 1], start, end);
      int top = 0;
      for (int p = runStart[t]; p < runStart[t + 1]; p++) {
        int i = order[p];
        while (top > 0 && end[stack[top - 1]] < start[i]) {
          top--;
        }
        parent[i] = top > 0 ? stack[top - 1] : -1;
        if (top == stack.length) {
          stack = Arrays.copyOf(stack, top * 2);
        }
        stack[top++] = i;
      }
    }
  }

  /** The time lines of {@code executions}, looked up by thread id. */
  static ThreadTimelines of(ExecutionList executions) {
    int n = executions.size();
    long[] start = new long[n];
    long[] end = new long[n];
    int[] thread = new int[n];
    Map<Long, Integer> index = new HashMap<>();
    for (int i = 0; i < n; i++) {
      start[i] = executions.startNs(i);
      end[i] = executions.endNs(i);
      thread[i] = index.computeIfAbsent(executions.executionThreadId(i), id -> index.size());
    }
    return new ThreadTimelines(start, end, thread, index.size(), index);
  }

  /** The innermost execution enclosing execution {@code i} on its thread, or -1. */
  int parent(int i) {
    return parent[i];
  }

  /** The first position of thread index {@code t}'s run ({@code t} up to the number of threads). */
  int runStart(int t) {
    return runStart[t];
  }

  /** The execution at {@code position} (threads in index order, each thread's by start). */
  int at(int position) {
    return order[position];
  }

  /**
   * The innermost execution running at {@code t} on the thread of the execution at {@code
   * position}, when that is the last of its thread's executions to start at or before {@code t}; -1
   * if none.
   */
  int innermostFrom(int position, long t) {
    int i = order[position];
    while (i >= 0 && end[i] < t) {
      i = parent[i];
    }
    return i;
  }

  /**
   * The innermost execution running at {@code t} on thread {@code threadId}, or -1 (time lines made
   * by {@link #of}, which know the threads by id).
   */
  int innermostAt(long threadId, long t) {
    Integer thread = threadIndex.get(threadId);
    if (thread == null) {
      return -1;
    }
    int from = runStart[thread];
    int p = lastStartingBy(from, runStart[thread + 1], t);
    return p < from ? -1 : innermostFrom(p, t);
  }

  /**
   * Adds to {@code waitedNs}, at the index of the execution innermost at {@code from} on thread
   * {@code threadId}, the part of the wait from {@code from} to {@code to} that no execution nested
   * in it covers: the time it waited and ran nothing (the tasks a join runs while it waits are
   * executions of their own).
   */
  void addWait(long threadId, long from, long to, long[] waitedNs) {
    int owner = innermostAt(threadId, from);
    if (owner < 0) {
      return;
    }
    int thread = threadIndex.get(threadId);
    int last = runStart[thread + 1];
    long nested = 0;
    for (int p = lastStartingBy(runStart[thread], last, from - 1) + 1;
        p < last && start[order[p]] <= to;
        p++) {
      int i = order[p];
      if (parent[i] == owner) {
        nested += Math.min(end[i], to) - Math.max(start[i], from);
      }
    }
    waitedNs[owner] += Math.max(0, to - from - nested);
  }

  /**
   * The last position of {@code from .. to - 1} whose execution starts at or before t, or from - 1.
   */
  private int lastStartingBy(int from, int to, long t) {
    return IndexSort.after(order, from, to, start, t) - 1;
  }
}
