package dev.forkscope.profile.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A trace's executions as columns: an immutable {@code List<TaskExecution>} that holds, for a
 * fork/join trace, about 32 bytes per execution instead of a {@link TaskExecution} of 168 and its
 * reference, and gives each element as a new {@link TaskExecution} when asked. Analyses over
 * millions of executions read the fields they need through the {@link ExecutionList} accessors,
 * which read the columns, and keep no element.
 *
 * <p>Implementation note: one {@link Columns.Packed} column per field, so a field that never varies
 * (no creation time, weight 1, one executor) takes no room, one of small values (class and thread
 * indices, flags) a byte and one of task ids or durations 4 bytes. Strings and the (id, name) pairs
 * of threads and executors are interned into small tables and stored as indices; the booleans, the
 * kind, the method and which of the creation, submission and stamp times are unknown (-1) share one
 * {@code int} of flags. The end is stored as the duration, and the known creation and submission
 * times as their distance before the start, so that they fit 4 bytes; the stamp time (the
 * executor's submission) as its distance before the submission time, which is 0, and takes no room,
 * where the executor's submission is the execution's own, as it mostly is. Every field of a {@link
 * TaskExecution} round-trips exactly, so {@code get(i)} equals the execution added at {@code i}.
 */
public final class ExecutionTable extends ExecutionList {
  private static final int HELPED = 1;
  private static final int VIRTUAL = 2;
  private static final int FORKED = 4;
  private static final int KIND_SHIFT = 3;
  private static final int METHOD_SHIFT = 7;
  private static final int NO_CREATED = 1 << 9;
  private static final int NO_SUBMITTED = 1 << 10;
  private static final int NO_STAMP = 1 << 11;
  private static final TaskExecution.Method[] METHODS = TaskExecution.Method.values();
  private static final int RECENT = 64;

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

  /**
   * The latest pairs interned, by a hash of the pair: a hit (the same id and the same name object)
   * spares making a {@link Named} and hashing it, four times per execution appended.
   */
  private final long[] recentId = new long[RECENT];

  private final String[] recentName = new String[RECENT];
  private final int[] recentIndex = new int[RECENT];

  private final Columns.Packed taskId;
  private final Columns.Packed outerTaskId;
  private final Columns.Packed createdBefore;
  private final Columns.Packed submittedBefore;
  private final Columns.Packed startNs;
  private final Columns.Packed duration;
  private final Columns.Packed selfWallNs;
  private final Columns.Packed selfCpuNs;

  /**
   * How much earlier than the submission time the stamp is: 0 for an execution's own submission.
   */
  private final Columns.Packed stampBeforeSubmitted;

  private final Columns.Packed weight;
  private final Columns.Packed taskClass;
  private final Columns.Packed executionNumber;
  private final Columns.Packed flags;
  private final Columns.Packed creationThread;
  private final Columns.Packed executionThread;
  private final Columns.Packed submissionThread;
  private final Columns.Packed executor;
  private final Columns.Packed creationSite;
  private final Columns.Packed submissionSite;
  private int size;

  /** An empty table with room for {@code capacity} executions, filled by {@link #append}. */
  ExecutionTable(int capacity) {
    taskId = new Columns.Packed(capacity);
    outerTaskId = new Columns.Packed(capacity);
    createdBefore = new Columns.Packed(capacity);
    submittedBefore = new Columns.Packed(capacity);
    startNs = new Columns.Packed(capacity);
    duration = new Columns.Packed(capacity);
    selfWallNs = new Columns.Packed(capacity);
    selfCpuNs = new Columns.Packed(capacity);
    stampBeforeSubmitted = new Columns.Packed(capacity);
    weight = new Columns.Packed(capacity);
    taskClass = new Columns.Packed(capacity);
    executionNumber = new Columns.Packed(capacity);
    flags = new Columns.Packed(capacity);
    creationThread = new Columns.Packed(capacity);
    executionThread = new Columns.Packed(capacity);
    submissionThread = new Columns.Packed(capacity);
    executor = new Columns.Packed(capacity);
    creationSite = new Columns.Packed(capacity);
    submissionSite = new Columns.Packed(capacity);
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
    size++;
    long start = e.startNs();
    taskId.add(e.taskId());
    outerTaskId.add(e.outerTaskId());
    createdBefore.add(before(start, e.createdNs()));
    long submitted = before(start, e.submittedNs());
    submittedBefore.add(submitted);
    startNs.add(start);
    duration.add(e.endNs() - start);
    selfWallNs.add(e.selfWallNs());
    selfCpuNs.add(e.selfCpuNs());
    stampBeforeSubmitted.add(before(start, e.submissionStampNs()) - submitted);
    weight.add(e.weight());
    taskClass.add(index(classIndex, classes, e.taskClass()));
    executionNumber.add(e.executionNumber());
    TaskExecution.Kind k = e.kind();
    int kind =
        (k.thread() ? 1 : 0)
            | (k.runnable() ? 2 : 0)
            | (k.callable() ? 4 : 0)
            | (k.forkJoinTask() ? 8 : 0);
    flags.add(
        (e.helped() ? HELPED : 0)
            | (e.virtualThread() ? VIRTUAL : 0)
            | (e.forked() ? FORKED : 0)
            | kind << KIND_SHIFT
            | e.method().ordinal() << METHOD_SHIFT
            | (e.createdNs() == -1 ? NO_CREATED : 0)
            | (e.submittedNs() == -1 ? NO_SUBMITTED : 0)
            | (e.submissionStampNs() == -1 ? NO_STAMP : 0));
    creationThread.add(named(e.creationThreadId(), e.creationThreadName()));
    executionThread.add(named(e.executionThreadId(), e.executionThreadName()));
    submissionThread.add(named(e.submissionThreadId(), null));
    executor.add(named(e.executorId(), e.executorClass()));
    creationSite.add(e.creationSite());
    submissionSite.add(e.submissionSite());
  }

  /** How long before {@code start} a time is, 0 for an unknown one (-1, kept in the flags). */
  private static long before(long start, long time) {
    return time == -1 ? 0 : start - time;
  }

  /** The time {@code before} ago from {@code start}, or -1 when {@code unknown}. */
  private static long time(long start, long before, boolean unknown) {
    return unknown ? -1 : start - before;
  }

  @Override
  public TaskExecution get(int i) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException(i);
    }
    int f = flags.getInt(i);
    long start = startNs.get(i);
    Named creator = named.get(creationThread.getInt(i));
    Named runner = named.get(executionThread.getInt(i));
    Named pool = named.get(executor.getInt(i));
    return new TaskExecution(
        taskId.get(i),
        classes.get(taskClass.getInt(i)),
        executionNumber.getInt(i),
        outerTaskId.get(i),
        (f & HELPED) != 0,
        creator.id(),
        creator.name(),
        runner.id(),
        runner.name(),
        (f & VIRTUAL) != 0,
        pool.id(),
        pool.name(),
        (f & FORKED) != 0,
        time(start, createdBefore.get(i), (f & NO_CREATED) != 0),
        time(start, submittedBefore.get(i), (f & NO_SUBMITTED) != 0),
        start,
        start + duration.get(i),
        selfWallNs.get(i),
        selfCpuNs.get(i),
        KINDS[(f >>> KIND_SHIFT) & 0xf],
        METHODS[(f >>> METHOD_SHIFT) & 3],
        creationSite.getInt(i),
        submissionSite.getInt(i),
        named.get(submissionThread.getInt(i)).id(),
        time(start, submittedBefore.get(i) + stampBeforeSubmitted.get(i), (f & NO_STAMP) != 0),
        weight.get(i));
  }

  @Override
  public long taskId(int i) {
    return taskId.get(Objects.checkIndex(i, size));
  }

  @Override
  public String taskClass(int i) {
    return classes.get(taskClass.getInt(Objects.checkIndex(i, size)));
  }

  @Override
  public long outerTaskId(int i) {
    return outerTaskId.get(Objects.checkIndex(i, size));
  }

  @Override
  public boolean helped(int i) {
    return (flags.getInt(Objects.checkIndex(i, size)) & HELPED) != 0;
  }

  @Override
  public long executionThreadId(int i) {
    return named.get(executionThread.getInt(Objects.checkIndex(i, size))).id();
  }

  @Override
  public String executionThreadName(int i) {
    return named.get(executionThread.getInt(Objects.checkIndex(i, size))).name();
  }

  @Override
  public long executorId(int i) {
    return named.get(executor.getInt(Objects.checkIndex(i, size))).id();
  }

  @Override
  public String executorClass(int i) {
    return named.get(executor.getInt(Objects.checkIndex(i, size))).name();
  }

  @Override
  public boolean forked(int i) {
    return (flags.getInt(Objects.checkIndex(i, size)) & FORKED) != 0;
  }

  @Override
  public long submittedNs(int i) {
    return time(startNs(i), submittedBefore.get(i), (flags.getInt(i) & NO_SUBMITTED) != 0);
  }

  @Override
  public long startNs(int i) {
    return startNs.get(Objects.checkIndex(i, size));
  }

  @Override
  public long endNs(int i) {
    return startNs(i) + duration.get(i);
  }

  @Override
  public long selfWallNs(int i) {
    return selfWallNs.get(Objects.checkIndex(i, size));
  }

  @Override
  public long selfCpuNs(int i) {
    return selfCpuNs.get(Objects.checkIndex(i, size));
  }

  @Override
  public int creationSite(int i) {
    return creationSite.getInt(Objects.checkIndex(i, size));
  }

  @Override
  public int submissionSite(int i) {
    return submissionSite.getInt(Objects.checkIndex(i, size));
  }

  @Override
  public boolean forkJoinTask(int i) {
    return KINDS[(flags.getInt(Objects.checkIndex(i, size)) >>> KIND_SHIFT) & 0xf].forkJoinTask();
  }

  @Override
  public long weight(int i) {
    return weight.get(Objects.checkIndex(i, size));
  }

  @Override
  public int size() {
    return size;
  }

  private int named(long id, String name) {
    long mixed = (id ^ (name == null ? 0 : name.hashCode())) * 0x9E3779B97F4A7C15L;
    int slot = (int) (mixed >>> 58); // the top bits: RECENT is 64
    if (recentId[slot] == id && recentName[slot] == name && recentIndex[slot] > 0) {
      return recentIndex[slot] - 1;
    }
    int i = index(namedIndex, named, new Named(id, name));
    recentId[slot] = id;
    recentName[slot] = name;
    recentIndex[slot] = i + 1;
    return i;
  }

  /** The index of {@code value} in {@code table}, added to both when new. */
  private static <T> int index(Map<T, Integer> index, List<T> table, T value) {
    Integer i = index.get(value);
    if (i == null) {
      i = table.size();
      table.add(value);
      index.put(value, i);
    }
    return i;
  }
}
