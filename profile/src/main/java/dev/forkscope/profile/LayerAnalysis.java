package dev.forkscope.profile;

import static dev.forkscope.profile.Units.simpleName;

import dev.forkscope.profile.layers.Layers;
import dev.forkscope.profile.trace.ExecutionList;
import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Lines the JVM and OS layers up with the task executions (one clock: the profiled JVM's {@code
 * System.nanoTime}) and finds the bottlenecks that only show at run time, in lint's terms:
 *
 * <ul>
 *   <li>{@code intra-task-sync} (5): a thread blocked entering a monitor, waiting in {@code
 *       Object.wait}, or parked on a lock or another synchronizer, inside an execution (a park in a
 *       join, {@code Future.get} or the pool's own idle wait is not this);
 *   <li>{@code sleepy-worker} (6): a thread sleeping inside an execution;
 *   <li>{@code centralized-pooling} (1): tasks submitted to a work-stealing pool from inside
 *       another task's execution by a thread that is not one of that pool's workers, so they enter
 *       the pool's shared submission queues instead of a worker's deque;
 *   <li>{@code copy-on-fork} (2) and {@code copy-on-join} (3): array copies and collection merges
 *       that the allocation samples catch inside executions (recorded with JFR only).
 * </ul>
 *
 * Thresholds keep clean programs clean: a finding needs at least {@value #MIN_LOST_NS} ns lost and,
 * for the wait findings, a share of {@value #MIN_SHARE} of the class's granularity or many events.
 * The waits themselves are sampled by the agent every few milliseconds (a wait much shorter is seen
 * by chance) or, with JFR, recorded above its thresholds ({@code LayerFiles}). Waits inside the
 * JVM's class loading or the agent's own code are not the program's.
 *
 * <p>The layers are lined up with the executions once (each wait and allocation sample placed in
 * the execution innermost on its thread at its time, by {@link ThreadTimelines}); then each finding
 * has a detector of its own ({@link #DETECTORS}) that reads the lined-up run.
 */
final class LayerAnalysis {

  static final long MIN_LOST_NS = 1_000_000;

  /**
   * The least time lost for a finding from exact waits: a sampled wait may be noise, a recorded one
   * happened (a clean program has none), so only waits too short to matter are left out.
   */
  static final long MIN_EXACT_LOST_NS = 100_000;

  static final double MIN_SHARE = 0.005;
  static final int MANY_EVENTS = 100;
  static final int MIN_EXTERNAL_SUBMISSIONS = 10;
  static final double MIN_EXTERNAL_SHARE = 0.05;
  static final long MIN_COPIED_BYTES = 2L << 20;
  static final int MIN_COPY_SAMPLES = 3;

  /**
   * One detector per finding; their findings are sorted by time lost, then rule and class, so their
   * order here does not show.
   */
  private static final List<Detector> DETECTORS =
      List.of(
          waitsOf("intra-task-sync", 5),
          waitsOf("sleepy-worker", 6),
          waitsOf("blocking-join", null), // a blocking join is none of the six
          LayerAnalysis::centralizedPooling,
          copiesOf("copy-on-fork", 2),
          copiesOf("copy-on-join", 3));

  private LayerAnalysis() {}

  record Result(List<RuntimeFinding> findings, RunLayers layers) {}

  /** One kind of run-time finding: what it finds in a run lined up with its layers. */
  @FunctionalInterface
  private interface Detector {
    List<RuntimeFinding> find(Run run);
  }

  /**
   * What the detectors read: the executions, their threads' time lines, each class's self wall time
   * and executions (weighted), the waits inside executions grouped by rule, class and site, the
   * allocation samples and the GC pauses.
   */
  private record Run(
      ExecutionList executions,
      ThreadTimelines timelines,
      Map<String, Long> classTotal,
      Map<String, Long> classExecutions,
      Collection<Group> waitGroups,
      long samplePeriodMs,
      List<Layers.Allocation> allocations,
      RunLayers.Gc gc) {}

  static Result analyze(List<TaskExecution> list, Layers layers, long runWallNs) {
    return analyze(list, layers, null, false, 0, runWallNs);
  }

  /**
   * As {@link #analyze(List, Layers, long)}, with the blocks the agent recorded inside executions
   * (null when it recorded none): those replace the sampled waits inside executions, all of them
   * when the agent timed the program's monitor enters ({@code timedMonitors}), else all but the
   * monitor blocks, which the agent did not record (JFR's record of them, or its samples). {@code
   * samplePeriodMs} is the period of the thread-state sampler (0 when it did not run: JFR recorded
   * the waits, or nothing did), which a finding from its samples states.
   */
  static Result analyze(
      List<TaskExecution> list,
      Layers layers,
      List<Trace.Block> blocks,
      boolean timedMonitors,
      long samplePeriodMs,
      long runWallNs) {
    ExecutionList executions = ExecutionList.of(list);
    ThreadTimelines timelines = ThreadTimelines.of(executions);
    Set<Layers.Wait> recorded = Collections.newSetFromMap(new IdentityHashMap<>());
    List<Layers.Wait> waits =
        blocks == null ? layers.waits() : exact(layers, blocks, timedMonitors, timelines, recorded);
    Map<String, Long> classTotal = new HashMap<>();
    Map<String, Long> classExecutions = new HashMap<>();
    for (int i = 0; i < executions.size(); i++) { // a sample stands for weight executions
      String taskClass = executions.taskClass(i);
      long weight = executions.weight(i);
      classTotal.merge(taskClass, weight * executions.selfWallNs(i), Long::sum);
      classExecutions.merge(taskClass, weight, Long::sum);
    }
    Map<List<String>, Group> groups = new LinkedHashMap<>();
    Map<Long, long[]> waitsOutsideTasks = new HashMap<>();
    for (Layers.Wait w : waits) {
      int inside = timelines.innermostAt(w.threadId(), w.startNs());
      if (inside < 0) {
        waitsOutsideTasks.computeIfAbsent(w.threadId(), id -> new long[1])[0] += w.durationNs();
        continue;
      }
      TaskExecution e = executions.get(inside);
      String rule = rule(w);
      long lost = Math.max(0, Math.min(w.endNs(), e.endNs()) - w.startNs());
      groups
          .computeIfAbsent(
              Arrays.asList(rule, e.taskClass(), site(w.frames())),
              k -> new Group(rule, e.taskClass(), site(w.frames())))
          .add(e, w, lost, !recorded.contains(w));
    }
    RunLayers.Gc gc = gc(executions, layers.gcPauses());
    Run run =
        new Run(
            executions,
            timelines,
            classTotal,
            classExecutions,
            groups.values(),
            samplePeriodMs,
            layers.allocations(),
            gc);
    List<RuntimeFinding> findings = new ArrayList<>();
    for (Detector detector : DETECTORS) {
      findings.addAll(detector.find(run));
    }
    findings.sort(
        Comparator.comparingLong(RuntimeFinding::blockedNs)
            .reversed()
            .thenComparing(RuntimeFinding::rule)
            .thenComparing(RuntimeFinding::taskClass, Comparator.nullsLast(String::compareTo)));
    List<RunLayers.ThreadTime> threads =
        threads(executions, layers, waits, waitsOutsideTasks, runWallNs);
    return new Result(findings, new RunLayers(gc, threads, layers.unavailable()));
  }

  /**
   * The waits of the run with the exact blocks inside executions: the recorded blocks (added to
   * {@code recorded} too), the layers' monitor blocks inside executions unless the agent timed the
   * monitors (added to {@code recorded} when JFR recorded them all), and the sampled waits that no
   * execution encloses (a thread's time outside tasks).
   */
  private static List<Layers.Wait> exact(
      Layers layers,
      List<Trace.Block> blocks,
      boolean timedMonitors,
      ThreadTimelines timelines,
      Set<Layers.Wait> recorded) {
    List<Layers.Wait> out = new ArrayList<>(blocks.size() + layers.waits().size());
    for (Trace.Block b : blocks) {
      Layers.Wait w =
          new Layers.Wait(
              b.threadId(),
              Layers.WaitKind.valueOf(b.kind().name()),
              b.startNs(),
              b.endNs(),
              b.frames());
      out.add(w);
      recorded.add(w);
    }
    for (Layers.Wait w : layers.waits()) {
      if (timelines.innermostAt(w.threadId(), w.startNs()) < 0) {
        out.add(w);
      } else if (w.kind() == Layers.WaitKind.MONITOR && !timedMonitors) {
        out.add(w);
        if (layers.monitorsRecorded()) {
          recorded.add(w);
        }
      }
    }
    return out;
  }

  /** The rule a wait inside an execution falls under. */
  static String rule(Layers.Wait w) {
    if (w.frames().isEmpty() && w.kind() != Layers.WaitKind.MONITOR) {
      return "unknown-wait"; // sampled without its stack: a join or a lock, no telling
    }
    for (String f : w.frames()) {
      if (f.startsWith("java.lang.ClassLoader.") || f.startsWith("jdk.internal.loader.")) {
        return "class-loading"; // the JVM's class loading lock, not the program's
      }
      if (f.startsWith("dev.forkscope.agent.")) {
        return "profiler"; // the recorder's own first look at a class (ClassValue), not the
        // program's
      }
    }
    switch (w.kind()) {
      case SLEEP:
        return "sleepy-worker";
      case MONITOR:
      case WAIT:
        return "intra-task-sync";
      default:
        break;
    }
    // the blocking calls the program made, outermost first: what it called decides, not what
    // that call used inside (a future's join parks through the pool's managed block)
    List<String> frames = w.frames();
    int program = 0;
    while (program < frames.size() && isJdk(frames.get(program))) {
      program++;
    }
    for (int i = program - 1; i >= 0; i--) {
      String f = frames.get(i);
      if (f.startsWith("java.util.concurrent.CompletableFuture")
          || f.startsWith("java.util.concurrent.FutureTask.")
          || f.startsWith("java.lang.Thread.join")) {
        return "blocking-join";
      }
      if (f.startsWith("java.util.concurrent.ForkJoinTask.")
          || f.startsWith("java.util.concurrent.ForkJoinPool.")
          || f.startsWith("java.util.concurrent.CountedCompleter.")) {
        return "join-wait";
      }
    }
    return program < frames.size() && frames.get(program).startsWith("dev.forkscope.runtime.")
        ? "join-wait"
        : "intra-task-sync";
  }

  private static boolean isJdk(String frame) {
    return frame.startsWith("java.")
        || frame.startsWith("javax.")
        || frame.startsWith("jdk.")
        || frame.startsWith("sun.")
        || frame.startsWith("com.sun.");
  }

  /** The innermost frame outside the JDK, or the innermost frame. */
  static String site(List<String> frames) {
    for (String f : frames) {
      if (!isJdk(f)) {
        return f;
      }
    }
    return frames.isEmpty() ? null : frames.get(0);
  }

  /**
   * Waits of one rule inside executions ({@link #rule}), per class and site: a finding needs the
   * least time lost (more when sampled) and a share of the class's time or many events. The other
   * rules' waits (join waits, class loading, waits sampled without their stack) are normal in
   * fork/join code or unattributable, and only count in the threads' time.
   */
  private static Detector waitsOf(String rule, Integer bottleneck) {
    return run -> {
      List<RuntimeFinding> out = new ArrayList<>();
      for (Group g : run.waitGroups()) {
        if (!g.rule.equals(rule)) {
          continue;
        }
        long total = run.classTotal().getOrDefault(g.taskClass, 0L);
        double share = total > 0 ? Math.min(1.0, (double) g.lostNs / total) : 0;
        if (g.lostNs >= (g.sampled ? MIN_LOST_NS : MIN_EXACT_LOST_NS)
            && (share >= MIN_SHARE || g.events >= MANY_EVENTS)) {
          out.add(g.finding(bottleneck, share, run.samplePeriodMs()));
        }
      }
      return out;
    };
  }

  private static List<RuntimeFinding> centralizedPooling(Run run) {
    ExecutionList executions = run.executions();
    ThreadTimelines timelines = run.timelines();
    Map<String, Long> classExecutions = run.classExecutions();
    Map<Long, Set<Long>> workers = new HashMap<>();
    Set<Long> workStealing = new HashSet<>();
    long previousExecutor = -1; // the sets' latest additions, not added again
    long previousThread = 0;
    long previousStealing = -1;
    for (int i = 0; i < executions.size(); i++) { // the fields one at a time, making no execution
      long executor = executions.executorId(i);
      if (executor < 0) {
        continue;
      }
      long thread = executions.executionThreadId(i);
      if (executor != previousExecutor || thread != previousThread) {
        workers.computeIfAbsent(executor, x -> new HashSet<>()).add(thread);
        previousExecutor = executor;
        previousThread = thread;
      }
      String executorClass = executions.executorClass(i);
      boolean stealing =
          executions.forked(i) || (executorClass != null && executorClass.endsWith("ForkJoinPool"));
      if (stealing && executor != previousStealing) {
        workStealing.add(executor);
        previousStealing = executor;
      }
    }
    Map<List<String>, long[]> counts = new LinkedHashMap<>();
    Map<List<String>, List<Long>> queued = new HashMap<>();
    for (int i = 0; i < executions.size(); i++) {
      if (executions.executorId(i) < 0 || executions.forked(i)) {
        continue;
      }
      TaskExecution e = executions.get(i);
      if (!workStealing.contains(e.executorId())
          || e.submissionThreadId() < 0
          || e.executionNumber() != 1
          || workers.get(e.executorId()).contains(e.submissionThreadId())) {
        continue;
      }
      int submitter = timelines.innermostAt(e.submissionThreadId(), e.submissionStampNs());
      if (submitter < 0) {
        continue;
      }
      List<String> key = List.of(e.taskClass(), e.executorClass(), executions.taskClass(submitter));
      counts.computeIfAbsent(key, k -> new long[1])[0] += e.weight();
      if (e.queueWaitNs() >= 0) {
        queued.computeIfAbsent(key, k -> new ArrayList<>()).add(e.queueWaitNs());
      }
    }
    List<RuntimeFinding> out = new ArrayList<>();
    for (Map.Entry<List<String>, long[]> entry : counts.entrySet()) {
      String taskClass = entry.getKey().get(0);
      long n = entry.getValue()[0];
      long all = classExecutions.getOrDefault(taskClass, n);
      if (n < MIN_EXTERNAL_SUBMISSIONS || n < MIN_EXTERNAL_SHARE * all) {
        continue;
      }
      // queue time is time the tasks waited to start, overlapping one another, not time the
      // program lost: it is reported as its distribution, and nothing is charged to the class
      long[] waits =
          queued.getOrDefault(entry.getKey(), List.of()).stream()
              .mapToLong(Long::longValue)
              .sorted()
              .toArray();
      String queue =
          waits.length == 0
              ? "their time in its queue was not measured"
              : String.format(
                  Locale.ROOT,
                  "they waited in its queue %s (median), %s (p90) before they started (%d of them"
                      + " timed)",
                  Units.duration(waits[(waits.length - 1) / 2]),
                  Units.duration(waits[(int) Math.ceil(0.9 * waits.length) - 1]),
                  waits.length);
      out.add(
          new RuntimeFinding(
              1,
              "centralized-pooling",
              taskClass,
              entry.getKey().get(2),
              n,
              0,
              0,
              String.format(
                  Locale.ROOT,
                  "%d of %d executions were submitted to a %s from inside %s on threads that are not"
                      + " its workers, so they went through its shared submission queue instead of a"
                      + " worker's deque; %s",
                  n,
                  all,
                  simpleName(entry.getKey().get(1)),
                  simpleName(entry.getKey().get(2)),
                  queue)));
    }
    return out;
  }

  static RunLayers.Gc gc(ExecutionList executions, List<Layers.Pause> pauses) {
    long total = 0;
    long max = 0;
    for (Layers.Pause p : pauses) {
      long d = Math.max(0, p.endNs() - p.startNs());
      total += d;
      max = Math.max(max, d);
    }
    long overlapping = 0;
    if (!pauses.isEmpty()) {
      long[] ends = new long[pauses.size()];
      long[] starts = new long[pauses.size()];
      for (int i = 0; i < ends.length; i++) {
        starts[i] = pauses.get(i).startNs();
        ends[i] = pauses.get(i).endNs();
      }
      Arrays.sort(starts);
      Arrays.sort(ends);
      for (int k = 0; k < executions.size(); k++) {
        // the first pause that ends after the execution starts; it overlaps if it starts before
        // the execution ends (pauses do not overlap each other, so starts and ends sort alike)
        int i = Arrays.binarySearch(ends, executions.startNs(k) + 1);
        i = i < 0 ? -i - 1 : i;
        if (i < starts.length && starts[i] < executions.endNs(k)) {
          overlapping++;
        }
      }
    }
    return new RunLayers.Gc(pauses.size(), total, max, overlapping);
  }

  /**
   * Copy on fork (2) or copy on join (3), from allocation samples inside executions: bytes that
   * array copies ({@code Arrays.copyOf*}, {@code clone}) and collection merges ({@code addAll},
   * {@code toArray}, a growing {@code ArrayList}) allocate. A copy made through a merge is charged
   * to copy on join, one made by a direct array copy to copy on fork ({@link #copyRule}). The time
   * lost is the GC pause time in proportion to the share of the sampled bytes.
   */
  private static Detector copiesOf(String rule, int bottleneck) {
    return run -> copies(run, rule, bottleneck);
  }

  private static List<RuntimeFinding> copies(Run run, String rule, int bottleneck) {
    ExecutionList executions = run.executions();
    long sampled = 0;
    Map<List<String>, long[]> copied = new LinkedHashMap<>(); // bytes, samples
    Map<List<String>, List<String>> stacks = new HashMap<>();
    for (Layers.Allocation a : run.allocations()) {
      sampled += a.weightBytes();
      if (!rule.equals(copyRule(a.frames()))) {
        continue;
      }
      int inside = run.timelines().innermostAt(a.threadId(), a.timeNs());
      if (inside < 0) {
        continue;
      }
      List<String> key = List.of(executions.taskClass(inside), String.valueOf(site(a.frames())));
      long[] c = copied.computeIfAbsent(key, k -> new long[2]);
      c[0] += a.weightBytes();
      c[1]++;
      stacks.putIfAbsent(key, a.frames());
    }
    List<RuntimeFinding> out = new ArrayList<>();
    for (Map.Entry<List<String>, long[]> entry : copied.entrySet()) {
      String taskClass = entry.getKey().get(0);
      String site = entry.getKey().get(1);
      long bytes = entry.getValue()[0];
      long n = run.classExecutions().getOrDefault(taskClass, 1L);
      if (bytes < MIN_COPIED_BYTES || entry.getValue()[1] < MIN_COPY_SAMPLES) {
        continue;
      }
      long lost = sampled > 0 ? (long) ((double) run.gc().pauseNs() * bytes / sampled) : 0;
      long total = run.classTotal().getOrDefault(taskClass, 0L);
      List<String> stack = stacks.get(entry.getKey());
      out.add(
          new RuntimeFinding(
              bottleneck,
              rule,
              taskClass,
              site,
              n,
              lost,
              total > 0 ? Math.min(1.0, (double) lost / total) : 0,
              String.format(
                  Locale.ROOT,
                  "executions of %s copied about %s (%s per execution, from %d allocation samples)"
                      + " at %s; their share of the GC pauses: %s; stack: %s",
                  simpleName(taskClass),
                  bytes(bytes),
                  bytes(bytes / Math.max(1, n)),
                  entry.getValue()[1],
                  site,
                  Units.duration(lost),
                  String.join(" <- ", stack.subList(0, Math.min(6, stack.size()))))));
    }
    return out;
  }

  /** Which copy rule an allocation's stack shows, or null when it is no copy. */
  static String copyRule(List<String> frames) {
    for (String f : frames) {
      if (f.startsWith("java.util.ArrayList.addAll")
          || f.startsWith("java.util.ArrayList.grow")
          || f.startsWith("java.util.ArrayList.toArray")
          || f.startsWith("java.util.AbstractCollection.addAll")
          || f.startsWith("java.util.HashMap.putAll")
          || f.startsWith("java.util.HashMap.putMapEntries")) {
        return "copy-on-join";
      }
    }
    for (String f : frames) {
      if (f.startsWith("java.util.Arrays.copyOf") || f.endsWith(".clone")) {
        return "copy-on-fork";
      }
      if (!f.startsWith("java.") && !f.startsWith("jdk.")) {
        return null; // the first user frame allocated it directly
      }
    }
    return null;
  }

  private static List<RunLayers.ThreadTime> threads(
      ExecutionList executions,
      Layers layers,
      List<Layers.Wait> waits,
      Map<Long, long[]> waitsOutsideTasks,
      long runWallNs) {
    Map<Long, long[]> figures = new LinkedHashMap<>(); // inTasks, blocked, parked, sleeping
    Map<Long, String> names = new HashMap<>();
    for (int i = 0; i < executions.size(); i++) {
      long thread = executions.executionThreadId(i);
      figures.computeIfAbsent(thread, id -> new long[4])[0] += executions.selfWallNs(i);
      names.putIfAbsent(thread, executions.executionThreadName(i));
    }
    for (Layers.Wait w : waits) {
      long[] f = figures.computeIfAbsent(w.threadId(), id -> new long[4]);
      switch (w.kind()) {
        case PARK -> f[2] += w.durationNs();
        case SLEEP -> f[3] += w.durationNs();
        default -> f[1] += w.durationNs();
      }
    }
    Map<Long, Layers.ThreadSample[]> span = new LinkedHashMap<>(); // first, last
    for (Layers.ThreadSample s : layers.samples()) {
      Layers.ThreadSample[] fl =
          span.computeIfAbsent(s.threadId(), id -> new Layers.ThreadSample[2]);
      if (fl[0] == null || s.timeNs() < fl[0].timeNs()) {
        fl[0] = s;
      }
      if (fl[1] == null || s.timeNs() >= fl[1].timeNs()) {
        fl[1] = s;
      }
      names.putIfAbsent(s.threadId(), s.name());
    }
    for (Map.Entry<Long, Layers.ThreadSample[]> e : span.entrySet()) {
      Layers.ThreadSample[] fl = e.getValue();
      long busy = fl[1].cpuNs() - fl[0].cpuNs();
      if (!figures.containsKey(e.getKey()) && busy >= 0.05 * runWallNs) {
        figures.put(e.getKey(), new long[4]); // a busy JVM thread: GC, JIT
      }
    }
    List<RunLayers.ThreadTime> out = new ArrayList<>();
    for (Map.Entry<Long, long[]> entry : figures.entrySet()) {
      long id = entry.getKey();
      long[] f = entry.getValue();
      Layers.ThreadSample[] fl = span.get(id);
      long busy = -1;
      long idle = -1;
      long voluntary = -1;
      long involuntary = -1;
      if (fl != null) {
        busy = fl[1].cpuNs() < 0 ? -1 : fl[1].cpuNs() - fl[0].cpuNs();
        voluntary = fl[1].voluntarySwitches() - fl[0].voluntarySwitches();
        involuntary = fl[1].involuntarySwitches() - fl[0].involuntarySwitches();
        long lifetime = fl[1].timeNs() - fl[0].timeNs();
        long outside = waitsOutsideTasks.getOrDefault(id, new long[1])[0];
        idle = Math.max(0, lifetime - f[0] - outside);
      }
      out.add(
          new RunLayers.ThreadTime(
              id,
              names.getOrDefault(id, "?"),
              busy,
              f[0],
              f[1],
              f[2],
              f[3],
              idle,
              voluntary,
              involuntary));
    }
    out.sort(
        Comparator.comparingLong((RunLayers.ThreadTime t) -> -t.inTasksNs())
            .thenComparingLong(t -> -t.busyNs())
            .thenComparingLong(RunLayers.ThreadTime::threadId));
    return out;
  }

  static String bytes(long n) {
    if (n >= 1 << 20) {
      return String.format(Locale.ROOT, "%.1f MiB", n / 1048576.0);
    }
    if (n >= 1 << 10) {
      return String.format(Locale.ROOT, "%.1f KiB", n / 1024.0);
    }
    return n + " B";
  }

  /** The waits of one rule in one task class at one site. */
  private static final class Group {
    final String rule;
    final String taskClass;
    final String site;
    final Set<TaskExecution> executions = Collections.newSetFromMap(new IdentityHashMap<>());
    long lostNs;
    long events;
    long longestNs = -1;
    List<String> stack = List.of();

    /** Whether a wait of the group was sampled rather than recorded (an estimate). */
    boolean sampled;

    final List<RuntimeFinding.Waited> waits = new ArrayList<>();

    final Map<Layers.WaitKind, Long> kinds = new java.util.EnumMap<>(Layers.WaitKind.class);

    /** The classes of the monitors or objects waited on, where recorded. */
    final Set<String> locks = new TreeSet<>();

    Group(String rule, String taskClass, String site) {
      this.rule = rule;
      this.taskClass = taskClass;
      this.site = site;
    }

    void add(TaskExecution e, Layers.Wait w, long lost, boolean sampled) {
      this.sampled |= sampled;
      executions.add(e);
      waits.add(
          new RuntimeFinding.Waited(
              w.threadId(), w.startNs(), w.startNs() + lost, e.startNs(), e.endNs()));
      lostNs += lost;
      events++;
      kinds.merge(w.kind(), 1L, Long::sum);
      if (w.lock() != null) {
        locks.add(w.lock());
      }
      if (lost > longestNs) {
        longestNs = lost;
        stack = w.frames();
      }
    }

    RuntimeFinding finding(Integer bottleneck, double share, long samplePeriodMs) {
      String what =
          switch (rule) {
            case "sleepy-worker" -> "slept";
            case "blocking-join" -> "blocked waiting for a result";
            default -> describe(kinds) + (locks.isEmpty() ? "" : " (" + locks(locks) + ")");
          };
      String evidence =
          String.format(
              Locale.ROOT,
              "%d executions of %s %s for %s in all (%.1f%% of the class's time, %d events, longest"
                  + " %s%s) at %s; stack: %s",
              executions.size(),
              simpleName(taskClass),
              what,
              Units.duration(lostNs),
              100 * share,
              events,
              Units.duration(longestNs),
              sampled && samplePeriodMs > 0
                  ? "; sampled every " + samplePeriodMs + " ms, so shorter waits are missed"
                  : "",
              site == null ? "an unknown site" : site,
              String.join(" <- ", stack.subList(0, Math.min(6, stack.size()))));
      return new RuntimeFinding(
          bottleneck, rule, taskClass, site, executions.size(), lostNs, share, evidence, waits);
    }

    /** "a Foo", or "a Foo or a Bar" and so on, at most three named. */
    private static String locks(Set<String> classes) {
      List<String> named = new ArrayList<>();
      for (String c : classes) {
        if (named.size() == 3) {
          named.add((classes.size() - 3) + " more classes");
          break;
        }
        named.add("a " + c);
      }
      return String.join(" or ", named);
    }

    private static String describe(Map<Layers.WaitKind, Long> kinds) {
      List<String> parts = new ArrayList<>();
      if (kinds.containsKey(Layers.WaitKind.MONITOR)) {
        parts.add("were blocked on a monitor");
      }
      if (kinds.containsKey(Layers.WaitKind.WAIT)) {
        parts.add("waited in Object.wait");
      }
      if (kinds.containsKey(Layers.WaitKind.PARK)) {
        parts.add("were parked on a lock");
      }
      return String.join(" or ", parts);
    }
  }
}
