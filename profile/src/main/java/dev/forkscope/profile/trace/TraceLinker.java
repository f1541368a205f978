package dev.forkscope.profile.trace;

import dev.forkscope.agent.contract.TraceFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Links the records of one {@link TraceFile} into a {@link Trace}: its tasks, their executions and
 * their events.
 *
 * <p>Linking: the agent keeps no per-object state, so its records name a task by its class and
 * identity hash code. This linker replays creations, submissions and execution starts in time order
 * (the agent's time stamps strictly increase per thread, so this keeps each thread's program order)
 * and gives each task object a 64-bit id: a creation always starts a new task (so a hash code
 * reused by a later object is a new task); a submission attaches to the latest task with that class
 * and hash, or starts one. An execution takes the oldest task of its key that has a submission not
 * yet paired, else the latest task of its key, else starts one. The k-th execution of a task is its
 * execution number k, and it is paired with the task's earliest submission not yet paired (FIFO),
 * which is exact for a task submitted once and an approximation for one object queued several times
 * at once. An execution with no submission left to pair (a periodic task's later runs) keeps the
 * executor of the task's latest submission, with {@code submittedNs} -1. Two objects of one class
 * alive at once with equal identity hash codes would be merged; with 31-bit hash codes this is rare
 * and only affects linking, not timings.
 *
 * <p>Fork/join tasks are counted at creation, not recorded one by one (unless their creation site
 * was sampled): those created but never submitted nor executed are known only by number, as {@link
 * Trace#unlistedNeverExecuted}; the others have no creation thread (-1) and their creation time is
 * -1. Without a creation record to start a new task, a program with millions of fork/join tasks
 * would see thousands of objects sharing a hash code with an earlier one (the birthday bound: n² /
 * 2³² for n tasks). So the agent marks executions after which a fork/join task was done ({@code
 * isDone()}): a task that is done cannot run again (short of {@code reinitialize()}), so a later
 * submission or execution of its key belongs to a new object, and so does a submission paired, in
 * time order, with a done task (the submitting thread's stamp may precede the earlier object's
 * execution). A fork/join task that never completes, such as an actor mailbox that is executed
 * again and again, stays one task. The price: a fork/join task object run again after {@code
 * reinitialize()} counts as a new task each time.
 *
 * <p>Submissions, joins and waits are also kept as {@link TaskEvent}s (in an {@link EventTable})
 * for the work/span analysis: a join names the latest task of its key at the join's time (the
 * joined task has run by then). The executions are kept in an {@link ExecutionTable}, by end time.
 *
 * <p>Sampled classes (FSTRACE6): the executions, submissions, joins and creations a sampled class
 * left unrecorded have no record at all, so a sampled class's tasks are never listed as never
 * executed (one of them may have a creation or submission record and no execution record only
 * because its execution was not sampled); their number is {@link Trace.Sampling#neverExecuted()},
 * from the exact counts where the trace has them.
 *
 * <p>The agent draws each record of a sampled class independently, so a sampled execution usually
 * has no recorded submission: it takes the executor, fork flag and submitting thread of its class's
 * latest recorded submission (its queue wait stays unknown), so that it counts as submitted, as the
 * unrecorded executions it stands for mostly were.
 *
 * <p>Sites: when an execution's own submission (or creation) was not sampled, it gets the first
 * sampled site of its exact class (each lambda expression has its own class), so that grouping by
 * site works.
 *
 * <p>Implementation note: nothing here is an object per record. The records stay in the file's
 * columns and are named by index; the replay order is by time, creations before submissions,
 * executions, joins and waits at equal times, then file order (see {@link ReplayOrder}). A task is
 * an index into the task columns ({@link Tasks}; its id is the index plus one), which are dropped
 * with the key map once the replay is over: only each task's creation record is kept, for the
 * executions made next. A task's submissions not yet paired with an execution form a FIFO list
 * threaded through {@code nextSubmission}; the tasks of one key that have such submissions form a
 * FIFO list threaded through {@link Tasks#nextWaiting}, whose head and tail are kept per key.
 * Invariant: a task is in its key's waiting list exactly when it has a submission not yet paired,
 * so the task an execution takes from a waiting list is that list's head.
 *
 * <p>Memory: the replay's own structures (the task columns, the key map) are gone before the tables
 * are made. The replay notes only the task of each submission and join; the events are made after
 * it by replaying the submissions, joins and waits again, in the same order ({@link
 * ReplayOrder#restartWith}); each decoded column is dropped ({@link Columns.Packed#drop}) after its
 * last read, before the next table is made.
 */
final class TraceLinker {
  /**
   * The 16 possible kinds (runnable 1, callable 2, fork/join 4, thread 8), shared by all
   * executions.
   */
  private static final TaskExecution.Kind[] KINDS = new TaskExecution.Kind[16];

  static {
    for (int k = 0; k < KINDS.length; k++) {
      KINDS[k] =
          new TaskExecution.Kind(
              (k & TraceFormat.KIND_THREAD) != 0,
              (k & TraceFormat.KIND_RUNNABLE) != 0,
              (k & TraceFormat.KIND_CALLABLE) != 0,
              (k & TraceFormat.KIND_FORK_JOIN) != 0);
    }
  }

  /** The {@link ReplayOrder} type of the executions. */
  private static final int EXECUTIONS = 2;

  /** The {@link ReplayOrder} types that are events: submissions, joins and waits. */
  private static final int[] REPLAYED_EVENTS = {1, 3, 4};

  private final TraceFile file;
  private final Map<Integer, String> names = new HashMap<>();
  private final Map<Integer, Integer> firstCreationSite = new HashMap<>();
  private final Map<Integer, Integer> firstSubmissionSite = new HashMap<>();

  /** Per recorder index, its thread (null when the trace has no THREAD record for it). */
  private final TraceFile.ThreadInfo[] threads;

  private Tasks tasks = new Tasks();

  /** Per task, its CREATE record, -1 if none (no room when no task has one). */
  private final Columns.Packed creation = new Columns.Packed(16);

  /** Per key, its latest task; dropped when the replay is over. */
  private LongIntMap latest = new LongIntMap();

  /** Per key with submissions waiting, the oldest and newest task that has them. */
  private final LongIntMap waitingHead = new LongIntMap();

  private final LongIntMap waitingTail = new LongIntMap();

  /** Per submission, the next one of its task waiting to be paired, -1 for none. */
  private int[] nextSubmission;

  /** The replay's order of the records; dropped once the events are made. */
  private ReplayOrder order;

  /** Per execution record, its task. */
  private int[] taskOf;

  /** Per execution record, its number among its task's executions. */
  private int[] number;

  /**
   * Per execution record, its own submission, also its executor's (>= 0), or -2 minus the
   * submission that names its executor when it has none of its own (-1 for neither).
   */
  private int[] submissionOf;

  /** Per submission, its task; dropped once the events are made. */
  private int[] submitTask;

  /** Per join, its task (-1 for none); dropped once the events are made. */
  private int[] joinTask;

  TraceLinker(TraceFile file) {
    this.file = file;
    for (int c = 0; c < file.creates.size(); c++) {
      if (file.creates.site.getInt(c) >= 0) {
        firstCreationSite.putIfAbsent(
            TraceFile.classOf(file.creates.key.get(c)), file.creates.site.getInt(c));
      }
    }
    for (int s = 0; s < file.submits.size(); s++) {
      if (file.submits.site.getInt(s) >= 0) {
        firstSubmissionSite.putIfAbsent(
            TraceFile.classOf(file.submits.key.get(s)), file.submits.site.getInt(s));
      }
    }
    nextSubmission = new int[file.submits.size()];
    threads = new TraceFile.ThreadInfo[file.recorderIds.size()];
    Arrays.setAll(threads, file::thread);
  }

  /**
   * Links the records, phase by phase: {@link #replay}, {@link #neverExecuted}, {@link #events},
   * {@link #executions}, {@link #callSites}, then {@link #unlisted} and {@link #samplingByName}.
   * What no later phase reads is dropped as soon as it is read last (see the implementation note).
   */
  Trace link(Trace.TraceMeta meta) {
    replay();
    latest = null; // the replay's map, as large as the trace, before what follows
    Map<Integer, long[]> sampledClasses = sampledClasses();
    List<Trace.CreatedTask> neverExecuted = neverExecuted(sampledClasses);
    Map<Integer, Long> knownPerClass = tasksPerClass();
    tasks = null; // all but the creations, before the events and the enclosing tasks
    nextSubmission = null;
    file.creates.key.drop();
    int[] linkedOrder = order.inOrder(EXECUTIONS); // the order the replay linked them in
    order.restartWith(REPLAYED_EVENTS);
    EventTable taskEvents = events(order, submitTask, joinTask);
    order = null; // its sorted indices, before the tables are made
    submitTask = null;
    joinTask = null;
    file.submits.key.drop();
    file.joins.drop();
    file.waits.drop();
    ExecutionTable executions = executions(linkedOrder);
    return new Trace(
        meta,
        executions,
        List.copyOf(neverExecuted),
        Map.copyOf(unlisted(sampledClasses, knownPerClass)),
        List.copyOf(callSites()),
        taskEvents,
        Map.copyOf(samplingByName(sampledClasses)),
        file.blocksRecorded ? blocks() : null);
  }

  /** The BLOCK records with their threads and sites. */
  private List<Trace.Block> blocks() {
    TraceFile.Blocks b = file.blocks;
    Trace.BlockKind[] kinds = Trace.BlockKind.values();
    List<Trace.Block> out = new ArrayList<>(b.size());
    for (int i = 0; i < b.size(); i++) {
      int kind = b.kind.getInt(i);
      out.add(
          new Trace.Block(
              threadId(b.recorder.getInt(i)),
              kind >= 0 && kind < kinds.length ? kinds[kind] : Trace.BlockKind.PARK,
              b.start.get(i),
              b.end.get(i),
              file.sites.getOrDefault(b.site.getInt(i), List.of())));
    }
    b.drop();
    return out;
  }

  /**
   * Replays creations, submissions, executions and joins in time order (waits link nothing) and
   * establishes each record's task: per execution its task, its number among the task's executions
   * and its submission ({@link #submissionOf}); per submission and per join its task. Leaves {@link
   * #order} at the end of the replay.
   */
  private void replay() {
    TraceFile.Execs execs = file.execs;
    TraceFile.Submits submits = file.submits;
    int firstSubmit = file.creates.size();
    int firstExec = firstSubmit + submits.size();
    int firstJoin = firstExec + execs.size();
    int firstWait = firstJoin + file.joins.size();

    int n = execs.size();
    taskOf = new int[n];
    number = new int[n];
    submissionOf = new int[n];
    submitTask = new int[submits.size()];
    joinTask = new int[file.joins.size()];
    LongIntMap lastSubmissionOfClass = new LongIntMap();
    order =
        new ReplayOrder(
            file.creates.time, submits.time, execs.start, file.joins.time, file.waits.start);
    for (int r; (r = order.next()) >= 0; ) {
      if (r < firstSubmit) {
        newTask(file.creates.key.get(r), r);
      } else if (r < firstExec) {
        int s = r - firstSubmit;
        submitTask[s] = submitted(s);
        lastSubmissionOfClass.put(TraceFile.classOf(submits.key.get(s)), s);
      } else if (r < firstJoin) {
        int e = r - firstExec;
        long key = execs.key.get(e);
        int flags = execs.flags.getInt(e);
        int t = executed(key);
        tasks.executed(t, (flags & TraceFormat.F_DONE) != 0);
        int submission = pollSubmission(t, key);
        if (submission >= 0) {
          tasks.lastSubmission.set(t, submission);
        }
        int executor = tasks.lastSubmission.get(t);
        if (executor < 0 && TraceFormat.weight(flags) > 1) {
          executor = lastSubmissionOfClass.get(TraceFile.classOf(key), -1);
        }
        taskOf[e] = t;
        number[e] = tasks.executions(t);
        submissionOf[e] = submission >= 0 ? submission : -2 - executor;
      } else if (r < firstWait) {
        int j = r - firstJoin;
        joinTask[j] = latest.get(file.joins.key.get(j), -1);
      } // a wait links nothing: it is only an event, made with the others below
    }
  }

  /**
   * The tasks created but never executed, of the classes not sampled (a sampled class's are only
   * counted, see {@link #unlisted}), in the order of their ids.
   */
  private List<Trace.CreatedTask> neverExecuted(Map<Integer, long[]> sampledClasses) {
    List<Trace.CreatedTask> neverExecuted = new ArrayList<>();
    for (int t = 0; t < tasks.size(); t++) {
      long key = tasks.key.get(t);
      int classId = TraceFile.classOf(key);
      if (tasks.executions(t) == 0 && !sampledClasses.containsKey(classId)) {
        int c = creation.getInt(t);
        TraceFile.ThreadInfo creator = c < 0 ? null : thread(file.creates.recorder.getInt(c));
        neverExecuted.add(
            new Trace.CreatedTask(
                t + 1,
                name(classId),
                creator == null ? -1 : creator.threadId(),
                c < 0 ? -1 : file.creates.time.get(c),
                c < 0 ? -1 : site(file.creates.site.getInt(c), firstCreationSite, key)));
      }
    }
    return neverExecuted;
  }

  /** The number of tasks the replay made, per class. */
  private Map<Integer, Long> tasksPerClass() {
    Map<Integer, Long> known = new HashMap<>();
    for (int t = 0; t < tasks.size(); t++) {
      known.merge(TraceFile.classOf(tasks.key.get(t)), 1L, Long::sum);
    }
    return known;
  }

  /**
   * The executions by end time, ties in the order the replay linked them ({@code linkedOrder}),
   * each with its task, number, enclosing task, submission and executor.
   */
  private ExecutionTable executions(int[] linkedOrder) {
    TraceFile.Execs execs = file.execs;
    int n = linkedOrder.length;
    long[] linkedEnd = new long[n];
    for (int k = 0; k < n; k++) {
      linkedEnd[k] = execs.end.get(linkedOrder[k]);
    }
    ConcurrentStep<int[], RuntimeException> byEnd =
        ConcurrentStep.start(
            "forkscope end order", ConcurrentStep.helps(), () -> IndexSort.byKey(linkedEnd));
    int[] outer = outerTasks(linkedOrder, taskOf);
    execs.seq.drop();
    execs.parentSeq.drop();
    ExecutionTable executions = new ExecutionTable(n);
    for (int k : byEnd.join()) { // by end, ties in linking order
      int e = linkedOrder[k];
      int submission = submissionOf[e];
      executions.append(
          execution(
              e,
              taskOf[e],
              number[e],
              outer[e] + 1,
              Math.max(submission, -1),
              submission >= -1 ? submission : -2 - submission));
    }
    return executions;
  }

  /** The call sites by id; an id the trace has no stack for gets an empty one. */
  private List<Trace.CallSite> callSites() {
    int siteCount = file.sites.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
    List<Trace.CallSite> sites = new ArrayList<>(siteCount);
    for (int i = 0; i < siteCount; i++) {
      sites.add(new Trace.CallSite(file.sites.getOrDefault(i, List.of())));
    }
    return sites;
  }

  /**
   * Per class name, the tasks known only by number: of a class not sampled, those counted at
   * creation but never recorded ({@code knownPerClass} has the recorded ones); of a sampled class,
   * its tasks never executed.
   */
  private Map<String, Long> unlisted(
      Map<Integer, long[]> sampledClasses, Map<Integer, Long> knownPerClass) {
    Map<String, Long> unlisted = new HashMap<>();
    for (Map.Entry<Integer, Long> counted : file.createdCounts.entrySet()) {
      if (!sampledClasses.containsKey(counted.getKey())) {
        long missing = counted.getValue() - knownPerClass.getOrDefault(counted.getKey(), 0L);
        if (missing > 0) {
          unlisted.merge(name(counted.getKey()), missing, Long::sum);
        }
      }
    }
    for (Map.Entry<Integer, long[]> sampled : sampledClasses.entrySet()) {
      Trace.Sampling s = sampling(sampled.getKey(), sampled.getValue());
      if (s.neverExecuted() > 0) {
        unlisted.merge(name(sampled.getKey()), s.neverExecuted(), Long::sum);
      }
    }
    return unlisted;
  }

  /** Per sampled class name, its exact counts (classes whose names normalise to one add up). */
  private Map<String, Trace.Sampling> samplingByName(Map<Integer, long[]> sampledClasses) {
    Map<String, Trace.Sampling> sampling = new HashMap<>();
    for (Map.Entry<Integer, long[]> sampled : sampledClasses.entrySet()) {
      sampling.merge(
          name(sampled.getKey()),
          sampling(sampled.getKey(), sampled.getValue()),
          TraceLinker::merge);
    }
    return sampling;
  }

  /**
   * The submissions, joins and waits as events, in replay order: {@code order} restarted with those
   * types only ({@link #REPLAYED_EVENTS}) gives them in the order the replay met them. A submission
   * is of task {@code submitTask[s]}, a join of task {@code joinTask[j]} (-1 for none), as the
   * replay found.
   */
  private EventTable events(ReplayOrder order, int[] submitTask, int[] joinTask) {
    TraceFile.Submits submits = file.submits;
    TraceFile.Joins joins = file.joins;
    TraceFile.Waits waits = file.waits;
    int firstExec = file.creates.size() + submits.size();
    int firstWait = firstExec + file.execs.size() + joins.size();
    EventTable events = new EventTable(submits.size() + joins.size() + waits.size());
    for (int r; (r = order.next()) >= 0; ) {
      if (r < firstExec) {
        int s = r - file.creates.size();
        events.append(
            TaskEvent.Type.SUBMIT,
            threadId(submits.recorder.getInt(s)),
            submits.time.get(s),
            submits.time.get(s),
            submitTask[s] + 1,
            (submits.flags.getInt(s) & TraceFormat.F_TIMED) != 0);
      } else if (r < firstWait) {
        int j = r - firstExec - file.execs.size();
        events.append(
            TaskEvent.Type.JOIN,
            threadId(joins.recorder.getInt(j)),
            joins.time.get(j),
            joins.time.get(j),
            joinTask[j] + 1,
            true);
      } else {
        int w = r - firstWait;
        events.append(
            TaskEvent.Type.WAIT,
            threadId(waits.recorder.getInt(w)),
            waits.start.get(w),
            waits.end.get(w),
            0,
            true);
      }
    }
    return events;
  }

  /**
   * Per execution record, the task of the execution that encloses it on its thread (its recorder
   * and {@code parentSeq}), -1 if none; of several records with that recorder and seq (a corrupt
   * trace), the one linked last. {@code linkedOrder} lists the records in linking order.
   *
   * <p>Implementation note: no map from (recorder, seq) to record, which would take tens of bytes
   * per execution: the linking positions are sorted by seq (ties in linking order), then, stably,
   * grouped by recorder by counting; each record's parent is then a binary search in its recorder's
   * run.
   */
  private int[] outerTasks(int[] linkedOrder, int[] taskOf) {
    TraceFile.Execs execs = file.execs;
    int n = linkedOrder.length;
    long[] seq = new long[n];
    for (int k = 0; k < n; k++) {
      seq[k] = execs.seq.get(linkedOrder[k]);
    }
    int[] runStart = new int[file.recorderIds.size() + 2]; // per recorder index + 1
    for (int e = 0; e < n; e++) {
      runStart[execs.recorder.getInt(e) + 2]++;
    }
    for (int r = 1; r < runStart.length; r++) {
      runStart[r] += runStart[r - 1];
    }
    int[] byRecorder = new int[n];
    int[] next = Arrays.copyOf(runStart, runStart.length);
    for (int k : IndexSort.byKey(seq)) {
      byRecorder[next[execs.recorder.getInt(linkedOrder[k]) + 1]++] = k;
    }
    int[] outer = new int[n];
    for (int e = 0; e < n; e++) {
      long parentSeq = execs.parentSeq.get(e);
      int r = execs.recorder.getInt(e) + 1;
      int k = parentSeq == 0 ? -1 : last(byRecorder, runStart[r], runStart[r + 1], seq, parentSeq);
      outer[e] = k < 0 ? -1 : taskOf[linkedOrder[k]];
    }
    return outer;
  }

  /**
   * The last of {@code sorted[from .. to - 1]}, indices in ascending order of {@code key}, whose
   * key is {@code value}, or -1.
   */
  private static int last(int[] sorted, int from, int to, long[] key, long value) {
    int lo = IndexSort.after(sorted, from, to, key, value);
    return lo > from && key[sorted[lo - 1]] == value ? sorted[lo - 1] : -1;
  }

  /**
   * Classes the agent sampled (a COUNTS record, or an execution recorded as a sample), each with
   * {recorded executions, largest period seen}.
   */
  private Map<Integer, long[]> sampledClasses() {
    Map<Integer, long[]> recorded = new HashMap<>();
    long[] last = null;
    int lastClass = -1;
    for (int e = 0; e < file.execs.size(); e++) {
      int classId = TraceFile.classOf(file.execs.key.get(e));
      if (last == null || classId != lastClass) {
        last = recorded.computeIfAbsent(classId, id -> new long[] {0, 1});
        lastClass = classId;
      }
      last[0]++;
      last[1] = Math.max(last[1], TraceFormat.weight(file.execs.flags.getInt(e)));
    }
    Map<Integer, long[]> sampled = new HashMap<>();
    for (Map.Entry<Integer, long[]> r : recorded.entrySet()) {
      if (r.getValue()[1] > 1 || file.counts.containsKey(r.getKey())) {
        sampled.put(r.getKey(), r.getValue());
      }
    }
    for (Integer classId : file.counts.keySet()) {
      sampled.putIfAbsent(classId, new long[] {0, 1});
    }
    return sampled;
  }

  /**
   * A sampled class's exact counts: from its COUNTS record, or unknown (-1) when the trace ended
   * before the agent wrote it; fork/join tasks never executed are those created (every creation is
   * counted) minus those executed.
   */
  private Trace.Sampling sampling(int classId, long[] recorded) {
    TraceFile.Counts counts = file.counts.get(classId);
    if (counts == null) {
      return new Trace.Sampling(-1, -1, recorded[1], -1);
    }
    Long created = file.createdCounts.get(classId);
    long executed = recorded[0] + counts.unrecordedExecutions();
    return new Trace.Sampling(
        counts.unrecordedExecutions(),
        counts.unrecordedCreations(),
        Math.max(counts.period(), recorded[1]),
        created == null ? -1 : Math.max(0, created - executed));
  }

  private TraceFile.ThreadInfo thread(int recorder) {
    return recorder < 0 ? null : threads[recorder];
  }

  private long threadId(int recorder) {
    TraceFile.ThreadInfo info = thread(recorder);
    return info == null ? -1 : info.threadId();
  }

  /**
   * Execution record {@code e} of task {@code t}: {@code submission} its own submission (-1 if none
   * was left to pair with), {@code executor} the submission that names its executor (the task's
   * latest so far, or its sampled class's latest), -1 if none.
   */
  private TaskExecution execution(
      int e, int t, int number, long outer, int submission, int executor) {
    TraceFile.Execs execs = file.execs;
    TraceFile.Submits submits = file.submits;
    int flags = execs.flags.getInt(e);
    long key = execs.key.get(e);
    TraceFile.ThreadInfo runner = thread(execs.recorder.getInt(e));
    int c = creation.getInt(t);
    TraceFile.ThreadInfo creator = c < 0 ? null : thread(file.creates.recorder.getInt(c));
    TraceFile.ThreadInfo submitter =
        executor < 0 ? null : thread(submits.recorder.getInt(executor));
    int kinds = flags >>> TraceFormat.KIND_SHIFT;
    boolean threadTask = (flags & TraceFormat.F_THREAD_TASK) != 0;
    TaskExecution.Kind kind = KINDS[(kinds & 0xf) | (threadTask ? TraceFormat.KIND_THREAD : 0)];
    TaskExecution.Method method =
        TaskExecution.Method.values()[Math.min(flags & TraceFormat.F_METHOD, 2)];
    return new TaskExecution(
        t + 1,
        name(TraceFile.classOf(key)),
        number,
        outer,
        (flags & TraceFormat.F_HELPED) != 0,
        creator == null ? -1 : creator.threadId(),
        creator == null ? null : creator.name(),
        runner == null ? -1 : runner.threadId(),
        runner == null ? null : runner.name(),
        (flags & TraceFormat.F_VIRTUAL) != 0 || (runner != null && runner.virtual()),
        executor < 0 ? -1 : submits.executorKey.get(executor),
        executor < 0 ? null : name(TraceFile.classOf(submits.executorKey.get(executor))),
        executor >= 0 && (submits.flags.getInt(executor) & TraceFormat.F_FORKED) != 0,
        c < 0 ? -1 : file.creates.time.get(c),
        submission < 0 || (submits.flags.getInt(submission) & TraceFormat.F_TIMED) == 0
            ? -1
            : submits.time.get(submission),
        execs.start.get(e),
        execs.end.get(e),
        execs.selfWall.get(e),
        (flags & TraceFormat.F_CPU) != 0 ? execs.selfCpu.get(e) : -1,
        kind,
        method,
        c < 0 ? -1 : site(file.creates.site.getInt(c), firstCreationSite, key),
        executor < 0 ? -1 : site(submits.site.getInt(executor), firstSubmissionSite, key),
        submitter == null ? -1 : submitter.threadId(),
        executor < 0 ? -1 : submits.time.get(executor),
        TraceFormat.weight(flags));
  }

  private static int site(int own, Map<Integer, Integer> firstOfClass, long key) {
    return own >= 0 ? own : firstOfClass.getOrDefault(TraceFile.classOf(key), -1);
  }

  private String name(int classId) {
    return names.computeIfAbsent(
        classId,
        id -> TraceReader.normalizeClassName(file.classes.getOrDefault(id, "?class" + id)));
  }

  private int submitted(int s) {
    long key = file.submits.key.get(s);
    int t = latest.get(key, -1);
    if (t < 0 || tasks.done(t)) {
      t = newTask(key, -1);
    }
    nextSubmission[s] = -1;
    if (tasks.firstSubmission.get(t) < 0) {
      tasks.firstSubmission.set(t, s);
      int tail = waitingTail.get(key, -1);
      if (tail < 0) {
        waitingHead.put(key, t);
      } else {
        tasks.nextWaiting.set(tail, t);
      }
      waitingTail.put(key, t);
    } else {
      nextSubmission[tasks.lastWaitingSubmission.get(t)] = s;
    }
    tasks.lastWaitingSubmission.set(t, s);
    return t;
  }

  private int executed(long key) {
    int head = waitingHead.get(key, -1);
    if (head >= 0) {
      if (!tasks.done(head)) {
        return head;
      }
      int t = newTask(key, -1); // the head's waiting submissions were another object's
      tasks.firstSubmission.set(t, tasks.firstSubmission.get(head));
      tasks.lastWaitingSubmission.set(t, tasks.lastWaitingSubmission.get(head));
      tasks.firstSubmission.set(head, -1);
      tasks.nextWaiting.set(t, tasks.nextWaiting.get(head));
      tasks.nextWaiting.set(head, -1);
      waitingHead.put(key, t);
      if (waitingTail.get(key, -1) == head) {
        waitingTail.put(key, t);
      }
      return t;
    }
    int t = latest.get(key, -1);
    return t < 0 || tasks.done(t) ? newTask(key, -1) : t;
  }

  /**
   * Takes task {@code t}'s oldest submission not yet paired, -1 if none; a task left with none
   * leaves its key's waiting list, whose head it is (see the implementation note).
   */
  private int pollSubmission(int t, long key) {
    int s = tasks.firstSubmission.get(t);
    if (s < 0) {
      return -1;
    }
    int next = nextSubmission[s];
    tasks.firstSubmission.set(t, next);
    if (next < 0) {
      int after = tasks.nextWaiting.get(t);
      tasks.nextWaiting.set(t, -1);
      if (after < 0) {
        waitingHead.remove(key); // the maps hold only keys with work queued: few at a time
        waitingTail.remove(key);
      } else {
        waitingHead.put(key, after);
      }
    }
    return s;
  }

  /** A new task of {@code key}, made by CREATE record {@code created} (-1 if none). */
  private int newTask(long key, int created) {
    int t = tasks.add(key);
    creation.add(created);
    latest.put(key, t);
    return t;
  }

  /** The linker's tasks, a column per field; a task's index is its id minus one. */
  private static final class Tasks {
    final Columns.Packed key = new Columns.Packed(16);

    /**
     * Its executions so far, shifted left by one, and in the low bit 1 for a fork/join task whose
     * latest execution left it done: it cannot run again.
     */
    private final Columns.Ints executionsAndDone = new Columns.Ints();

    /** Its latest submission paired with an execution, -1 if none. */
    final Columns.Ints lastSubmission = new Columns.Ints();

    /** The oldest and newest of its submissions not yet paired, -1 if none. */
    final Columns.Ints firstSubmission = new Columns.Ints();

    final Columns.Ints lastWaitingSubmission = new Columns.Ints();

    /** The next task of its key in the waiting list, -1 if none. */
    final Columns.Ints nextWaiting = new Columns.Ints();

    int add(long taskKey) {
      key.add(taskKey);
      executionsAndDone.add(0);
      lastSubmission.add(-1);
      firstSubmission.add(-1);
      lastWaitingSubmission.add(-1);
      nextWaiting.add(-1);
      return key.size() - 1;
    }

    int size() {
      return key.size();
    }

    int executions(int t) {
      return executionsAndDone.get(t) >>> 1;
    }

    boolean done(int t) {
      return (executionsAndDone.get(t) & 1) != 0;
    }

    /** Counts an execution of task {@code t}, after which it is {@code done} or not. */
    void executed(int t, boolean done) {
      executionsAndDone.set(t, (executions(t) + 1) << 1 | (done ? 1 : 0));
    }
  }

  /** Two classes whose names normalise to one (lambdas): their counts add up. */
  private static Trace.Sampling merge(Trace.Sampling a, Trace.Sampling b) {
    boolean known = a.unrecordedExecutions() >= 0 && b.unrecordedExecutions() >= 0;
    return new Trace.Sampling(
        known ? a.unrecordedExecutions() + b.unrecordedExecutions() : -1,
        known ? a.unrecordedCreations() + b.unrecordedCreations() : -1,
        Math.max(a.period(), b.period()),
        a.neverExecuted() >= 0 && b.neverExecuted() >= 0
            ? a.neverExecuted() + b.neverExecuted()
            : -1);
  }
}
