package dev.forkscope.profile;

import java.util.Arrays;
import java.util.function.LongToDoubleFunction;

/**
 * A task class's self times when the agent recorded only a sample of its executions: point
 * estimates of the distribution, and 95 % confidence intervals for the median and the total.
 *
 * <p>Implementation note. The input is one value per recorded execution, its weight (1 for an
 * execution recorded unconditionally, the class's period 2<sup>k</sup> at the time for one recorded
 * as a sample) and, when the trace has it, the class's exact execution count N.
 *
 * <ul>
 *   <li><b>Design.</b> The agent records each execution of a sampled class by its own random draw
 *       at the class's period at the time, so each execution of the sampled phase is in the sample
 *       independently with probability {@code π = 1/w} (Poisson sampling). The executions of weight
 *       1 (the class's warm-up) are a census: they add no variance.
 *   <li><b>Total</b>: the ratio (Hájek) estimator, calibrated to the exact count: the sampled
 *       stratum stands for {@code N_S = N - n_U} executions, so each sampled value gets the weight
 *       {@code g·w} with {@code g = N_S / Σw}. Then {@code T = Σ_U x + g·Σ_S w·x}, and its variance
 *       by linearisation is {@code g²·Σ_S (1 - π)·w²·(x - ȳ)²} with {@code ȳ = Σ_S w·x / Σ_S w}
 *       (Särndal, Swensson and Wretman, Model Assisted Survey Sampling, §5.6–5.7). The interval is
 *       {@code T ± 1.96·√V}, never below the recorded sum (a hard lower bound). Without N the
 *       weights are used as they are ({@code g = 1}: Horvitz–Thompson).
 *   <li><b>Quantiles</b>: the weighted nearest-rank quantile, the smallest value whose cumulative
 *       weight reaches {@code p·N}; with all weights 1 it is {@link Distribution}'s definition.
 *   <li><b>Median interval</b>: Woodruff's (1952) interval, the standard one for survey quantiles:
 *       the estimated share of executions at or below the median has variance {@code g²·Σ_S (1 -
 *       π)·w²·(1[x ≤ m] - F_S)² / N²}; the interval is the quantiles at {@code 0.5 ∓ 1.96·se}. It
 *       needs no resampling (a bootstrap of ten million values would cost seconds), is
 *       deterministic, and holds its level for the sample sizes sampling leaves (thousands); the
 *       test checks its coverage over seeded trials.
 * </ul>
 *
 * <p>Memory: one packed long per value ({@code value << 4 | log2(weight)}, sorted), so 8 bytes per
 * recorded execution of the class for the duration of the call.
 */
final class SampleEstimate {

  /** The normal quantile of a two-sided 95 % interval. */
  private static final double Z95 = 1.959964;

  private static final int LOG_BITS = 4;

  /**
   * The estimates.
   *
   * @param distribution point estimates; its count is the population (N, or the sum of weights)
   * @param sampleSize values recorded as samples (weight above 1)
   * @param median 95 % confidence interval of the median ([median, median] without samples)
   * @param total 95 % confidence interval of the total
   */
  record Result(
      Distribution distribution,
      long sampleSize,
      TaskClassProfile.Interval median,
      TaskClassProfile.Interval total) {
    boolean sampled() {
      return sampleSize > 0;
    }
  }

  private final long[] packed;
  private final double gain;
  private final double population;
  private final double sampleWeight;

  private SampleEstimate(long[] packed, double gain, double population, double sampleWeight) {
    this.packed = packed;
    this.gain = gain;
    this.population = population;
    this.sampleWeight = sampleWeight;
  }

  /**
   * Estimates from {@code values} measured on a random subset of the recorded executions (CPU time,
   * which the agent reads for one sample in eight): the distribution as {@link #of} gives it with
   * the weights as they are, and the total (with its interval) scaled by {@code population / Σw} to
   * stand for all {@code population} executions. A ratio estimate: the subset's mean times the
   * exact count.
   */
  static Result ofSubset(long[] values, long[] weights, long population) {
    Result r = of(values, weights, -1);
    double weightSum = 0;
    for (long w : weights) {
      weightSum += w;
    }
    if (population < 0 || weightSum == 0) {
      return r;
    }
    double factor = population / weightSum;
    Distribution d = r.distribution();
    return new Result(
        new Distribution(
            population,
            d.min(),
            d.median(),
            d.p90(),
            d.p99(),
            d.max(),
            Math.round(d.total() * factor)),
        r.sampleSize(),
        r.median(),
        new TaskClassProfile.Interval(
            Math.round(r.total().low() * factor), Math.round(r.total().high() * factor)));
  }

