package dev.forkscope.profile.output;

import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkscope.profile.Distribution;
import dev.forkscope.profile.MachineLoad;
import dev.forkscope.profile.Profile;
import dev.forkscope.profile.RunLayers;
import dev.forkscope.profile.RuntimeFinding;
import dev.forkscope.profile.SiteProfile;
import dev.forkscope.profile.TaskClassProfile;
import dev.forkscope.profile.WorkSpan;
import dev.forkscope.profile.trace.Trace;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/**
 * {@code summary.json}: the run's settings, the profiler's own cost, and one entry per task class
 * (see the README for the field list).
 */
final class SummaryJson {

  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
          .build();

  /** Why a work/span row of a sampled trace has no span. */
  static final String WORK_SPAN_ESTIMATED =
      "sampled trace: work is a Horvitz-Thompson estimate from the recorded tasks; the span and"
          + " parallelism are not computed, as the unrecorded tasks' forks and joins are unknown";

  private SummaryJson() {}

  static void write(Profile profile, Writer out) throws IOException {
    MAPPER.writeValue(out, toJson(profile));
    out.write('\n');
  }

  /** The machine's load: every figure null where it is not known. */
  private static void machineLoad(ObjectNode node, MachineLoad load) {
    node.put("known", load.known());
    node.put("overloaded", load.overloaded());
    if (load.runnable() >= 0) {
      node.put("runnable", Math.round(load.runnable() * 10) / 10.0);
      node.put("stealShare", Math.round(load.stealShare() * 1000) / 1000.0);
    } else {
      node.putNull("runnable");
      node.putNull("stealShare");
    }
    putKnown(node, "waitedForCpuNs", load.waitedForCpuNs());
    putKnown(node, "ranNs", load.ranNs());
    putKnown(node, "involuntarySwitches", load.involuntarySwitches());
    node.put("summary", load.summary());
  }

  /** {@code value}, or null where it is negative: not known. */
  private static void putKnown(ObjectNode node, String field, long value) {
    if (value >= 0) {
      node.put(field, value);
    } else {
      node.putNull(field);
    }
  }

