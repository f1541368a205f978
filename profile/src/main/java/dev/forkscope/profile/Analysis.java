package dev.forkscope.profile;

import dev.forkscope.profile.layers.Layers;
import dev.forkscope.profile.trace.ConcurrentStep;
import dev.forkscope.profile.trace.EventTable;
import dev.forkscope.profile.trace.ExecutionList;
import dev.forkscope.profile.trace.IndexSort;
import dev.forkscope.profile.trace.TaskEvent;
import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a {@link Trace} into a {@link Profile}: drops executions that never returned (tasks created
 * but never executed are already apart in the trace), aggregates nested tasks when asked (see
 * {@link Aggregation}), groups executions by task class and by creation and submission site, and
 * gives each class a {@link Verdict}; work and span per fork/join root come from {@link WorkSpans}.
 */
public final class Analysis {

  /** Sites kept per class in the profile. */
  static final int TOP_SITES = 5;

  /**
   * Bytes per execution that the work/span step and the class profiles hold at once, with the
   * trace, when they run side by side: each step's own arrays at its peak, and the trace's, as
   * measured in docs/journal.md (analysis at scale).
   */
  static final long CONCURRENT_BYTES_PER_EXECUTION = 400;

  private Analysis() {}

  /** Analyses {@code trace} without its JVM and OS layers. */
  public static Profile analyze(Trace trace, AnalysisOptions options) {
    return analyze(trace, Layers.none("the JVM and OS layers were not read"), options);
  }

  /**
   * Analyses {@code trace} with the JVM and OS layers recorded beside it: runtime findings and
   * where the threads' time went (see {@link LayerAnalysis}).
   */
  public static Profile analyze(Trace trace, Layers layers, AnalysisOptions options) {
    return analyze(trace, layers, options, concurrently(trace.executions().size()));
  }

  /**
   * Whether the steps can run side by side: on more than one processor, and when the heap has room
   * for both steps' arrays at once (else they run one after the other, as the first keeps none).
   */
  static boolean concurrently(int executions) {
    return ConcurrentStep.helps()
        && Runtime.getRuntime().maxMemory() / CONCURRENT_BYTES_PER_EXECUTION >= executions;
  }

  /**
   * As {@link #analyze(Trace, Layers, AnalysisOptions)}, with work/span and the runtime findings on
   * a thread of their own beside aggregation and the class profiles when {@code concurrently}; the
   * profile is the same either way.
   */
  static Profile analyze(
      Trace trace, Layers layers, AnalysisOptions options, boolean concurrently) {
    Complete complete = complete(trace.executions());
    Trace.TraceMeta meta = trace.meta();
    ThreadCpu threadCpu = ThreadCpu.of(layers);
    long runWall = runWallNs(meta, complete.executions());
    ConcurrentStep<Besides, RuntimeException> besides =
        ConcurrentStep.start(
            "forkscope work/span",
            concurrently,
            () ->
                new Besides(
                    WorkSpans.of(
                        complete.executions(), trace.events(), meta.overheadPerTaskNs(), threadCpu),
                    LayerAnalysis.analyze(
                        complete.executions(),
                        layers,
                        trace.blocks(),
                        "timed".equals(meta.settings().get("monitors")),
                        samplePeriodMs(meta),
                        runWall)));
    List<TaskExecution> rows = complete.executions();
    int folded = 0;
    if (options.aggregate()) {
      Aggregation.Result aggregated = Aggregation.aggregate(complete.executions());
      rows = aggregated.executions();
      folded = aggregated.folded();
    }
    List<TaskClassProfile> classes =
        classes(trace, threadCpu, options, complete.executions(), rows);
    Besides done = besides.join();
    return new Profile(
        meta,
        options,
        runWall,
        trace.executions().size(),
        complete.incomplete(),
        trace.neverExecutedCount(),
        trace.neverExecutedUnknown(),
        folded,
        classes,
        done.runtime().findings(),
        done.workSpans(),
        done.runtime().layers(),
        MachineLoad.of(layers, meta.cpus()));
  }