  /**
   * Estimates from {@code values} recorded with {@code weights} (powers of two).
   *
   * @param population the exact number of executions the values stand for, or a negative value when
   *     unknown (the sum of the weights is used)
   */
  static Result of(long[] values, long[] weights, long population) {
    int n = values.length;
    long census = 0;
    long sampled = 0;
    double sampleWeight = 0;
    for (long w : weights) {
      if (Long.numberOfTrailingZeros(w) == 0) { // weight 1: recorded unconditionally
        census++;
      } else {
        sampled++;
        sampleWeight += w;
      }
    }
    if (sampled == 0) {
      Distribution exact = Distribution.of(values.clone());
      return new Result(
          exact,
          0,
          new TaskClassProfile.Interval(exact.median(), exact.median()),
          new TaskClassProfile.Interval(exact.total(), exact.total()));
    }
    long[] packed = new long[n];
    for (int i = 0; i < n; i++) {
      packed[i] = values[i] << LOG_BITS | Long.numberOfTrailingZeros(weights[i]);
    }
    Arrays.sort(packed);
    double stratum = population >= 0 ? Math.max(population - census, sampled) : sampleWeight;
    SampleEstimate e =
        new SampleEstimate(packed, stratum / sampleWeight, census + stratum, sampleWeight);
    return e.result(sampled);
  }

  private Result result(long sampleSize) {
    double censusSum = 0;
    double weightedSum = 0;
    long recordedSum = 0;
    for (long p : packed) {
      long x = value(p);
      recordedSum += x;
      if (log(p) == 0) {
        censusSum += x;
      } else {
        weightedSum += (double) x * weight(p);
      }
    }
    double mean = weightedSum / sampleWeight;
    double total = censusSum + gain * weightedSum;
    double totalSe = Math.sqrt(variance(x -> x - mean));
    long median = quantile(0.5);
    double below = 0;
    for (long p : packed) {
      if (log(p) > 0 && value(p) <= median) {
        below += weight(p);
      }
    }
    double share = below / sampleWeight;
    double medianSe = Math.sqrt(variance(x -> (x <= median ? 1 : 0) - share)) / population;
    Distribution d =
        new Distribution(
            Math.round(population),
            value(packed[0]),
            median,
            quantile(0.9),
            quantile(0.99),
            value(packed[packed.length - 1]),
            Math.round(total));
    return new Result(
        d,
        sampleSize,
        new TaskClassProfile.Interval(
            quantile(Math.max(0, 0.5 - Z95 * medianSe)),
            quantile(Math.min(1, 0.5 + Z95 * medianSe))),
        new TaskClassProfile.Interval(
            Math.max(recordedSum, Math.round(total - Z95 * totalSe)),
            Math.round(total + Z95 * totalSe)));
  }

  /** {@code g²·Σ_S (1 - 1/w)·w²·r(x)²}: the linearised variance of a residual over the sample. */
  private double variance(LongToDoubleFunction residual) {
    double v = 0;
    for (long p : packed) {
      if (log(p) > 0) {
        double w = weight(p);
        double r = residual.applyAsDouble(value(p));
        v += (w - 1) * w * r * r; // (1 - 1/w)·w² = (w - 1)·w
      }
    }
    return gain * gain * v;
  }

  /**
   * The smallest value whose cumulative (calibrated) weight reaches {@code p} of the population.
   */
  private long quantile(double p) {
    double target = Math.max(p * population, Double.MIN_NORMAL) * (1 - 1e-12);
    double cumulative = 0;
    for (long q : packed) {
      cumulative += log(q) == 0 ? 1 : gain * weight(q);
      if (cumulative >= target) {
        return value(q);
      }
    }
    return value(packed[packed.length - 1]);
  }

  private static long value(long packed) {
    return packed >> LOG_BITS;
  }

  private static int log(long packed) {
    return (int) (packed & ((1 << LOG_BITS) - 1));
  }

  private static long weight(long packed) {
    return 1L << log(packed);
  }
}
