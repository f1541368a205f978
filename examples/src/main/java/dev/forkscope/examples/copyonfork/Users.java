package dev.forkscope.examples.copyonfork;

/** The data and the sequential leaf work shared by both variants. */
final class Users {
  /** Users per run; copying them at every level is what the bottleneck costs. */
  static final int DEFAULT_SIZE = 1_000_000;

  /** Below this many users a task scores them sequentially (N in Fig. 2). */
  static final int LEAF_SIZE = 1_000;

  private Users() {}

  static User[] generate(int size) {
    User[] users = new User[size];
    for (int i = 0; i < size; i++) {
      users[i] = new User(0x9E3779B97F4A7C15L * (i + 1));
    }
    return users;
  }

  /** Scores {@code users[from..to)} one by one. */
  static void score(User[] users, int from, int to) {
    for (int i = from; i < to; i++) {
      users[i].score = riskScore(users[i].id);
    }
  }

  static long checksum(User[] users) {
    long sum = 0;
    for (User user : users) {
      sum += user.score;
    }
    return sum;
  }

  /** A few dozen rounds of xorshift: stands in for a real scoring model. */
  private static long riskScore(long id) {
    long x = id;
    for (int round = 0; round < 48; round++) {
      x ^= x << 13;
      x ^= x >>> 7;
      x ^= x << 17;
    }
    return x & 0xFFFF;
  }
}
