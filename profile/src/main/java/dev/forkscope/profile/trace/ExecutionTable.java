package dev.forkscope.profile.trace;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * A trace's executions as columns: an immutable {@code List<TaskExecution>} that holds about 116
 * bytes per execution instead of a {@link TaskExecution} of 168 and its reference, and gives each
 * element as a new {@link TaskExecution} when asked. Analyses over millions of executions read it
 * once into the primitive arrays they need and keep no element.
 *
 * <p>Implementation note: one array per field; strings and the (id, name) pairs of threads and
 * executors are interned into small tables and stored as indices; the booleans, the kind and the
 * method share one {@code int} of flags. Every field of a {@link TaskExecution} round-trips
 * exactly, so {@code get(i)} equals the execution added at {@code i}.
 */
public final class ExecutionTable extends AbstractList<TaskExecution> implements RandomAccess {
  private static final int HELPED = 1;
  private static final int VIRTUAL = 2;
  private static final int FORKED = 4;
  private static final int KIND_SHIFT = 3;
  private static final int METHOD_SHIFT = 7;
  private static final TaskExecution.Method[] METHODS = TaskExecution.Method.values();

  /** The 16 possible kinds (thread 1, runnable 2, callable 4, fork/join 8), shared. */
  private static final TaskExecution.Kind[] KINDS = new TaskExecution.Kind[16];

  static {
    for (int k = 0; k < KINDS.length; k++) {
      KINDS[k] = new TaskExecution.Kind((k & 1) != 0, (k & 2) != 0, (k & 4) != 0, (k & 8) != 0);
    }
  }

  private record Named(long id, String name) {}

  private final List<String> classes = new ArrayList<>();
  private final Map<String, Integer> classIndex = new HashMap<>();
  private final List<Named> named = new ArrayList<>();
  private final Map<Named, Integer> namedIndex = new HashMap<>();

  private final long[] taskId;
  private final long[] outerTaskId;
  private final long[] createdNs;
  private final long[] submittedNs;
  private final long[] startNs;
  private final long[] endNs;
  private final long[] selfWallNs;
  private final long[] selfCpuNs;
  private final long[] submissionStampNs;
  private final long[] weight;
  private final int[] taskClass;
  private final int[] executionNumber;
  private final int[] flags;
  private final int[] creationThread;
  private final int[] executionThread;
  private final int[] submissionThread;
  private final int[] executor;
  private final int[] creationSite;
  private final int[] submissionSite;
  private int size;

  /** An empty table with room for {@code capacity} executions, filled by {@link #append}. */
  ExecutionTable(int capacity) {
    taskId = new long[capacity];
    outerTaskId = new long[capacity];
    createdNs = new long[capacity];
    submittedNs = new long[capacity];
    startNs = new long[capacity];
    endNs = new long[capacity];
    selfWallNs = new long[capacity];
    selfCpuNs = new long[capacity];
    submissionStampNs = new long[capacity];
    weight = new long[capacity];
    taskClass = new int[capacity];
    executionNumber = new int[capacity];
    flags = new int[capacity];
    creationThread = new int[capacity];
    executionThread = new int[capacity];
    submissionThread = new int[capacity];
    executor = new int[capacity];
    creationSite = new int[capacity];
    submissionSite = new int[capacity];
  }

  /** {@code executions} as a table: itself when it already is one. */
  public static ExecutionTable copyOf(List<TaskExecution> executions) {
    if (executions instanceof ExecutionTable table) {
      return table;
    }
    ExecutionTable table = new ExecutionTable(executions.size());
    for (TaskExecution e : executions) {
      table.append(e);
    }
    return table;
  }

  /** Adds {@code e} at the end; only while the table is being built. */
  void append(TaskExecution e) {
    int i = size++;
    taskId[i] = e.taskId();
    outerTaskId[i] = e.outerTaskId();
    createdNs[i] = e.createdNs();
    submittedNs[i] = e.submittedNs();
    startNs[i] = e.startNs();
    endNs[i] = e.endNs();
    selfWallNs[i] = e.selfWallNs();
    selfCpuNs[i] = e.selfCpuNs();
    submissionStampNs[i] = e.submissionStampNs();
    weight[i] = e.weight();
    taskClass[i] = classIndex.computeIfAbsent(e.taskClass(), c -> add(classes, c));
    executionNumber[i] = e.executionNumber();
    TaskExecution.Kind k = e.kind();
    int kind =
        (k.thread() ? 1 : 0)
            | (k.runnable() ? 2 : 0)
            | (k.callable() ? 4 : 0)
            | (k.forkJoinTask() ? 8 : 0);
    flags[i] =
        (e.helped() ? HELPED : 0)
            | (e.virtualThread() ? VIRTUAL : 0)
            | (e.forked() ? FORKED : 0)
            | kind << KIND_SHIFT
            | e.method().ordinal() << METHOD_SHIFT;
    creationThread[i] = named(e.creationThreadId(), e.creationThreadName());
    executionThread[i] = named(e.executionThreadId(), e.executionThreadName());
    submissionThread[i] = named(e.submissionThreadId(), null);
    executor[i] = named(e.executorId(), e.executorClass());
    creationSite[i] = e.creationSite();
    submissionSite[i] = e.submissionSite();
  }

  @Override
  public TaskExecution get(int i) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException(i);
    }
    int f = flags[i];
    Named creator = named.get(creationThread[i]);
    Named runner = named.get(executionThread[i]);
    Named pool = named.get(executor[i]);
    return new TaskExecution(
        taskId[i],
        classes.get(taskClass[i]),
        executionNumber[i],
        outerTaskId[i],
        (f & HELPED) != 0,
        creator.id(),
        creator.name(),
        runner.id(),
        runner.name(),
        (f & VIRTUAL) != 0,
        pool.id(),
        pool.name(),
        (f & FORKED) != 0,
        createdNs[i],
        submittedNs[i],
        startNs[i],
        endNs[i],
        selfWallNs[i],
        selfCpuNs[i],
        KINDS[(f >>> KIND_SHIFT) & 0xf],
        METHODS[(f >>> METHOD_SHIFT) & 3],
        creationSite[i],
        submissionSite[i],
        named.get(submissionThread[i]).id(),
        submissionStampNs[i],
        weight[i]);
  }

  @Override
  public int size() {
    return size;
  }

  private int named(long id, String name) {
    return namedIndex.computeIfAbsent(new Named(id, name), n -> add(named, n));
  }

  private static <T> int add(List<T> table, T value) {
    table.add(value);
    return table.size() - 1;
  }
}