  /** What the second thread computes: work and span, and the runtime findings. */
  private record Besides(List<WorkSpan> workSpans, LayerAnalysis.Result runtime) {}

  /**
   * The executions that returned, but JDK Flight Recorder's own, and how many never returned.
   *
   * @param executions those that returned, in trace order
   * @param incomplete how many never returned
   */
  private record Complete(List<TaskExecution> executions, int incomplete) {}

  private static Complete complete(List<TaskExecution> list) {
    ExecutionList all = ExecutionList.of(list);
    int[] kept = new int[all.size()];
    int count = 0;
    int incomplete = 0;
    for (int i = 0; i < kept.length; i++) {
      if (isRecorders(all.taskClass(i))) {
        continue;
      }
      long start = all.startNs(i);
      if (start >= 0 && all.endNs(i) >= start) {
        kept[count++] = i;
      } else {
        incomplete++;
      }
    }
    return new Complete(new ExecutionSubset(all, Arrays.copyOf(kept, count)), incomplete);
  }

  /**
   * The classes' profiles, from the rows (aggregated or not) and the run's activity over the
   * complete executions; in the order of the table.
   */
  private static List<TaskClassProfile> classes(
      Trace trace,
      ThreadCpu threadCpu,
      AnalysisOptions options,
      List<TaskExecution> complete,
      List<TaskExecution> rows) {
    Trace.TraceMeta meta = trace.meta();
    Activity activity = Activity.of(complete, threadCpu);
    Diagnosis.RunFacts run =
        new Diagnosis.RunFacts(
            meta.cpus(),
            meta.overheadPerTaskNs(),
            activity.spanNs(),
            !"off".equals(meta.cpuMode()));

    List<int[]> byClass = rowsByClass(ExecutionList.of(rows));
    long[] waitedNs = waitedNs(rows, trace.events());
    List<TaskClassProfile> classes = new ArrayList<>(byClass.size());
    for (int c = 0; c < byClass.size(); c++) {
      int[] rowsOfClass = byClass.set(c, null); // not kept once its class is profiled
      ExecutionList ofClass = new ExecutionSubset(rows, rowsOfClass);
      String taskClass = ofClass.taskClass(0);
      classes.add(
          profileClass(
              taskClass,
              ofClass,
              rowsOfClass,
              waitedNs,
              trace.sampling().get(taskClass),
              trace.sites(),
              options.verdicts(),
              run,
              activity));
    }
    classes.sort(
        Comparator.comparing((TaskClassProfile c) -> Diagnosis.setAside(c.verdict()))
            .thenComparing(
                Comparator.comparingLong((TaskClassProfile c) -> c.granularity().total())
                    .reversed())
            .thenComparing(TaskClassProfile::taskClass));
    return classes;
  }

  /** Each class's rows, in row order; the classes in the order of their first row. */
  private static List<int[]> rowsByClass(ExecutionList rows) {
    Map<String, Integer> classIndex = new HashMap<>();
    long[] classOf = new long[rows.size()];
    for (int i = 0; i < classOf.length; i++) {
      classOf[i] = classIndex.computeIfAbsent(rows.taskClass(i), c -> classIndex.size());
    }
    int[] byClass = IndexSort.byKey(classOf); // each class's rows together, in row order
    List<int[]> out = new ArrayList<>(classIndex.size());
    for (int from = 0; from < byClass.length; ) {
      int to = from + 1;
      while (to < byClass.length && classOf[byClass[to]] == classOf[byClass[from]]) {
        to++;
      }
      out.add(Arrays.copyOfRange(byClass, from, to));
      from = to;
    }
    return out;
  }

  /**
   * Per row, the time it waited in joins (and quiescence, managed blocks) running nothing: the
   * agent's WAIT records less the executions nested in them. Zero where the trace has none.
   */
  private static long[] waitedNs(List<TaskExecution> rows, List<TaskEvent> eventList) {
    EventTable events = EventTable.copyOf(eventList);
    long[] waited = new long[rows.size()];
    ThreadTimelines lines = null;
    for (int e = 0; e < events.size(); e++) {
      if (events.type(e) != TaskEvent.Type.WAIT) {
        continue;
      }
      if (lines == null) {
        lines = ThreadTimelines.of(ExecutionList.of(rows));
      }
      lines.addWait(events.threadId(e), events.timeNs(e), events.endNs(e), waited);
    }
    return waited;
  }

