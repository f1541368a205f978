package dev.forkscope.profile;

import java.util.Locale;

/** Human-readable numbers and names for tables and verdict texts. */
public final class Units {

  private Units() {}

  /**
   * A duration with three significant digits in the largest fitting unit: 850 ns, 1.93 µs, 12.4 ms.
   */
  public static String duration(long ns) {
    double v = Math.abs((double) ns);
    String sign = ns < 0 ? "-" : "";
    if (v < 1_000) {
      return sign + (long) v + " ns";
    }
    String[] units = {"µs", "ms", "s"};
    double scaled = v / 1_000;
    int u = 0;
    while (scaled >= 1_000 && u < units.length - 1) {
      scaled /= 1_000;
      u++;
    }
    return sign + threeDigits(scaled) + " " + units[u];
  }

  /** A count with thousands separators: 524,288. */
  public static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** A count of executions: "1 execution", "2,048 executions". */
  static String executions(long n) {
    return count(n) + (n == 1 ? " execution" : " executions");
  }

  /** A share as a whole percentage: 48%. */
  static String percent(double share) {
    return String.format(Locale.ROOT, "%.0f%%", share * 100);
  }

  /** A class name without its package: {@code a.b.Foo$Bar} becomes {@code Foo$Bar}. */
  public static String simpleName(String className) {
    if (className == null) {
      return "?";
    }
    int dot = className.lastIndexOf('.');
    return dot < 0 ? className : className.substring(dot + 1);
  }

  private static String threeDigits(double v) {
    String pattern = v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f";
    return String.format(Locale.ROOT, pattern, v);
  }
}