  static ObjectNode toJson(Profile profile) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("tool", "forkscope");
    ObjectNode settings = root.putObject("settings");
    settings.put("cpuMode", profile.meta().cpuMode());
    settings.put("contexts", profile.meta().contexts());
    settings.put("aggregation", profile.options().aggregate());
    settings.put("verdicts", profile.options().verdicts().name().toLowerCase(Locale.ROOT));
    settings.put("jdk", profile.meta().jdk());
    settings.put("cpus", profile.meta().cpus());
    root.put("profilerCostPerTaskNs", profile.meta().overheadPerTaskNs());
    root.put("droppedRecords", profile.meta().dropped());
    boolean clockKnown = profile.meta().clockStepNs() > 0;
    if (clockKnown) { // older traces do not say: their files stay as they were
      root.put("clockStepNs", profile.meta().clockStepNs());
    }
    Trace.Window window = profile.meta().window();
    if (window != null) {
      ObjectNode w = root.putObject("window");
      w.put("startNs", window.startNs());
      w.put("endNs", window.endNs());
      w.put("wallNs", window.wallNs());
      w.put("partialExecutions", window.partialExecutions());
    }
    machineLoad(root.putObject("machineLoad"), profile.machineLoad());
    ObjectNode run = root.putObject("run");
    run.put("wallNs", profile.runWallNs());
    run.put("executionsRecorded", profile.executionsRecorded());
    run.put("incompleteExecutions", profile.incomplete());
    run.put("neverExecutedTasks", profile.neverExecuted());
    ArrayNode unknown = run.putArray("neverExecutedUnknownFor");
    profile.neverExecutedUnknown().forEach(unknown::add);
    run.put("aggregatedExecutions", profile.folded());
    ArrayNode classes = root.putArray("taskClasses");
    for (TaskClassProfile c : profile.taskClasses()) {
      ObjectNode node = classes.addObject();
      node.put("class", c.taskClass());
      node.put("executions", c.executions());
      node.put("tasks", c.tasks());
      distribution(node.putObject("granularityNs"), c.granularity(), true);
      if (c.cpu() == null) {
        node.putNull("cpuNs");
      } else {
        distribution(node.putObject("cpuNs"), c.cpu(), true);
      }
      node.put("cpuUnresolved", c.cpuUnresolved());
      if (clockKnown) {
        node.put("withinClockStep", profile.meta().withinClockStep(c.granularity().median()));
      }
      if (c.queueWait() == null) {
        node.putNull("queueWaitNs");
      } else {
        distribution(node.putObject("queueWaitNs"), c.queueWait(), true);
      }
      ArrayNode executors = node.putArray("executors");
      c.executors().forEach(executors::add);
      node.put("threads", c.threads());
      sampling(node, c);
      node.put("verdict", c.verdict().kind().label());
      node.put("why", c.verdict().why());
      ArrayNode histogram = node.putArray("histogram");
      for (long n : c.histogram().counts()) {
        histogram.add(n);
      }
      ArrayNode sites = node.putArray("sites");
      for (SiteProfile s : c.sites()) {
        ObjectNode site = sites.addObject();
        site.put("kind", s.kind());
        site.put("site", s.site());
        site.put("tasks", s.tasks());
        site.put("executions", s.executions());
        distribution(site.putObject("granularityNs"), s.granularity(), false);
        ArrayNode frames = site.putArray("frames");
        s.frames().forEach(frames::add);
      }
    }
    ArrayNode findings = root.putArray("runtimeFindings");
    for (RuntimeFinding f : profile.runtimeFindings()) {
      ObjectNode node = findings.addObject();
      if (f.bottleneck() == null) {
        node.putNull("bottleneck");
      } else {
        node.put("bottleneck", f.bottleneck());
      }
      node.put("rule", f.rule());
      node.put("class", f.taskClass());
      node.put("site", f.site());
      node.put("executions", f.executions());
      node.put("blockedNs", f.blockedNs());
      node.put("share", f.share());
      node.put("evidence", f.evidence());
    }
    ArrayNode workSpan = root.putArray("workSpan");
    for (WorkSpan w : profile.workSpan()) {
      ObjectNode node = workSpan.addObject();
      node.put("root", w.root());
      node.put("invocations", w.invocations());
      node.put("workNs", w.workNs());
      node.put("spanNs", w.spanNs());
      finite(node, "parallelism", w.parallelism());
      node.put("burdenedSpanNs", w.burdenedSpanNs());
      finite(node, "speedupBound", w.speedupBound(profile.meta().cpus()));
      node.put("estimated", w.estimated());
      if (w.estimated()) {
        node.put("why", WORK_SPAN_ESTIMATED);
      }
    }
    RunLayers layers = profile.layers();
    ObjectNode gc = root.putObject("gc");
    gc.put("pauses", layers.gc().pauses());
    gc.put("pauseNs", layers.gc().pauseNs());
    gc.put("maxPauseNs", layers.gc().maxPauseNs());
    gc.put("overlappingExecutions", layers.gc().overlappingExecutions());
    ArrayNode threads = root.putArray("threads");
    for (RunLayers.ThreadTime t : layers.threads()) {
      ObjectNode node = threads.addObject();
      node.put("id", t.threadId());
      node.put("name", t.name());
      node.put("busyNs", t.busyNs());
      node.put("inTasksNs", t.inTasksNs());
      node.put("blockedNs", t.blockedNs());
      node.put("parkedNs", t.parkedNs());
      node.put("sleepingNs", t.sleepingNs());
      node.put("idleNs", t.idleNs());
      node.put("voluntarySwitches", t.voluntarySwitches());
      node.put("involuntarySwitches", t.involuntarySwitches());
    }
    ArrayNode unavailable = root.putArray("unavailable");
    layers.unavailable().forEach(unavailable::add);
    return root;
  }

  /**
   * Whether the class was sampled and how sure its figures are; {@code executions} stays exact
   * unless {@code executionsExact} says otherwise.
   */
  private static void sampling(ObjectNode node, TaskClassProfile c) {
    TaskClassProfile.Sampling s = c.sampling();
    node.put("sampled", s.sampled());
    node.put("sampleSize", s.sampleSize());
    node.put("samplePeriod", s.period());
    node.put("executionsExact", s.executionsExact());
    node.put("medianSelfWallNs", c.granularity().median());
    interval(node, "medianCi95", s.medianCi95());
    node.put("totalSelfWallNs", c.granularity().total());
    interval(node, "totalCi95", s.totalCi95());
    if (c.cpu() != null) {
      node.put("medianSelfCpuNs", c.cpu().median());
      interval(node, "cpuMedianCi95", s.cpuMedianCi95());
      node.put("totalSelfCpuNs", c.cpu().total());
      interval(node, "cpuTotalCi95", s.cpuTotalCi95());
    }
  }

  private static void interval(ObjectNode node, String key, TaskClassProfile.Interval interval) {
    node.putArray(key).add(interval.low()).add(interval.high());
  }

  private static void finite(ObjectNode node, String key, double value) {
    if (Double.isFinite(value)) {
      node.put(key, value);
    } else {
      node.putNull(key);
    }
  }

  private static void distribution(ObjectNode node, Distribution d, boolean full) {
    node.put("median", d.median());
    node.put("p90", d.p90());
    if (full) {
      node.put("p99", d.p99());
      node.put("min", d.min());
      node.put("max", d.max());
    }
    node.put("total", d.total());
  }
}