  /**
   * JDK Flight Recorder's own threads (its shutdown hook dumps the recording of the JVM layer) are
   * the profiler's work, not the program's.
   */
  private static boolean isRecorders(String taskClass) {
    return taskClass.startsWith("jdk.jfr.");
  }

  /**
   * The period of the agent's thread-state sampler in ms (its option {@code waits}), 0 when it did
   * not run or the trace does not say.
   */
  private static long samplePeriodMs(Trace.TraceMeta meta) {
    try {
      return Long.parseLong(meta.settings().getOrDefault("waits", "0"));
    } catch (NumberFormatException e) {
      return 0; // "off" as given
    }
  }

  private static long runWallNs(Trace.TraceMeta meta, List<TaskExecution> list) {
    if (meta.startNs() >= 0 && meta.endNs() >= meta.startNs()) {
      return meta.endNs() - meta.startNs();
    }
    ExecutionList executions = ExecutionList.of(list);
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (int i = 0; i < executions.size(); i++) {
      first = Math.min(first, executions.startNs(i));
      last = Math.max(last, executions.endNs(i));
    }
    long from = meta.startNs() >= 0 ? Math.min(meta.startNs(), first) : first;
    return executions.isEmpty() ? 0 : last - from;
  }

  /**
   * One class's figures. When the agent sampled the class, the executions are counted exactly from
   * {@code sampling} and the self times are estimates from the weighted sample ({@link
   * SampleEstimate}); the diagnosis uses the estimates. {@code executions} are the rows {@code
   * rows} of the table, {@code waitedNs} is per row of the table.
   */
  private static TaskClassProfile profileClass(
      String taskClass,
      ExecutionList executions,
      int[] rows,
      long[] waitedNs,
      Trace.Sampling sampling,
      List<Trace.CallSite> sites,
      VerdictMode mode,
      Diagnosis.RunFacts run,
      Activity activity) {
    int n = executions.size();
    long taskCount = taskCount(executions); // first: its arrays are gone before the others are made
    long[] wall = new long[n];
    long[] weights = new long[n];
    int cpuCount = 0;
    long[] wait = new long[n];
    int waits = 0;
    Set<Long> threads = new HashSet<>();
    Map<String, Integer> executors = new HashMap<>();
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    long weightSum = 0;
    boolean direct = true;
    long cpuSum = 0;
    long cpuWall = 0;
    long previousThread = 0;
    for (int i = 0; i < n; i++) { // the fields one at a time: an execution object only if direct
      direct = direct && Diagnosis.isDirectCall(executions.get(i));
      wall[i] = executions.selfWallNs(i);
      weights[i] = executions.weight(i);
      weightSum += weights[i];
      if (executions.selfCpuNs(i) >= 0) {
        cpuCount++;
      }
      long cpu = activity.cpuNs(executions, i); // also a long wait that only the OS layer saw
      if (cpu >= 0) {
        cpuSum += cpu;
        cpuWall += activity.wallOnCpuNs(executions, i);
      }
      long start = executions.startNs(i);
      long submitted = executions.submittedNs(i);
      if (submitted >= 0) {
        wait[waits++] = start - submitted;
      }
      long thread = executions.executionThreadId(i);
      if (i == 0 || thread != previousThread) {
        threads.add(thread);
        previousThread = thread;
      }
      String executor = executions.executorClass(i);
      if (executor != null) {
        executors.merge(executor, 1, Integer::sum);
      }
      first = Math.min(first, start);
      last = Math.max(last, executions.endNs(i));
    }
    boolean countsKnown = sampling == null || sampling.unrecordedExecutions() >= 0;
    long population =
        countsKnown ? n + (sampling == null ? 0 : sampling.unrecordedExecutions()) : -1;
    SampleEstimate.Result selfWall = SampleEstimate.of(wall, weights, population);
    SampleEstimate.Result selfCpu =
        cpuCount == 0
            ? null
            : cpuEstimate(executions, cpuCount, sampling == null ? -1 : population);
    boolean cpuUnresolved = selfCpu != null && !resolves(executions);
    if (cpuUnresolved) {
      selfCpu = null;
    }
    LogHistogram histogram = new LogHistogram();
    for (int i = 0; i < n; i++) {
      histogram.add(wall[i], weights[i]);
    }
    long executionCount = countsKnown ? population : weightSum;
    if (sampling != null && countsKnown && weightSum > 0) {
      // the sample's task count scaled to the exact execution count, so that the two never
      // disagree: a class whose tasks each ran once has as many tasks as executions
      taskCount = Math.round((double) taskCount * population / weightSum);
    }
    long[] work = wall; // in place: the self wall times are not read again
    boolean waited = false;
    for (int i = 0; i < n; i++) {
      long waitedNsOfRow = waitedNs[rows[i]];
      work[i] -= Math.min(work[i], waitedNsOfRow);
      waited |= waitedNsOfRow > 0;
    }
    boolean offCpu = false;
    for (int i = 0; i < n; i++) { // see Diagnosis.SelfTimes
      long cpu = executions.selfCpuNs(i);
      if (cpu >= 0 && cpu < work[i]) {
        work[i] = cpu;
        offCpu = true;
      }
    }
    Diagnosis.SelfTimes selfTimes =
        new Diagnosis.SelfTimes(
            work,
            weights,
            offCpu
                ? Diagnosis.Measure.CPU
                : waited ? Diagnosis.Measure.WORK : Diagnosis.Measure.WALL);
    Distribution granularity = selfWall.distribution();
    double busy = activity.busyShare(first, last, run.cpus());
    Verdict verdict =
        Diagnosis.verdict(
            mode,
            new Diagnosis.ClassFacts(
                executionCount,
                granularity,
                busy,
                direct,
                cpuWall > 0 ? (double) cpuSum / cpuWall : Double.NaN,
                selfTimes,
                mode == VerdictMode.RELATIVE && !direct
                    ? activity.alone(executions, Diagnosis.COARSE_MIN_MS * 1_000_000, run.cpus())
                    : Diagnosis.Alone.NONE),
            run);
    return new TaskClassProfile(
        taskClass,
        taskCount,
        executionCount,
        granularity,
        selfCpu == null ? null : selfCpu.distribution(),
        waits == 0 ? null : Distribution.of(Arrays.copyOf(wait, waits)),
        byCountDescending(executors),
        threads.size(),
        verdict,
        topSites(executions, sites),
        histogram,
        new TaskClassProfile.Sampling(
            selfWall.sampleSize(),
            sampling == null ? 1 : sampling.period(),
            countsKnown,
            selfWall.median(),
            selfWall.total(),
            selfCpu == null ? null : selfCpu.median(),
            selfCpu == null ? null : selfCpu.total()),
        cpuUnresolved);
  }

