package dev.forkscope.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.RuntimeFinding;
import dev.forkscope.profile.TaskClassProfile;
import dev.forkscope.profile.layers.Layers;
import dev.forkscope.profile.output.Exports;
import dev.forkscope.profile.trace.ExecutionList;
import dev.forkscope.profile.trace.IndexSort;
import dev.forkscope.profile.trace.TaskExecution;
import dev.forkscope.profile.trace.Trace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data behind {@code report.html}, as the JSON object the page's script draws from.
 *
 * <p>It holds {@code summary.json} as it is (see {@link Exports#summary}) and the timeline.
 *
 * <p>Implementation note: the page must stay a few megabytes and responsive with millions of
 * executions, so the timeline is aggregated before it is embedded. Per thread, executions sorted by
 * start become segments {@code [start, end, class]}; a segment absorbs the next execution of the
 * same class that starts within the resolution {@code r} of its end, and, while both are shorter
 * than {@code r}, one of another class (the segment keeps the colour of its longest piece). {@code
 * r} starts at 1/50,000 of the run and is multiplied by four until at most {@value #MAX_SEGMENTS}
 * segments remain in all, so the finest zoom shows what a pixel of a 50,000-pixel-wide timeline
 * would. Times are integers in units of {@code r / 4} from the start of the run, which keeps
 * numbers short. Nested executions follow their outer one in start order, so they are drawn over
 * it. CPU use and context switches, sampled per thread as running totals, are turned into rates per
 * time bin, for all threads together.
 *
 * <p>Waits are drawn as they are, exact ones (the agent's blocks) and sampled ones, the longest
 * {@value #MAX_WAITS} when there are more, each {@code [start, end, kind, finding]}, where {@code
 * finding} is the index of the runtime finding the wait is part of, or -1. Per finding, {@code
 * findingExecutions} lists the executions that waited, most waited first, at most {@value
 * #MAX_LISTED} of them, each {@code [thread, start, end, waited ns, waits]}, for the page to take
 * the reader from a finding to its executions on the timeline.
 */
final class ReportData {
  static final int MAX_SEGMENTS = 150_000;
  static final int TIME_BINS = 400;
  static final int MAX_LISTED = 200;
  static final int MAX_WAITS = 150_000;
  private static final long FINEST_FRACTION = 50_000;

  private final ObjectMapper mapper;

  ReportData(ObjectMapper mapper) {
    this.mapper = mapper;
  }

  ObjectNode build(Trace trace, Profile profile, Layers layers) {
    Map<String, Integer> classIndex = new HashMap<>();
    for (TaskClassProfile c : profile.taskClasses()) {
      classIndex.put(c.taskClass(), classIndex.size());
    }
    Lanes executions = new Lanes(trace.executions(), classIndex);
    long t0 = executions.first();
    long t1 = executions.last();
    if (trace.meta().startNs() >= 0) {
      t0 = Math.min(t0, trace.meta().startNs());
    }
    if (trace.meta().endNs() >= 0) {
      t1 = Math.max(t1, trace.meta().endNs());
    }
    if (t0 > t1) {
      t0 = 0;
      t1 = 1;
    }
    ObjectNode root = mapper.createObjectNode();
    root.set("summary", Exports.summary(profile));
    long resolution = Math.max(1, (t1 - t0) / FINEST_FRACTION);
    while (executions.count(resolution) > MAX_SEGMENTS && resolution < t1 - t0) {
      resolution *= 4;
    }
    Map<Long, List<long[]>> lanes = executions.segments(resolution);
    long unit = Math.max(1, resolution / 4);
    ObjectNode timeline = root.putObject("timeline");
    timeline.put("unitNs", unit);
    timeline.put("length", (t1 - t0) / unit + 1);
    timeline.put("resolutionNs", resolution);
    Map<Long, String> names = threadNames(trace.executions(), layers);
    List<Layers.Wait> all = new ArrayList<>(layers.waits());
    for (Trace.Block b : trace.blocks() == null ? List.<Trace.Block>of() : trace.blocks()) {
      all.add(
          new Layers.Wait(
              b.threadId(),
              Layers.WaitKind.valueOf(b.kind().name()),
              b.startNs(),
              b.endNs(),
              b.frames()));
    }
    if (all.size() > MAX_WAITS) { // the longest, which are the ones a reader can see
      all.sort(Comparator.comparingLong(Layers.Wait::durationNs).reversed());
      all = all.subList(0, MAX_WAITS);
    }
    Map<Long, List<Layers.Wait>> waits = new HashMap<>();
    for (Layers.Wait w : all) {
      waits.computeIfAbsent(w.threadId(), id -> new ArrayList<>()).add(w);
    }
    Map<List<Long>, Integer> findingOf = new HashMap<>();
    List<RuntimeFinding> findings = profile.runtimeFindings();
    for (int i = 0; i < findings.size(); i++) {
      for (RuntimeFinding.Waited w : findings.get(i).waits()) {
        findingOf.putIfAbsent(List.of(w.threadId(), w.startNs()), i);
      }
    }
    root.set("findingExecutions", findingExecutions(findings, t0, unit));
    ArrayNode laneNodes = timeline.putArray("lanes");
    List<Long> ids = new ArrayList<>(lanes.keySet());
    waits.keySet().stream().filter(id -> !lanes.containsKey(id)).forEach(ids::add);
    ids.removeIf(id -> isProfilers(names.get(id)));
    ids.sort(Comparator.comparing((Long id) -> names.getOrDefault(id, "")).thenComparing(id -> id));
    for (long id : ids) {
      ObjectNode lane = laneNodes.addObject();
      lane.put("id", id);
      lane.put("name", names.getOrDefault(id, "thread " + id));
      ArrayNode segs = lane.putArray("segs");
      for (long[] s : lanes.getOrDefault(id, List.of())) {
        segs.add((s[0] - t0) / unit).add((s[1] - t0) / unit).add(s[2]);
      }
      ArrayNode waitNodes = lane.putArray("waits");
      for (Layers.Wait w : waits.getOrDefault(id, List.of())) {
        waitNodes
            .add((w.startNs() - t0) / unit)
            .add((w.endNs() - t0) / unit)
            .add(w.kind().ordinal())
            .add(findingOf.getOrDefault(List.of(id, w.startNs()), -1));
      }
    }
    ArrayNode pauses = timeline.putArray("gc");
    for (Layers.Pause p : layers.gcPauses()) {
      pauses.add((p.startNs() - t0) / unit).add((p.endNs() - t0) / unit);
    }
    rates(timeline, layers.samples(), t0, t1, unit, profile.meta().cpus());
    return root;
  }

  /** Per finding, the executions that waited, as the class comment says. */
  private ArrayNode findingExecutions(List<RuntimeFinding> findings, long t0, long unit) {
    ArrayNode out = mapper.createArrayNode();
    for (RuntimeFinding f : findings) {
      Map<List<Long>, long[]> executions = new LinkedHashMap<>(); // waited ns, waits
      for (RuntimeFinding.Waited w : f.waits()) {
        long[] e =
            executions.computeIfAbsent(
                List.of(w.threadId(), w.executionStartNs(), w.executionEndNs()), k -> new long[2]);
        e[0] += w.endNs() - w.startNs();
        e[1]++;
      }
      List<Map.Entry<List<Long>, long[]>> listed = new ArrayList<>(executions.entrySet());
      listed.sort(
          Comparator.comparingLong((Map.Entry<List<Long>, long[]> e) -> -e.getValue()[0])
              .thenComparingLong(e -> e.getKey().get(1))
              .thenComparingLong(e -> e.getKey().get(0)));
      ArrayNode node = out.addArray();
      for (Map.Entry<List<Long>, long[]> e :
          listed.subList(0, Math.min(MAX_LISTED, listed.size()))) {
        node.add(e.getKey().get(0))
            .add((e.getKey().get(1) - t0) / unit)
            .add((e.getKey().get(2) - t0) / unit)
            .add(e.getValue()[0])
            .add(e.getValue()[1]);
      }
    }
    return out;
  }

  /**
   * Per thread, the executions merged into segments {start, end, class, time of that class} at this
   * resolution: executions of one class closer than {@code resolution}, and executions too short to
   * be told apart at it, whatever their classes.
   */
  static Map<Long, List<long[]>> segments(
      List<TaskExecution> executions, Map<String, Integer> classIndex, long resolution) {
    return new Lanes(executions, classIndex).segments(resolution);
  }

  /**
   * The complete executions as columns, each thread's by start (stable), from which segments are
   * merged at any resolution: counting them allocates nothing, so finding the resolution needs no
   * more memory with millions of executions than the columns themselves.
   */
  static final class Lanes {
    private final long[] thread;
    private final long[] start;
    private final long[] end;
    private final long[] cls;
    private final int[] order;

    Lanes(List<TaskExecution> list, Map<String, Integer> classIndex) {
      ExecutionList executions = ExecutionList.of(list);
      int n = 0;
      for (int k = 0; k < executions.size(); k++) {
        if (complete(executions, k)) {
          n++;
        }
      }
      thread = new long[n];
      start = new long[n];
      end = new long[n];
      cls = new long[n];
      int i = 0;
      for (int k = 0; k < executions.size(); k++) {
        if (complete(executions, k)) {
          thread[i] = executions.executionThreadId(k);
          start[i] = executions.startNs(k);
          end[i] = executions.endNs(k);
          cls[i++] = classIndex.getOrDefault(executions.taskClass(k), -1);
        }
      }
      order = IndexSort.byKey(thread);
      for (int from = 0; from < n; ) {
        int to = next(from);
        IndexSort.sort(order, from, to, start);
        from = to;
      }
    }

    /** The first start, {@link Long#MAX_VALUE} without executions. */
    long first() {
      long t = Long.MAX_VALUE;
      for (long s : start) {
        t = Math.min(t, s);
      }
      return t;
    }

    /** The last end, {@link Long#MIN_VALUE} without executions. */
    long last() {
      long t = Long.MIN_VALUE;
      for (long e : end) {
        t = Math.max(t, e);
      }
      return t;
    }

    long count(long resolution) {
      return merge(resolution, null);
    }

    Map<Long, List<long[]>> segments(long resolution) {
      Map<Long, List<long[]>> lanes = new LinkedHashMap<>();
      merge(resolution, lanes);
      return lanes;
    }

    /** The end of the thread whose executions start at {@code order[from]}. */
    private int next(int from) {
      int to = from + 1;
      while (to < order.length && thread[order[to]] == thread[order[from]]) {
        to++;
      }
      return to;
    }

    /** Merges every lane, adding the segments to {@code lanes} unless it is null; counts them. */
    private long merge(long resolution, Map<Long, List<long[]>> lanes) {
      long count = 0;
      for (int from = 0; from < order.length; ) {
        int to = next(from);
        List<long[]> segs = lanes == null ? null : new ArrayList<>();
        long[] last = new long[4];
        boolean open = false;
        for (int k = from; k < to; k++) {
          int i = order[k];
          long length = end[i] - start[i];
          boolean near = open && start[i] - last[1] <= resolution;
          if (near && last[2] == cls[i]) {
            last[1] = Math.max(last[1], end[i]);
            last[3] += length;
          } else if (near && length < resolution && last[1] - last[0] < resolution) {
            // too short to see apart: one segment, drawn in the colour of its longest class
            last[1] = Math.max(last[1], end[i]);
            if (length > last[3]) {
              last[2] = cls[i];
              last[3] = length;
            }
          } else {
            last = segs == null ? last : new long[4];
            last[0] = start[i];
            last[1] = end[i];
            last[2] = cls[i];
            last[3] = length;
            open = true;
            count++;
            if (segs != null) {
              segs.add(last);
            }
          }
        }
        if (lanes != null) {
          lanes.put(thread[order[from]], segs);
        }
        from = to;
      }
      return count;
    }
  }

  /**
   * The profiler's own threads (the agent's trace writer, JDK Flight Recorder's): they run no task
   * of the program, so they get no lane.
   */
  private static boolean isProfilers(String threadName) {
    return threadName != null
        && (threadName.startsWith("forkscope-") || threadName.startsWith("JFR "));
  }

  private static Map<Long, String> threadNames(List<TaskExecution> list, Layers layers) {
    Map<Long, String> names = new HashMap<>();
    for (Layers.ThreadSample s : layers.samples()) {
      names.put(s.threadId(), s.name());
    }
    ExecutionList executions = ExecutionList.of(list);
    for (int i = 0; i < executions.size(); i++) {
      String name = executions.executionThreadName(i);
      if (name != null && complete(executions, i)) {
        names.put(executions.executionThreadId(i), name);
      }
    }
    return names;
  }

  /** Whether execution {@code i} has a start and an end no earlier. */
  private static boolean complete(ExecutionList executions, int i) {
    long start = executions.startNs(i);
    return start >= 0 && executions.endNs(i) >= start;
  }

  /**
   * CPU utilisation (share of all CPUs) and context switches per second, over {@value #TIME_BINS}
   * bins of the run, from the threads' running totals. A delta between two samples is spread over
   * the bins its interval covers, in proportion.
   */
  private void rates(
      ObjectNode timeline,
      List<Layers.ThreadSample> samples,
      long t0,
      long t1,
      long unit,
      int cpus) {
    ObjectNode rates = timeline.putObject("rates");
    if (samples.isEmpty()) {
      return;
    }
    double binNs = Math.max(1.0, (double) (t1 - t0) / TIME_BINS);
    double[] cpu = new double[TIME_BINS];
    double[] voluntary = new double[TIME_BINS];
    double[] involuntary = new double[TIME_BINS];
    Map<Long, Layers.ThreadSample> previous = new HashMap<>();
    List<Layers.ThreadSample> ordered = new ArrayList<>(samples);
    ordered.sort(Comparator.comparingLong(Layers.ThreadSample::timeNs));
    for (Layers.ThreadSample s : ordered) {
      Layers.ThreadSample p = previous.put(s.threadId(), s);
      if (p == null || s.timeNs() <= p.timeNs()) {
        continue;
      }
      spread(cpu, p.timeNs(), s.timeNs(), s.cpuNs() - p.cpuNs(), t0, binNs);
      spread(
          voluntary,
          p.timeNs(),
          s.timeNs(),
          s.voluntarySwitches() - p.voluntarySwitches(),
          t0,
          binNs);
      spread(
          involuntary,
          p.timeNs(),
          s.timeNs(),
          s.involuntarySwitches() - p.involuntarySwitches(),
          t0,
          binNs);
    }
    rates.put("binUnits", binNs / unit);
    ArrayNode util = rates.putArray("cpuUtil");
    ArrayNode vcs = rates.putArray("voluntaryPerSec");
    ArrayNode ivcs = rates.putArray("involuntaryPerSec");
    for (int i = 0; i < TIME_BINS; i++) {
      util.add(round(cpu[i] / (binNs * Math.max(1, cpus))));
      vcs.add(Math.round(voluntary[i] / binNs * 1e9));
      ivcs.add(Math.round(involuntary[i] / binNs * 1e9));
    }
  }

  private static void spread(
      double[] bins, long from, long to, long amount, long t0, double binNs) {
    if (amount <= 0) {
      return;
    }
    double start = (from - t0) / binNs;
    double end = (to - t0) / binNs;
    double perBin = amount / (end - start);
    for (int i = Math.max(0, (int) start); i < Math.min(bins.length, (int) Math.ceil(end)); i++) {
      double overlap = Math.min(end, i + 1) - Math.max(start, i);
      if (overlap > 0) {
        bins[i] += perBin * overlap;
      }
    }
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
