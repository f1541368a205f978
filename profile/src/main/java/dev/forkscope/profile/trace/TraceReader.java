package dev.forkscope.profile.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a trace directory written by the forkscope agent ({@code trace.bin} and {@code meta.json})
 * into a {@link Trace}.
 *
 * <p>Linking: the agent keeps no per-object state, so its records name a task by its class and
 * identity hash code. This reader replays creations, submissions and execution starts in time order
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
 * <p>Submissions, joins and waits are also kept as {@link TaskEvent}s for the work/span analysis: a
 * join names the latest task of its key at the join's time (the joined task has run by then).
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
 */
public final class TraceReader {
  /**
   * The 16 possible kinds (runnable 1, callable 2, fork/join 4, thread 8), shared by all
   * executions.
   */
  private static final TaskExecution.Kind[] KINDS = new TaskExecution.Kind[16];

  static {
    for (int k = 0; k < KINDS.length; k++) {
      KINDS[k] = new TaskExecution.Kind((k & 8) != 0, (k & 1) != 0, (k & 2) != 0, (k & 4) != 0);
    }
  }

  private static final Pattern LAMBDA_SUFFIX =
      Pattern.compile("\\$\\$Lambda(\\$\\d+)?/0x[0-9a-fA-F]+$");

  private TraceReader() {}

  /**
   * Reads {@code dir}.
   *
   * @throws NoSuchFileException when {@code dir/trace.bin} or {@code dir/meta.json} does not exist
   * @throws IOException when a file is not a forkscope trace or cannot be read
   */
  public static Trace read(Path dir) throws IOException {
    Path bin = dir.resolve("trace.bin");
    Path metaFile = dir.resolve("meta.json");
    if (!Files.isRegularFile(bin)) {
      throw new NoSuchFileException(bin.toString(), null, "no forkscope trace here");
    }
    if (!Files.isRegularFile(metaFile)) {
      throw new NoSuchFileException(metaFile.toString(), null, "no forkscope trace meta data here");
    }
    Trace.TraceMeta meta = readMeta(metaFile);
    TraceFile file = TraceFile.read(bin);
    return new Linker(file).link(meta);
  }

  /**
   * {@code Foo$$Lambda$12/0x...} (JDK 17) and {@code Foo$$Lambda/0x...} (JDK 21+) become {@code
   * Foo$$Lambda}.
   */
  public static String normalizeClassName(String name) {
    return LAMBDA_SUFFIX.matcher(name).replaceFirst(Matcher.quoteReplacement("$$Lambda"));
  }