  /** How many tasks the executions ran: each task counts the weight of its first execution. */
  private static long taskCount(ExecutionList executions) {
    long[] taskIds = new long[executions.size()];
    for (int i = 0; i < taskIds.length; i++) {
      taskIds[i] = executions.taskId(i);
    }
    long count = 0;
    int[] byTask = IndexSort.byKey(taskIds); // each task's executions together, in order
    for (int k = 0; k < byTask.length; k++) {
      if (k == 0 || taskIds[byTask[k]] != taskIds[byTask[k - 1]]) {
        count += executions.weight(byTask[k]);
      }
    }
    return count;
  }

  /**
   * CPU time over the executions where it was measured. For a sampled class ({@code population}
   * known and not negative) those are a random subset of its samples, and the total is scaled to
   * the whole class; otherwise the total is over the measured executions, as without sampling.
   */
  private static SampleEstimate.Result cpuEstimate(
      ExecutionList executions, int count, long population) {
    long[] cpu = new long[count];
    long[] weights = new long[count];
    int j = 0;
    for (int i = 0; i < executions.size(); i++) {
      if (executions.selfCpuNs(i) >= 0) {
        // never above the wall time: what is above is the cost of reading the CPU clock
        cpu[j] = Math.min(executions.selfCpuNs(i), executions.selfWallNs(i));
        weights[j++] = executions.weight(i);
      }
    }
    return SampleEstimate.ofSubset(cpu, weights, population);
  }

