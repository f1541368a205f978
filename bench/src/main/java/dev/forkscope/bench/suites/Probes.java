package dev.forkscope.bench.suites;

import dev.forkscope.bench.CpuClock;
import dev.forkscope.bench.Harness;
import dev.forkscope.bench.Measurement;
import dev.forkscope.bench.Stats;
import dev.forkscope.bench.kernels.Dialect;
import dev.forkscope.bench.kernels.FibKernel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The runtime's probes that are not kernels (named M2 to M4 as in docs/bench.md):
 * submit-to-complete latency (M2), idle CPU and time to all-parked (M3), starvation of external
 * work (M4), and the trivial tasks from sleepy submitters of the JDK-8080623 analysis. Each returns
 * one {@link Measurement} whose {@code extra} holds the probe's own figures.
 */
final class Probes {
  /** Time a probe waits for the pool to look idle before giving up. */
  private static final Duration PARK_WAIT = Duration.ofMillis(200);

  private static final String THREADS_CREATED = "threadsCreated";

  private Probes() {}

  /**
   * M2: {@code requests} external submissions of a task that forks and joins one subtask, each
   * awaited, with a pause of {@code gapNanos} between them.
   */
  static Measurement latency(Dialect d, long gapNanos, int requests) {
    submitForkJoin(d, Math.min(requests, 200), gapNanos, new long[Math.min(requests, 200)]);
    long[] latency = new long[requests];
    Map<String, Long> counters0 = d.counters();
    long cpu0 = CpuClock.process();
    long t0 = System.nanoTime();
    submitForkJoin(d, requests, gapNanos, latency);
    long wall = System.nanoTime() - t0;
    long cpu = CpuClock.process() - cpu0;
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("gapUs", gapNanos / 1000);
    extra.put("latencyUsP50", Stats.percentile(latency, 50) / 1000.0);
    extra.put("latencyUsP99", Stats.percentile(latency, 99) / 1000.0);
    extra.put("cpuCores", (double) cpu / wall);
    return Measurement.measured(
        "latency(gap=" + gapNanos / 1000 + "us)",
        d.variant(),
        d.parallelism(),
        wall / 1e6,
        cpu / 1e6,
        requests,
        Harness.perRun(counters0, d.counters(), 1),
        null,
        extra);
  }

  /**
   * One row from several runs of {@link #latency} on one variant: the median wall and CPU time and
   * latency percentiles, the counters per run, and the spread of the wall times ({@code
   * wallSpreadPct}). The suite alternates the variants between runs, so that a change in the
   * machine's load between two runs does not fall on one variant only.
   */
  static Measurement latencyMedian(List<Measurement> runs) {
    Measurement first = runs.get(0);
    List<Harness.Sample> samples = new ArrayList<>();
    Map<String, Long> counters = new LinkedHashMap<>();
    for (Measurement m : runs) {
      samples.add(
          new Harness.Sample(
              Math.round(m.wallMsMedian() * 1e6), Math.round(m.cpuMsMedian() * 1e6)));
      // threadsCreated is a pool's total, and each run has a pool of its own: the most of any run
      m.counters()
          .forEach(
              (name, value) ->
                  counters.merge(
                      name, value, name.equals(THREADS_CREATED) ? Math::max : Long::sum));
    }
    counters.replaceAll((name, sum) -> name.equals(THREADS_CREATED) ? sum : sum / runs.size());
    Map<String, Object> extra = new LinkedHashMap<>(first.extra());
    for (String figure : List.of("latencyUsP50", "latencyUsP99", "cpuCores")) {
      extra.put(
          figure,
          Stats.median(runs.stream().mapToDouble(m -> (Double) m.extra().get(figure)).toArray()));
    }
    extra.put(Harness.SPREAD, Harness.spreadPct(samples));
    return Measurement.measured(
        first.benchmark(),
        first.variant(),
        first.threads(),
        Harness.medianWallMs(samples),
        Harness.medianCpuMs(samples),
        first.ops(),
        counters,
        null,
        extra);
  }

  private static void submitForkJoin(Dialect d, int requests, long gapNanos, long[] latency) {
    for (int i = 0; i < requests; i++) {
      long start = System.nanoTime();
      long value = d.invoke(() -> d.fork(() -> 1L).join() + 1L);
      latency[i] = System.nanoTime() - start;
      if (value != 2L) {
        throw new IllegalStateException("latency probe: task returned " + value);
      }
      if (gapNanos > 0) {
        LockSupport.parkNanos(gapNanos);
      }
    }
  }

