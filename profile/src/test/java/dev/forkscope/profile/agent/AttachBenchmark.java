package dev.forkscope.profile.agent;

import dev.forkscope.agent.contract.AgentOptions;
import dev.forkscope.profile.attach.RunningJvms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The attach benchmark (a test-scope main, not a test): an {@link AttachTarget} with {@value
 * #FILLERS} extra classes loaded (one in ten a task class) runs batches as fast as it can; the
 * benchmark measures its batches per second before an attachment, inside the window and after the
 * detachment, {@value #ROUNDS} times in the same process, and the pauses of the retransformations
 * from the target's safepoint log ({@code -Xlog:safepoint}). It prints medians; the throughputs as
 * the median of each round's ratio to the phase just before its attachment, so that a change of the
 * machine's load between rounds cancels out.
 *
 * <pre>
 * java -Dforkscope.agent.jar=agent/target/forkscope-agent.jar -cp CLASSPATH \
 *     dev.forkscope.profile.agent.AttachBenchmark JAVA [SECONDS]
 * </pre>
 *
 * JAVA is the target's launcher; SECONDS the length of each phase (default 8).
 */
public final class AttachBenchmark {
  static final int FILLERS = 10_000;
  static final int ROUNDS = 7;

  private static final Pattern SAFEPOINT =
      Pattern.compile("\\[([0-9.]+)s\\].*Safepoint \"RedefineClasses\".*Total: ([0-9]+) ns");

  private AttachBenchmark() {}

  public static void main(String[] args) throws Exception {
    String java = args[0];
    long phaseMs = TimeUnit.SECONDS.toMillis(args.length > 1 ? Long.parseLong(args[1]) : 8);
    Path scratch = Files.createTempDirectory("forkscope-attach-bench");
    Path log = scratch.resolve("batches.log");
    Path safepoints = scratch.resolve("safepoint.log");
    List<String> cmd =
        List.of(
            java,
            "-Xmx512m",
            "-Xlog:safepoint:file=" + safepoints,
            "-cp",
            System.getProperty("java.class.path"),
            AttachTarget.class.getName(),
            log.toString(),
            "0",
            "0",
            Integer.toString(FILLERS));
    Process target =
        new ProcessBuilder(cmd)
            .redirectOutput(scratch.resolve("stdout.txt").toFile())
            .redirectError(scratch.resolve("stderr.txt").toFile())
            .start();
    try {
      while (!Files.readString(scratch.resolve("stdout.txt")).startsWith("ready")) {
        if (!target.isAlive()) {
          throw new IllegalStateException("the target ended: " + scratch);
        }
        Thread.sleep(100);
      }
      Thread.sleep(3 * phaseMs); // warm-up
      List<Double> before = new ArrayList<>();
      List<Double> inside = new ArrayList<>();
      List<Double> after = new ArrayList<>();
      List<Long> attachPause = new ArrayList<>();
      List<Long> longestPause = new ArrayList<>();
      List<Long> detachPause = new ArrayList<>();
      for (int round = 0; round < ROUNDS; round++) {
        long t0 = System.nanoTime();
        Thread.sleep(phaseMs);
        before.add(rate(log, t0, System.nanoTime()));
        List<long[]> seen = pauses(safepoints);
        Path out = scratch.resolve("out-" + round);
        RunningJvms.Recording r =
            RunningJvms.start(
                target.pid(), out, AgentOptions.defaults().withSampling(false), phaseMs);
        long started = System.nanoTime();
        List<long[]> atStart = pauses(safepoints);
        long sum = 0;
        long longest = 0;
        for (long[] p : atStart.subList(seen.size(), atStart.size())) {
          sum += p[1];
          longest = Math.max(longest, p[1]);
        }
        attachPause.add(sum);
        longestPause.add(longest);
        if (!r.awaitEnd(phaseMs + 30_000) || r.awaitUnhooked(30_000) == null) {
          throw new IllegalStateException("the window did not end: " + out);
        }
        long ended = System.nanoTime();
        // from one second in: the JIT recompiles what the retransformation deoptimised
        inside.add(
            rate(
                log,
                started + TimeUnit.SECONDS.toNanos(1),
                ended - TimeUnit.MILLISECONDS.toNanos(200)));
        List<long[]> atEnd = pauses(safepoints);
        long detach = 0;
        for (long[] p : atEnd.subList(atStart.size(), atEnd.size())) {
          detach += p[1];
        }
        detachPause.add(detach);
        Thread.sleep(1000); // the JIT recompiles what the hooks' removal deoptimised
        long t1 = System.nanoTime();
        Thread.sleep(phaseMs);
        after.add(rate(log, t1, System.nanoTime()));
        System.out.printf(
            Locale.ROOT,
            "round %d: %.1f batches/s before, %.1f in the window, %.1f after; attach pause %.1f ms"
                + " (longest %.1f ms), detach pause %.1f ms%n",
            round + 1,
            before.get(round),
            inside.get(round),
            after.get(round),
            sum / 1e6,
            longest / 1e6,
            detach / 1e6);
      }
      List<Double> insideRatio = new ArrayList<>();
      List<Double> afterRatio = new ArrayList<>();
      for (int round = 0; round < ROUNDS; round++) {
        insideRatio.add(inside.get(round) / before.get(round));
        afterRatio.add(after.get(round) / before.get(round));
      }
      System.out.printf(
          Locale.ROOT,
          "medians over %d rounds (%d loaded classes in the target, %s): attach pause %.1f ms"
              + " (longest single pause %.1f ms), detach pause %.1f ms; throughput in the window"
              + " %+.1f %%, after detach %+.1f %% of before%n",
          ROUNDS,
          FILLERS,
          java,
          median(attachPause) / 1e6,
          median(longestPause) / 1e6,
          median(detachPause) / 1e6,
          100 * (medianD(insideRatio) - 1),
          100 * (medianD(afterRatio) - 1));
    } finally {
      target.destroy();
      target.waitFor(30, TimeUnit.SECONDS);
    }
  }

  /** Batches ended per second between {@code fromNs} and {@code toNs}. */
  private static double rate(Path log, long fromNs, long toNs) throws IOException {
    long n = 0;
    for (String line : Files.readAllLines(log)) {
      String[] f = line.split(" ");
      if (f.length == 2) {
        long end = Long.parseLong(f[1]);
        if (end >= fromNs && end < toNs) {
          n++;
        }
      }
    }
    return n / ((toNs - fromNs) / 1e9);
  }

  /** The RedefineClasses safepoints so far: {uptime ms, total ns}. */
  private static List<long[]> pauses(Path safepoints) throws IOException {
    List<long[]> out = new ArrayList<>();
    for (String line : Files.readAllLines(safepoints)) {
      Matcher m = SAFEPOINT.matcher(line);
      if (m.find()) {
        out.add(
            new long[] {
              (long) (Double.parseDouble(m.group(1)) * 1000), Long.parseLong(m.group(2))
            });
      }
    }
    return out;
  }

  private static long median(List<Long> values) {
    long[] v = values.stream().mapToLong(Long::longValue).sorted().toArray();
    return v[v.length / 2];
  }

  private static double medianD(List<Double> values) {
    double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(v);
    return v[v.length / 2];
  }
}
