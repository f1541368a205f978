package dev.forkscope.examples.copyonjoin;

import java.util.ArrayList;
import java.util.List;

/**
 * The data, the filter and the checksum shared by both variants: keep the primes of a list of
 * numbers.
 */
final class Numbers {
  static final int DEFAULT_SIZE = 1_000_000;

  /** Below this many elements a task filters sequentially (FORK_SIZE in Fig. 6). */
  static final int FORK_SIZE = 2_000;

  private Numbers() {}

  static List<Integer> generate(int size) {
    List<Integer> numbers = new ArrayList<>(size);
    long x = 0x2545F4914F6CDD1DL;
    for (int i = 0; i < size; i++) {
      x ^= x << 13;
      x ^= x >>> 7;
      x ^= x << 17;
      numbers.add((int) (x >>> 44));
    }
    return numbers;
  }

  static boolean isPrime(int n) {
    if (n < 2) {
      return false;
    }
    for (int d = 2; d <= n / d; d++) {
      if (n % d == 0) {
        return false;
      }
    }
    return true;
  }

  /** Order-sensitive, so a result in the wrong order gives a different checksum. */
  static long checksum(List<Integer> kept) {
    long sum = 0;
    for (int n : kept) {
      sum = sum * 31 + n;
    }
    return sum;
  }
}
