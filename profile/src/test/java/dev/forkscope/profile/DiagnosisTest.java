package dev.forkscope.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class DiagnosisTest {

  private static final long MS = 1_000_000;

  /** Facts whose every recorded self time is the median, and none of whose executions ran alone. */
  private static Diagnosis.ClassFacts facts(
      long executions, Distribution granularity, double busy, boolean direct, double cpuShare) {
    long[] each = new long[(int) executions];
    Arrays.fill(each, granularity.median());
    return new Diagnosis.ClassFacts(
        executions,
        granularity,
        busy,
        direct,
        cpuShare,
        Diagnosis.SelfTimes.of(each),
        Diagnosis.Alone.NONE);
  }

  private static Diagnosis.ClassFacts facts(
      long executions, long median, long min, long max, long total, double busy) {
    return facts(
        executions,
        new Distribution(executions, min, median, max, max, max, total),
        busy,
        false,
        Double.NaN);
  }

  private static Diagnosis.ClassFacts uniform(long executions, long each, double busy) {
    return facts(executions, each, each, each, executions * each, busy);
  }

  @Test
  void fineWhenMedianBelowTenOverheadsAndHundredTasksPerCpu() {
    Diagnosis.RunFacts run = new Diagnosis.RunFacts(2, 350, 1_000 * MS, false);

    Verdict v = Diagnosis.relative(uniform(524_288, 1_900, 1.0), run);

    assertThat(v.kind()).isEqualTo(Verdict.Kind.FINE);
    assertThat(v.why())
        .isEqualTo("median 1.90 µs < 10 x 350 ns overhead; 524,288 executions on 2 CPUs");
  }

  @Test
  void fineBoundaries() {
    Diagnosis.RunFacts run = new Diagnosis.RunFacts(4, 100, 1_000 * MS, false);

    assertThat(Diagnosis.relative(uniform(400, 999, 1.0), run).kind()).isEqualTo(Verdict.Kind.FINE);
    assertThat(Diagnosis.relative(uniform(400, 1_000, 1.0), run).kind()).isEqualTo(Verdict.Kind.OK);
    Verdict tooFew = Diagnosis.relative(uniform(399, 999, 1.0), run);
    assertThat(tooFew.kind()).isEqualTo(Verdict.Kind.OK);
    assertThat(tooFew.why())
        .contains("only 399 executions on 4 CPUs")
        .contains("fine needs >= 400");
  }

  @Test
  void unmeasuredOverheadIsAssumedAndSaidSo() {
    Verdict v =
        Diagnosis.relative(
            uniform(1_000, 100, 1.0), new Diagnosis.RunFacts(2, -1, 1_000 * MS, false));

    assertThat(v.kind()).isEqualTo(Verdict.Kind.FINE);
    assertThat(v.why()).contains("250 ns overhead (assumed, not measured)");
  }

  @Test
  void coarseWhenOneTaskHoldsTheRunOnTwoCpus() {
    Diagnosis.RunFacts run = new Diagnosis.RunFacts(2, 300, 1_000 * MS, false);

    Verdict v = Diagnosis.relative(uniform(1, 800 * MS, 0.5), run);

    assertThat(v.kind()).isEqualTo(Verdict.Kind.COARSE);
    assertThat(v.why())
        .isEqualTo(
            "only 1 execution on 2 CPUs, median 800 ms >= 250 ms (1/4 of the task span); CPUs 50% busy while they ran");
  }

  @Test
  void coarseBoundaries() {
    Diagnosis.RunFacts run = new Diagnosis.RunFacts(4, 300, 1_000 * MS, false);
    // 7 tasks of 125 ms run one after the other: 25% of 4 CPUs busy
    assertThat(Diagnosis.relative(uniform(7, 125 * MS, 0.25), run).kind())
        .isEqualTo(Verdict.Kind.COARSE);
    // 8 tasks (= 2 x CPUs) is no longer few
    assertThat(Diagnosis.relative(uniform(8, 125 * MS, 0.25), run).kind())
        .isEqualTo(Verdict.Kind.OK);
    // just under 1/(2P) of the task span is no longer large
    assertThat(Diagnosis.relative(uniform(7, 125 * MS - 1, 0.25), run).kind())
        .isEqualTo(Verdict.Kind.OK);
    // half a CPU idle on average is still idle
    assertThat(Diagnosis.relative(uniform(6, 250 * MS, 0.875), run).kind())
        .isEqualTo(Verdict.Kind.COARSE);
    Verdict busy = Diagnosis.relative(uniform(7, 250 * MS, 0.88), run);
    assertThat(busy.kind()).isEqualTo(Verdict.Kind.OK);
    assertThat(busy.why()).contains("but CPUs 88% busy");
    assertThat(busy.why()).contains("--cpu tells them apart");
    Verdict measured =
        Diagnosis.relative(
            uniform(7, 250 * MS, 0.88), new Diagnosis.RunFacts(4, 300, 1_000 * MS, true));
    assertThat(measured.why()).endsWith("busy while they ran");
  }

  @Test
  void neverCoarseOnOneCpuNorBelowTenMilliseconds() {
    assertThat(
            Diagnosis.relative(
                    uniform(1, 800 * MS, 1.0), new Diagnosis.RunFacts(1, 300, 1_000 * MS, false))
                .kind())
        .isEqualTo(Verdict.Kind.OK);
    assertThat(
            Diagnosis.relative(
                    uniform(1, 9 * MS, 0.5), new Diagnosis.RunFacts(2, 300, 10 * MS, false))
                .kind())
        .isEqualTo(Verdict.Kind.OK);
  }

  @Test
  void tgpFineAtThirtyThreeMillisecondsAndSpread() {
    long max = Diagnosis.TGP_FINE_MAX_NS;

    Verdict fine = Diagnosis.tgp(facts(3, 10, 1, max, max + 11, 1.0));
    assertThat(fine.kind()).isEqualTo(Verdict.Kind.FINE);
    assertThat(fine.why()).contains("<= 33.3 ms");
    assertThat(Diagnosis.tgp(facts(3, 10, 1, max + 1, max + 12, 1.0)).kind())
        .isEqualTo(Verdict.Kind.OK);
    assertThat(Diagnosis.tgp(facts(0, 0, 0, 0, 0, 1.0)).kind()).isEqualTo(Verdict.Kind.FINE);
  }

  @Test
  void tgpCoarseBetweenOneAndHundredTasksOfAtLeastAThirdOfASecond() {
    long min = Diagnosis.TGP_COARSE_MIN_NS;

    assertThat(Diagnosis.tgp(uniform(100, min, 1.0)).kind()).isEqualTo(Verdict.Kind.COARSE);
    assertThat(Diagnosis.tgp(uniform(101, min, 1.0)).kind()).isEqualTo(Verdict.Kind.OK);
    assertThat(Diagnosis.tgp(facts(2, min, min - 1, min, 2 * min - 1, 1.0)).kind())
        .isEqualTo(Verdict.Kind.OK);
    assertThat(Diagnosis.tgp(uniform(1, Diagnosis.TGP_COARSE_MAX_NS + 1, 1.0)).kind())
        .isEqualTo(Verdict.Kind.OK);
  }

  @Test
  void modeSelectsTheRule() {
    Diagnosis.ClassFacts facts = uniform(1_000, 5 * MS, 1.0);
    Diagnosis.RunFacts run = new Diagnosis.RunFacts(2, 300, 5_000 * MS, false);

    assertThat(Diagnosis.verdict(VerdictMode.TGP, facts, run).kind()).isEqualTo(Verdict.Kind.FINE);
    assertThat(Diagnosis.verdict(VerdictMode.RELATIVE, facts, run).kind())
        .isEqualTo(Verdict.Kind.OK);
  }

  @Test
  void directCallsOutsideAnyTaskAreNotJudged() {
    Diagnosis.RunFacts run = new Diagnosis.RunFacts(2, 350, 1_000 * MS, false);
    Diagnosis.ClassFacts command =
        facts(
            1,
            new Distribution(1, 900 * MS, 900 * MS, 900 * MS, 900 * MS, 900 * MS, 900 * MS),
            0.37,
            true,
            Double.NaN);

    Verdict v = Diagnosis.verdict(VerdictMode.RELATIVE, command, run);

    assertThat(Diagnosis.relative(command, run).kind()).isEqualTo(Verdict.Kind.COARSE);
    assertThat(v.kind()).isEqualTo(Verdict.Kind.OK);
    assertThat(v.why())
        .isEqualTo(
            "not judged: its one execution was called directly outside any task, not run by an"
                + " executor or pool");
    assertThat(Diagnosis.verdict(VerdictMode.TGP, command, run).why()).startsWith("not judged");
  }

  @Test
  void aLongExecutionThatMostlyWaitsIsNotCoarse() {
    Diagnosis.RunFacts run = new Diagnosis.RunFacts(2, 350, 3_000 * MS, true);
    Distribution oneLong =
        new Distribution(1, 2_160 * MS, 2_160 * MS, 2_160 * MS, 2_160 * MS, 2_160 * MS, 2_160 * MS);

    Verdict tick = Diagnosis.relative(facts(1, oneLong, 0.41, false, 0.01), run);
    // CPU-bound, but on a loaded machine: 11 % of its wall time on a CPU, still coarse
    Verdict work = Diagnosis.relative(facts(1, oneLong, 0.41, false, 0.11), run);

    assertThat(tick.kind()).isEqualTo(Verdict.Kind.OK);
    assertThat(tick.why()).startsWith("mostly waiting: on a CPU 1% of its wall time");
    assertThat(Diagnosis.setAside(tick)).isTrue();
    assertThat(work.kind()).isEqualTo(Verdict.Kind.COARSE);
    assertThat(Diagnosis.setAside(work)).isFalse();

    // Spark's message loops: 8 executions of 25 s, enough of them not to be coarse, set aside too
    Distribution loops =
        new Distribution(
            8, 25_000 * MS, 25_000 * MS, 25_000 * MS, 25_000 * MS, 25_000 * MS, 200_000 * MS);
    Verdict loop = Diagnosis.relative(facts(8, loops, 1.0, false, 0.02), run);
    assertThat(loop.why()).startsWith("mostly waiting: on a CPU 2% of its wall time");
    // short waits are not set aside: a 1 ms task that blocks is judged like the others
    Verdict shortWait =
        Diagnosis.relative(
            facts(8, new Distribution(8, MS, MS, MS, MS, MS, 8 * MS), 1.0, false, 0.02), run);
    assertThat(Diagnosis.setAside(shortWait)).isFalse();
  }

  /**
   * {@code shortShare} of {@code executions} take {@code shortNs}, the others {@code longNs}, like
   * Lucene's executor runners: a runner that finds every task taken returns at once, one that finds
   * work runs a term lookup.
   */
  private static Diagnosis.ClassFacts twoModes(
      int executions, double shortShare, long shortNs, long longNs) {
    long[] each = new long[executions];
    int shorter = (int) Math.round(executions * shortShare);
    Arrays.fill(each, 0, shorter, shortNs);
    Arrays.fill(each, shorter, executions, longNs);
    long total = shorter * shortNs + (executions - shorter) * longNs;
    Distribution d = Distribution.of(each.clone());
    return new Diagnosis.ClassFacts(
        executions, d, 1.0, false, Double.NaN, Diagnosis.SelfTimes.of(each), Diagnosis.Alone.NONE);
  }

  @Test
  void aBimodalClassIsJudgedByWhereItsTimeGoesWhicheverSideItsMedianFalls() {
    Diagnosis.RunFacts run = new Diagnosis.RunFacts(2, 205, 5_000 * MS, true);

    Verdict lowMedian = Diagnosis.relative(twoModes(180_000, 0.55, 70, 4_400), run);
    Verdict highMedian = Diagnosis.relative(twoModes(180_000, 0.45, 70, 4_400), run);

    assertThat(twoModes(180_000, 0.55, 70, 4_400).granularity().median()).isEqualTo(70);
    assertThat(twoModes(180_000, 0.45, 70, 4_400).granularity().median()).isEqualTo(4_400);
    assertThat(lowMedian.kind()).isEqualTo(Verdict.Kind.OK);
    assertThat(highMedian.kind()).isEqualTo(Verdict.Kind.OK);
    assertThat(lowMedian.why())
        .isEqualTo(
            "55% of executions take < 2.05 µs (10 x 205 ns overhead; median 70 ns) and hold 2% of"
                + " its time, the other 45% (median 4.40 µs) 98%: the time goes to executions above"
                + " the threshold; 180,000 executions on 2 CPUs");
    assertThat(highMedian.why())
        .startsWith("45% of executions take < 2.05 µs (10 x 205 ns overhead; median 70 ns)")
        .contains("the other 55% (median 4.40 µs)");
  }

  @Test
  void aBimodalClassWhoseShortExecutionsHoldMostOfItsTimeIsFine() {
    Diagnosis.RunFacts run = new Diagnosis.RunFacts(2, 200, 5_000 * MS, true);

    // 90% of 300 ns hold 270 of every 520 ns, 52%
    Verdict fine = Diagnosis.relative(twoModes(10_000, 0.9, 300, 2_500), run);
    // 85% hold 255 of every 630 ns, 40%
    Verdict ok = Diagnosis.relative(twoModes(10_000, 0.85, 300, 2_500), run);

    assertThat(fine.kind()).isEqualTo(Verdict.Kind.FINE);
    assertThat(fine.why())
        .isEqualTo(
            "median 300 ns < 10 x 200 ns overhead; 10,000 executions on 2 CPUs; the 10% of"
                + " executions >= 2.00 µs (median 2.50 µs) hold 48% of its time");
    assertThat(ok.kind()).isEqualTo(Verdict.Kind.OK);
    assertThat(ok.why()).startsWith("85% of executions take < 2.00 µs").contains("hold 40% of");
  }

  @Test
  void aThinTailDoesNotTurnAFineClassOk() {
    Diagnosis.RunFacts run = new Diagnosis.RunFacts(2, 285, 5_000 * MS, true);
    // TooFine on a loaded machine: 2% of the executions, near the root of the fork/join tree, wait
    // in join() and hold 64% of the self wall time
    Diagnosis.ClassFacts tooFine = twoModes(262_144, 0.98, 500, 45_000);

    assertThat(tooFine.selfTimes().split(2_850).shortTimeShare()).isLessThan(0.5);
    Verdict v = Diagnosis.relative(tooFine, run);
    assertThat(v.kind()).isEqualTo(Verdict.Kind.FINE);
    assertThat(v.why())
        .isEqualTo("median 500 ns < 10 x 285 ns overhead; 262,144 executions on 2 CPUs");
  }

  @Test
  void samplesCountTheirWeightInTheTimeShare() {
    // 600 recorded short ones of weight 1 and 400 long ones standing for 4 each: 600 x 300 ns
    // against 1,600 x 2.5 µs, split at 2 µs
    long[] ns = new long[1_000];
    long[] weights = new long[1_000];
    Arrays.fill(ns, 0, 600, 300);
    Arrays.fill(ns, 600, 1_000, 2_500);
    Arrays.fill(weights, 0, 600, 1);
    Arrays.fill(weights, 600, 1_000, 4);
    Diagnosis.Modes modes =
        new Diagnosis.SelfTimes(ns, weights, Diagnosis.Measure.WALL).split(2_000);

    assertThat(modes.shortExecutions()).isEqualTo(600);
    assertThat(modes.longExecutions()).isEqualTo(1_600);
    assertThat(modes.shortTimeShare()).isCloseTo(180_000.0 / 4_180_000, within(1e-12));
    assertThat(modes.bimodal()).isTrue();
  }

  private static Diagnosis.ClassFacts withAlone(
      long executions, long median, Diagnosis.Alone alone) {
    Diagnosis.ClassFacts base = uniform(executions, median, 1.0);
    return new Diagnosis.ClassFacts(
        executions, base.granularity(), 1.0, false, 0.9, base.selfTimes(), alone);
  }

  @Test
  void executionsThatRanAloneOverAQuarterOfTheSpanOnTwoCpusMakeTheClassCoarse() {
    // Spark: one partition's task ran alone for 2.9 s of a 6 s task span; 22 task runners, median
    // 54 ms, CPUs otherwise busy
    Diagnosis.RunFacts run = new Diagnosis.RunFacts(2, 300, 6_000 * MS, true);

    Verdict one =
        Diagnosis.relative(
            withAlone(22, 54 * MS, new Diagnosis.Alone(1, 2_900 * MS, 2_900 * MS, 0.5)), run);
    Verdict several =
        Diagnosis.relative(
            withAlone(22, 54 * MS, new Diagnosis.Alone(3, 1_000 * MS, 1_500 * MS, 0.52)), run);
    Verdict tooLittle =
        Diagnosis.relative(
            withAlone(22, 54 * MS, new Diagnosis.Alone(1, 1_499 * MS, 1_499 * MS, 0.5)), run);
    Verdict oneCpu =
        Diagnosis.relative(
            withAlone(22, 54 * MS, new Diagnosis.Alone(1, 2_900 * MS, 2_900 * MS, 0.5)),
            new Diagnosis.RunFacts(1, 300, 6_000 * MS, true));

    assertThat(one.kind()).isEqualTo(Verdict.Kind.COARSE);
    assertThat(one.why())
        .isEqualTo(
            "1 of 22 executions, 2.90 s long, ran alone (>= 1.50 s, 1/4 of the task span); CPUs"
                + " 50% busy while it ran (median 54.0 ms)");
    assertThat(several.kind()).isEqualTo(Verdict.Kind.COARSE);
    assertThat(several.why())
        .isEqualTo(
            "3 of 22 executions ran alone, 1.50 s in all (>= 1.50 s, 1/4 of the task span),"
                + " longest 1.00 s; CPUs 52% busy while they ran (median 54.0 ms)");
    assertThat(tooLittle.kind()).isEqualTo(Verdict.Kind.OK);
    assertThat(oneCpu.kind()).isEqualTo(Verdict.Kind.OK);
  }
}