  /**
   * M3: after a burst of fine-grained work, the time until every worker is blocked (parked or
   * sleeping), then the workers' CPU over a quiet period, as a percentage of one core. Three
   * rounds, medians reported; {@code allParkedMs} is null when the workers never all blocked.
   */
  static Measurement idle(Dialect d, Duration quiet) {
    int rounds = 3;
    long[] parkedNanos = new long[rounds];
    long[] workerCpu = new long[rounds];
    long[] processCpu = new long[rounds];
    boolean everyRoundParked = true;
    FibKernel burst = new FibKernel(22, 2);
    Map<String, Long> counters0 = d.counters();
    for (int r = 0; r < rounds; r++) {
      burst.run(d);
      long quiescent = System.nanoTime();
      List<Thread> workers = d.workers();
      long deadline = quiescent + PARK_WAIT.toNanos();
      while (!allBlocked(workers) && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      parkedNanos[r] = System.nanoTime() - quiescent;
      everyRoundParked &= allBlocked(workers);
      long w0 = CpuClock.threads(workers);
      long p0 = CpuClock.process();
      LockSupport.parkNanos(quiet.toNanos());
      workerCpu[r] = CpuClock.threads(workers) - w0;
      processCpu[r] = CpuClock.process() - p0;
    }
    burst.verify();
    double quietNs = quiet.toNanos();
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("allParkedMs", everyRoundParked ? Stats.median(parkedNanos) / 1e6 : null);
    extra.put("idleCpuPctOfCore", 100.0 * Stats.median(workerCpu) / quietNs);
    extra.put("processIdleCpuPctOfCore", 100.0 * Stats.median(processCpu) / quietNs);
    return Measurement.measured(
        "idle",
        d.variant(),
        d.parallelism(),
        quietNs / 1e6,
        Stats.median(workerCpu) / 1e6,
        0,
        Harness.perRun(counters0, d.counters(), rounds),
        null,
        extra);
  }

  private static boolean allBlocked(List<Thread> workers) {
    for (Thread t : workers) {
      Thread.State s = t.getState();
      if (s != Thread.State.WAITING
          && s != Thread.State.TIMED_WAITING
          && s != Thread.State.TERMINATED) {
        return false;
      }
    }
    return true;
  }

  /**
   * M4 (Akka's ForkJoinPoolStarvationSpec): one self-resubmitting task per worker keeps the pool
   * busy while an outside thread sends {@code pings} tasks one at a time. Passes when every ping is
   * served within 100 ms; stops at the first ping not served within {@code timeout}.
   */
  static Measurement starvation(Dialect d, int pings, Duration timeout) {
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong resubmissions = new AtomicLong();
    for (int i = 0; i < d.parallelism(); i++) {
      d.execute(
          new Runnable() {
            @Override
            public void run() {
              resubmissions.incrementAndGet();
              for (int spin = 0; spin < 100; spin++) {
                Thread.onSpinWait();
              }
              if (!stop.get()) {
                d.execute(this);
              }
            }
          });
    }
    LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
    long[] latency = new long[pings];
    int served = 0;
    long t0 = System.nanoTime();
    long cpu0 = CpuClock.process();
    try {
      for (; served < pings; served++) {
        CompletableFuture<Long> done = new CompletableFuture<>();
        long sent = System.nanoTime();
        d.execute(() -> done.complete(System.nanoTime()));
        latency[served] = done.get(timeout.toNanos(), TimeUnit.NANOSECONDS) - sent;
      }
    } catch (TimeoutException e) {
      // starved: the count of served pings says how far it got
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
      throw new IllegalStateException("starvation probe: ping failed", e.getCause());
    } finally {
      stop.set(true);
    }
    long wall = System.nanoTime() - t0;
    long cpu = CpuClock.process() - cpu0;
    long[] observed = java.util.Arrays.copyOf(latency, served);
    double maxMs = served == 0 ? Double.NaN : Stats.percentile(observed, 100) / 1e6;
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("pings", pings);
    extra.put("served", served);
    extra.put("maxLatencyMs", served == 0 ? null : maxMs);
    extra.put("passed", served == pings && maxMs <= 100.0);
    extra.put("selfResubmissions", resubmissions.get());
    return Measurement.measured(
        "starvation",
        d.variant(),
        d.parallelism(),
        wall / 1e6,
        cpu / 1e6,
        served,
        d.counters(),
        null,
        extra);
  }

  /**
   * Seed 004's trivial-task benchmark: {@code submitters} outside threads each submit a task that
   * returns a constant, wait for it, and pause 100 µs, for {@code duration}. Throughput and CPU per
   * task show what an idle policy costs when work trickles in.
   */
  static Measurement sleepySubmitters(Dialect d, int submitters, Duration duration) {
    runSubmitters(
        d, submitters, Duration.ofMillis(Math.min(200, duration.toMillis())), new long[1]);
    long[] submitterCpu = new long[1];
    long cpu0 = CpuClock.process();
    long t0 = System.nanoTime();
    long ops = runSubmitters(d, submitters, duration, submitterCpu);
    long wall = System.nanoTime() - t0;
    long cpu = CpuClock.process() - cpu0 + submitterCpu[0];
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("submitters", submitters);
    extra.put("throughputOpsPerSec", ops * 1e9 / wall);
    extra.put("cpuUsPerOp", ops == 0 ? null : cpu / 1e3 / ops);
    return Measurement.measured(
        "sleepy-submitters(s=" + submitters + ")",
        d.variant(),
        d.parallelism(),
        wall / 1e6,
        cpu / 1e6,
        ops,
        d.counters(),
        null,
        extra);
  }

  /** Runs the submitters to the deadline; adds their CPU time (they end before it can be read). */
  private static long runSubmitters(Dialect d, int submitters, Duration duration, long[] cpuOut) {
    AtomicLong done = new AtomicLong();
    AtomicLong cpu = new AtomicLong();
    long deadline = System.nanoTime() + duration.toNanos();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < submitters; i++) {
      Thread t =
          new Thread(
              () -> {
                long mine = 0;
                while (System.nanoTime() < deadline) {
                  if (d.invoke(() -> 42) != 42) {
                    throw new IllegalStateException("trivial task returned the wrong value");
                  }
                  mine++;
                  LockSupport.parkNanos(100_000);
                }
                done.addAndGet(mine);
                cpu.addAndGet(CpuClock.currentThread());
              },
              "forkscope-bench-submitter-" + i);
      t.start();
      threads.add(t);
    }
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    cpuOut[0] = cpu.get();
    return done.get();
  }
}