  /**
   * Whether the CPU times read tell anything about the class. Reading the CPU clock costs a system
   * call (0.3 to 1.5 µs), part of which the CPU time holds, and which the wall time leaves out: on
   * a task shorter than that, the CPU time read is mostly that cost (a 0.3 µs task read at 1.9 µs).
   * So not when at least half of the executions read show more than twice their wall time.
   */
  private static boolean resolves(ExecutionList executions) {
    int read = 0;
    int above = 0;
    for (int i = 0; i < executions.size(); i++) {
      long c = executions.selfCpuNs(i);
      if (c >= 0) {
        read++;
        above += c > 2 * executions.selfWallNs(i) ? 1 : 0;
      }
    }
    return 2 * above < read;
  }

  /** Groups executions by (kind, innermost frame) of their creation and submission sites. */
  private static List<SiteProfile> topSites(ExecutionList executions, List<Trace.CallSite> sites) {
    Map<List<String>, SiteGroup> groups = new LinkedHashMap<>();
    for (int i = 0; i < executions.size(); i++) {
      addToSite(groups, "submission", executions.submissionSite(i), executions, i, sites);
      addToSite(groups, "creation", executions.creationSite(i), executions, i, sites);
    }
    List<SiteProfile> out = new ArrayList<>(groups.size());
    for (SiteGroup g : groups.values()) {
      out.add(g.profile());
    }
    out.sort(Comparator.comparingLong(SiteProfile::executions).reversed());
    return List.copyOf(out.subList(0, Math.min(TOP_SITES, out.size())));
  }

  private static void addToSite(
      Map<List<String>, SiteGroup> groups,
      String kind,
      int site,
      ExecutionList executions,
      int i,
      List<Trace.CallSite> sites) {
    if (site < 0 || site >= sites.size()) {
      return;
    }
    Trace.CallSite callSite = sites.get(site);
    groups
        .computeIfAbsent(List.of(kind, callSite.top()), k -> new SiteGroup(kind, callSite))
        .add(executions.taskId(i), executions.selfWallNs(i));
  }

  private static List<String> byCountDescending(Map<String, Integer> counts) {
    List<Map.Entry<String, Integer>> entries = new ArrayList<>(counts.entrySet());
    entries.sort(
        Map.Entry.<String, Integer>comparingByValue()
            .reversed()
            .thenComparing(Map.Entry.comparingByKey()));
    List<String> out = new ArrayList<>(entries.size());
    for (Map.Entry<String, Integer> entry : entries) {
      out.add(entry.getKey());
    }
    return List.copyOf(out);
  }

  private static long[] toArray(List<Long> values) {
    long[] out = new long[values.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = values.get(i);
    }
    return out;
  }

  /** Executions that share one site; the first context seen stands for the group. */
  private static final class SiteGroup {
    private final String kind;
    private final Trace.CallSite callSite;
    private final Set<Long> tasks = new HashSet<>();
    private final List<Long> wall = new ArrayList<>();

    SiteGroup(String kind, Trace.CallSite callSite) {
      this.kind = kind;
      this.callSite = callSite;
    }

    void add(long taskId, long selfWallNs) {
      tasks.add(taskId);
      wall.add(selfWallNs);
    }

    SiteProfile profile() {
      return new SiteProfile(
          kind,
          callSite.top(),
          List.copyOf(callSite.frames()),
          tasks.size(),
          wall.size(),
          Distribution.of(toArray(wall)));
    }
  }
}