  private static Trace.TraceMeta readMeta(Path file) throws IOException {
    JsonNode m;
    try {
      m = new ObjectMapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new IOException(file + " is not valid trace meta data: " + e.getMessage(), e);
    }
    if (m == null || !m.has("format")) {
      throw new IOException(file + " is not forkscope trace meta data");
    }
    Map<String, String> settings = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = m.path("settings").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      settings.put(e.getKey(), e.getValue().asText());
    }
    return new Trace.TraceMeta(
        m.path("jdk").asText("?"),
        m.path("cpus").asInt(1),
        m.path("cpuMode").asText("off"),
        m.path("contexts").asBoolean(false),
        m.path("startNs").asLong(-1),
        m.path("endNs").asLong(-1),
        m.path("overheadPerTaskNs").asLong(-1),
        m.path("dropped").asLong(0),
        Map.copyOf(settings),
        m.has("windowStartNs")
            ? new Trace.Window(
                m.path("windowStartNs").asLong(-1),
                m.path("windowEndNs").asLong(-1),
                m.path("partialExecutions").asLong(-1))
            : null);
  }

  /** Replays one file's records; see the class comment. */
  private static final class Linker {
    private final TraceFile file;
    private final Map<Integer, String> names = new HashMap<>();
    private final Map<Integer, Integer> firstCreationSite = new HashMap<>();
    private final Map<Integer, Integer> firstSubmissionSite = new HashMap<>();
    private final Map<Long, Task> latest = new HashMap<>();

    /** Per key, the tasks with submissions not yet paired with an execution, oldest first. */
    private final Map<Long, ArrayDeque<Task>> waiting = new HashMap<>();

    private final List<Task> tasks = new ArrayList<>();
    private long nextTaskId = 1;

    Linker(TraceFile file) {
      this.file = file;
      for (TraceFile.Create c : file.creates) {
        if (c.site() >= 0) {
          firstCreationSite.putIfAbsent(TraceFile.classOf(c.key()), c.site());
        }
      }
      for (TraceFile.Submit s : file.submits) {
        if (s.site() >= 0) {
          firstSubmissionSite.putIfAbsent(TraceFile.classOf(s.key()), s.site());
        }
      }
    }

    Trace link(Trace.TraceMeta meta) {
      List<Event> events =
          new ArrayList<>(
              file.creates.size() + file.submits.size() + file.execs.size() + file.joins.size());
      file.creates.forEach(c -> events.add(new Event(c.timeNs(), 0, c)));
      file.submits.forEach(s -> events.add(new Event(s.timeNs(), 1, s)));
      file.execs.forEach(e -> events.add(new Event(e.startNs(), 2, e)));
      file.joins.forEach(j -> events.add(new Event(j.timeNs(), 3, j)));
      file.waits.forEach(w -> events.add(new Event(w.startNs(), 4, w)));
      events.sort(Comparator.comparingLong(Event::time).thenComparingInt(Event::order));
      List<TaskEvent> taskEvents =
          new ArrayList<>(file.submits.size() + file.joins.size() + file.waits.size());

      Map<Long, Map<Long, Long>> taskOfExecution = new HashMap<>();
      Map<Integer, TraceFile.Submit> lastSubmissionOfClass = new HashMap<>();
      List<Pending> pending = new ArrayList<>(file.execs.size());
      for (Event ev : events) {
        if (ev.record() instanceof TraceFile.Create c) {
          Task t = newTask(c.key());
          t.creation = c;
        } else if (ev.record() instanceof TraceFile.Submit s) {
          Task t = submitted(s);
          lastSubmissionOfClass.put(TraceFile.classOf(s.key()), s);
          taskEvents.add(
              new TaskEvent(
                  TaskEvent.Type.SUBMIT,
                  threadId(s.recorder()),
                  s.timeNs(),
                  s.timeNs(),
                  t.id,
                  (s.flags() & TraceFile.F_TIMED) != 0));
        } else if (ev.record() instanceof TraceFile.Join j) {
          Task t = latest.get(j.key());
          taskEvents.add(
              new TaskEvent(
                  TaskEvent.Type.JOIN,
                  threadId(j.recorder()),
                  j.timeNs(),
                  j.timeNs(),
                  t == null ? 0 : t.id,
                  true));
        } else if (ev.record() instanceof TraceFile.Wait w) {
          taskEvents.add(
              new TaskEvent(
                  TaskEvent.Type.WAIT, threadId(w.recorder()), w.startNs(), w.endNs(), 0, true));
        } else {
          TraceFile.Exec e = (TraceFile.Exec) ev.record();
          Task t = executed(e.key());
          t.executions++;
          t.done = (e.flags() & TraceFile.F_DONE) != 0;
          TraceFile.Submit submission = t.submissions.poll();
          if (submission != null && t.submissions.isEmpty()) {
            ArrayDeque<Task> queue = waiting.get(t.key);
            queue.poll();
            if (queue.isEmpty()) {
              waiting.remove(t.key); // the map holds only keys with work queued: few at a time
            }
          }
          if (submission != null) {
            t.lastSubmission = submission;
          }
          TraceFile.Submit executor = t.lastSubmission;
          if (executor == null && TraceFile.weight(e.flags()) > 1) {
            executor = lastSubmissionOfClass.get(TraceFile.classOf(e.key()));
          }
          pending.add(new Pending(e, t, t.executions, submission, executor));
          taskOfExecution.computeIfAbsent(e.recorder(), r -> new HashMap<>()).put(e.seq(), t.id);
        }
      }

      List<TaskExecution> executions = new ArrayList<>(pending.size());
      for (Pending p : pending) {
        long outer = 0;
        if (p.exec.parentSeq() != 0) {
          outer =
              taskOfExecution
                  .getOrDefault(p.exec.recorder(), Map.of())
                  .getOrDefault(p.exec.parentSeq(), 0L);
        }
        executions.add(execution(p, outer));
      }
      executions.sort(Comparator.comparingLong(TaskExecution::endNs));

      Map<Integer, long[]> sampledClasses = sampledClasses(pending);
      List<Trace.CreatedTask> neverExecuted = new ArrayList<>();
      Map<Integer, Long> knownPerClass = new HashMap<>();
      for (Task t : tasks) {
        int classId = TraceFile.classOf(t.key);
        knownPerClass.merge(classId, 1L, Long::sum);
        if (t.executions == 0 && !sampledClasses.containsKey(classId)) {
          TraceFile.Create c = t.creation;
          TraceFile.ThreadInfo creator = c == null ? null : file.threads.get(c.recorder());
          neverExecuted.add(
              new Trace.CreatedTask(
                  t.id,
                  name(classId),
                  creator == null ? -1 : creator.threadId(),
                  c == null ? -1 : c.timeNs(),
                  c == null ? -1 : site(c.site(), firstCreationSite, t.key)));
        }
      }
      int siteCount = file.sites.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
      List<Trace.CallSite> sites = new ArrayList<>(siteCount);
      for (int i = 0; i < siteCount; i++) {
        sites.add(new Trace.CallSite(file.sites.getOrDefault(i, List.of())));
      }
      Map<String, Long> unlisted = new HashMap<>();
      for (Map.Entry<Integer, Long> counted : file.createdCounts.entrySet()) {
        if (!sampledClasses.containsKey(counted.getKey())) {
          long n = counted.getValue() - knownPerClass.getOrDefault(counted.getKey(), 0L);
          if (n > 0) {
            unlisted.merge(name(counted.getKey()), n, Long::sum);
          }
        }
      }
      Map<String, Trace.Sampling> sampling = new HashMap<>();
      for (Map.Entry<Integer, long[]> sampled : sampledClasses.entrySet()) {
        Trace.Sampling s = sampling(sampled.getKey(), sampled.getValue());
        sampling.merge(name(sampled.getKey()), s, TraceReader::merge);
        if (s.neverExecuted() > 0) {
          unlisted.merge(name(sampled.getKey()), s.neverExecuted(), Long::sum);
        }
      }
      return new Trace(
          meta,
          List.copyOf(executions),
          List.copyOf(neverExecuted),
          Map.copyOf(unlisted),
          List.copyOf(sites),
          List.copyOf(taskEvents),
          Map.copyOf(sampling));
    }

    /**
     * Classes the agent sampled (a COUNTS record, or an execution recorded as a sample), each with
     * {recorded executions, largest period seen}.
     */
    private Map<Integer, long[]> sampledClasses(List<Pending> pending) {
      Map<Integer, long[]> recorded = new HashMap<>();
      for (Pending p : pending) {
        long[] r =
            recorded.computeIfAbsent(TraceFile.classOf(p.exec.key()), id -> new long[] {0, 1});
        r[0]++;
        r[1] = Math.max(r[1], TraceFile.weight(p.exec.flags()));
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
     * before the agent wrote it; fork/join tasks never executed are those created (every creation
     * is counted) minus those executed.
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

    private long threadId(long recorder) {
      TraceFile.ThreadInfo info = file.threads.get(recorder);
      return info == null ? -1 : info.threadId();
    }

    private TaskExecution execution(Pending p, long outer) {
      TraceFile.Exec e = p.exec;
      Task t = p.task;
      int flags = e.flags();
      TraceFile.ThreadInfo runner = file.threads.get(e.recorder());
      TraceFile.Create c = t.creation;
      TraceFile.ThreadInfo creator = c == null ? null : file.threads.get(c.recorder());
      TraceFile.Submit s = p.submission;
      TraceFile.Submit executor = p.lastSubmission;
      TraceFile.ThreadInfo submitter =
          executor == null ? null : file.threads.get(executor.recorder());
      int kinds = flags >>> TraceFile.KIND_SHIFT;
      boolean threadTask = (flags & TraceFile.F_THREAD_TASK) != 0;
      TaskExecution.Kind kind = KINDS[(kinds & 0xf) | (threadTask ? 8 : 0)];
      TaskExecution.Method method =
          TaskExecution.Method.values()[Math.min(flags & TraceFile.F_METHOD, 2)];
      return new TaskExecution(
          t.id,
          name(TraceFile.classOf(e.key())),
          p.number,
          outer,
          (flags & TraceFile.F_HELPED) != 0,
          creator == null ? -1 : creator.threadId(),
          creator == null ? null : creator.name(),
          runner == null ? -1 : runner.threadId(),
          runner == null ? null : runner.name(),
          (flags & TraceFile.F_VIRTUAL) != 0 || (runner != null && runner.virtual()),
          executor == null ? -1 : executor.executorKey(),
          executor == null ? null : name(TraceFile.classOf(executor.executorKey())),
          executor != null && (executor.flags() & TraceFile.F_FORKED) != 0,
          c == null ? -1 : c.timeNs(),
          s == null || (s.flags() & TraceFile.F_TIMED) == 0 ? -1 : s.timeNs(),
          e.startNs(),
          e.endNs(),
          e.selfWall(),
          (flags & TraceFile.F_CPU) != 0 ? e.selfCpu() : -1,
          kind,
          method,
          c == null ? -1 : site(c.site(), firstCreationSite, t.key),
          executor == null ? -1 : site(executor.site(), firstSubmissionSite, t.key),
          submitter == null ? -1 : submitter.threadId(),
          executor == null ? -1 : executor.timeNs(),
          TraceFile.weight(flags));
    }

    private static int site(int own, Map<Integer, Integer> firstOfClass, long key) {
      return own >= 0 ? own : firstOfClass.getOrDefault(TraceFile.classOf(key), -1);
    }

    private String name(int classId) {
      return names.computeIfAbsent(
          classId, id -> normalizeClassName(file.classes.getOrDefault(id, "?class" + id)));
    }

    private Task submitted(TraceFile.Submit s) {
      long key = s.key();
      Task t = latest.get(key);
      if (t == null || t.done) {
        t = newTask(key);
      }
      if (t.submissions.isEmpty()) {
        waiting.computeIfAbsent(key, k -> new ArrayDeque<>(1)).add(t);
      }
      t.submissions.add(s);
      return t;
    }

    private Task executed(long key) {
      ArrayDeque<Task> queue = waiting.get(key);
      if (queue != null) {
        Task head = queue.peek();
        if (!head.done) {
          return head;
        }
        Task t = newTask(key); // the head's waiting submissions were another object's
        t.submissions.addAll(head.submissions);
        head.submissions.clear();
        queue.poll();
        queue.addFirst(t);
        return t;
      }
      Task t = latest.get(key);
      return t == null || t.done ? newTask(key) : t;
    }

    private Task newTask(long key) {
      Task t = new Task(nextTaskId++, key);
      latest.put(key, t);
      tasks.add(t);
      return t;
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

  private record Event(long time, int order, Object record) {}

  /**
   * An execution being linked: its own submission (null if none was left to pair with) and the
   * task's latest submission so far, which names the executor of re-executions (periodic tasks,
   * re-runs).
   */
  private record Pending(
      TraceFile.Exec exec,
      Task task,
      int number,
      TraceFile.Submit submission,
      TraceFile.Submit lastSubmission) {}

  private static final class Task {
    final long id;
    final long key;
    final ArrayDeque<TraceFile.Submit> submissions = new ArrayDeque<>(1);
    TraceFile.Create creation;
    TraceFile.Submit lastSubmission;
    int executions;

    /** A fork/join task whose latest execution left it done: it cannot run again. */
    boolean done;

    Task(long id, long key) {
      this.id = id;
      this.key = key;
    }
  }
}
