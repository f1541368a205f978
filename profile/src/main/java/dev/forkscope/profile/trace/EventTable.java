package dev.forkscope.profile.trace;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A trace's submission, join and wait events as columns: an immutable {@code List<TaskEvent>} of
 * about 18 bytes per event instead of a {@link TaskEvent} of 56 and its reference, which gives each
 * element as a new {@link TaskEvent} when asked, and each field of one, read from its column, by
 * the accessors that analyses walking millions of events use.
 *
 * <p>Implementation note: one {@link Columns.Packed} column per field but the type; thread ids are
 * interned into a small table and stored as indices, the type and the {@code timed} flag share one
 * byte, and the end is stored as the duration (0 but for waits). Every field round-trips exactly,
 * so {@code get(i)} equals the event added at {@code i}.
 */
public final class EventTable extends AbstractList<TaskEvent> implements RandomAccess {
  private static final int TIMED = 4;
  private static final TaskEvent.Type[] TYPES = TaskEvent.Type.values();

  private final List<Long> threads = new ArrayList<>();
  private final LongIntMap threadIndex = new LongIntMap();
  private final byte[] typeAndTimed;
  private final Columns.Packed thread;
  private final Columns.Packed timeNs;
  private final Columns.Packed duration;
  private final Columns.Packed taskId;
  private int size;

  /** An empty table with room for {@code capacity} events, filled by {@link #append}. */
  EventTable(int capacity) {
    typeAndTimed = new byte[capacity];
    thread = new Columns.Packed(capacity);
    timeNs = new Columns.Packed(capacity);
    duration = new Columns.Packed(capacity);
    taskId = new Columns.Packed(capacity);
  }

  /** {@code events} as a table: itself when it already is one. */
  public static EventTable copyOf(List<TaskEvent> events) {
    if (events instanceof EventTable table) {
      return table;
    }
    EventTable table = new EventTable(events.size());
    for (TaskEvent e : events) {
      table.append(e.type(), e.threadId(), e.timeNs(), e.endNs(), e.taskId(), e.timed());
    }
    return table;
  }

  /** Adds an event at the end; only while the table is being built. */
  void append(TaskEvent.Type type, long threadId, long time, long end, long task, boolean timed) {
    int i = size++;
    typeAndTimed[i] = (byte) (type.ordinal() | (timed ? TIMED : 0));
    int t = threadIndex.get(threadId, -1);
    if (t < 0) {
      t = threads.size();
      threads.add(threadId);
      threadIndex.put(threadId, t);
    }
    thread.add(t);
    timeNs.add(time);
    duration.add(end - time);
    taskId.add(task);
  }

  @Override
  public TaskEvent get(int i) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException(i);
    }
    return new TaskEvent(
        TYPES[typeAndTimed[i] & 3],
        threads.get(thread.getInt(i)),
        timeNs.get(i),
        timeNs.get(i) + duration.get(i),
        taskId.get(i),
        (typeAndTimed[i] & TIMED) != 0);
  }

  /** {@code get(i).type()}. */
  public TaskEvent.Type type(int i) {
    return TYPES[typeAndTimed[Objects.checkIndex(i, size)] & 3];
  }

  /** {@code get(i).threadId()}. */
  public long threadId(int i) {
    return threads.get(thread.getInt(Objects.checkIndex(i, size)));
  }

  /** {@code get(i).timeNs()}. */
  public long timeNs(int i) {
    return timeNs.get(Objects.checkIndex(i, size));
  }

  /** {@code get(i).endNs()}. */
  public long endNs(int i) {
    return timeNs(i) + duration.get(i);
  }

  /** {@code get(i).taskId()}. */
  public long taskId(int i) {
    return taskId.get(Objects.checkIndex(i, size));
  }

  @Override
  public int size() {
    return size;
  }
}
