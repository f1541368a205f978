package dev.forkscope.profile.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

/**
 * Writes a synthetic fork/join trace of about {@code n} executions, for the scale benchmark and the
 * streamed-analysis tests: {@code W} workers in rounds; in each round every worker runs one {@code
 * app.Node} stolen from its neighbour (forked in the round before), which forks {@value #LEAVES}
 * {@code app.Leaf} tasks and the next round's node, runs its own leaves nested (popped and joined),
 * then waits in a join and helps run a leaf its neighbour forked. Seeded: the same arguments give
 * the same bytes.
 *
 * <p>Run: {@code java -cp profile/target/test-classes dev.forkscope.profile.trace.SyntheticTrace
 * DIR EXECUTIONS [SAMPLE_PERIOD]}; with a period above 1 (a power of two), leaves after the first
 * 1,000 are recorded one in that many (FSTRACE6).
 */
public final class SyntheticTrace {
  static final int LEAVES = 8;
  static final int NODE = 1;
  static final int LEAF = 2;
  static final int POOL = 3;
  private static final int WORKERS = 4;
  private static final int WARM_UP = 1_000;

  private SyntheticTrace() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: SyntheticTrace DIR EXECUTIONS [SAMPLE_PERIOD]");
      System.exit(2);
    }
    long n = Long.parseLong(args[1].replace("_", ""));
    int period = args.length > 2 ? Integer.parseInt(args[2]) : 1;
    long t0 = System.nanoTime();
    write(Path.of(args[0]), n, period, 1);
    System.out.printf(
        "wrote %s: %,d executions in %.1f s%n", args[0], n, (System.nanoTime() - t0) / 1e9);
  }

  /**
   * Writes the trace directory.
   *
   * @param period 1 to record every task (FSTRACE5), a power of two to sample leaves (FSTRACE6)
   */
  public static void write(Path dir, long executions, int period, long seed) throws IOException {
    long rounds = Math.max(1, executions / ((LEAVES + 2L) * WORKERS));
    int log = Integer.numberOfTrailingZeros(period);
    TraceBytes.writeTrace(
        dir,
        period > 1 ? "FSTRACE6" : "FSTRACE5",
        1_000,
        t -> {
          Random random = new Random(seed);
          t.classDef(NODE, "app.Node").classDef(LEAF, "app.Leaf").classDef(POOL, "ForkJoinPool");
          t.thread(0, 1, "main");
          for (int w = 1; w <= WORKERS; w++) {
            t.thread(w, 10 + w, "ForkJoinPool-1-worker-" + w);
          }
          int[] node = new int[WORKERS]; // each worker's next node, forked in the round before
          int[] helped = new int[WORKERS]; // the leaf each worker's neighbour left for it to help
          long[] seq = new long[WORKERS];
          boolean[] helpedWarm = new boolean[WORKERS];
          long warmRounds = (WARM_UP + WORKERS * (LEAVES + 1) - 1) / (WORKERS * (LEAVES + 1));
          long skipped = 0;
          long leafCount = 0;
          t.owner(0);
          for (int w = 0; w < WORKERS; w++) {
            node[w] = random.nextInt() & 0x7fffffff;
            helped[w] = random.nextInt() & 0x7fffffff;
            helpedWarm[w] = true;
            t.submit(TraceBytes.TIMED, NODE, node[w], 2_000 + w, POOL, 9);
            t.submit(TraceBytes.TIMED, LEAF, helped[w], 2_010 + w, POOL, 9);
          }
          int fj = TraceBytes.EXEC | TraceBytes.FORK_JOIN | TraceBytes.DONE;
          int[] leaves = new int[LEAVES];
          long roundStart = 10_000;
          for (long r = 0; r < rounds; r++) {
            long roundEnd = roundStart;
            int[] nextNode = new int[WORKERS];
            int[] nextHelped = new int[WORKERS];
            boolean warm = r < warmRounds;
            int sampledFlags = warm ? 0 : TraceBytes.period(log);
            for (int w = 0; w < WORKERS; w++) {
              t.owner(w + 1);
              long start = roundStart + random.nextInt(200);
              long time = start + 50;
              for (int i = 0; i < LEAVES; i++) {
                leaves[i] = random.nextInt() & 0x7fffffff;
              }
              int neighbour = (w + WORKERS - 1) % WORKERS;
              nextNode[neighbour] = random.nextInt() & 0x7fffffff;
              nextHelped[neighbour] = random.nextInt() & 0x7fffffff;
              long nodeSeq = ++seq[w];
              boolean[] kept = new boolean[LEAVES + 1];
              for (int i = 0; i <= LEAVES; i++) {
                int hash = i < LEAVES ? leaves[i] : nextHelped[neighbour];
                kept[i] = warm || (hash & (period - 1)) == 0;
                if (kept[i]) {
                  t.submit(TraceBytes.FORKED | TraceBytes.TIMED, LEAF, hash, time += 20, POOL, 9);
                }
              }
              t.submit(
                  TraceBytes.FORKED | TraceBytes.TIMED,
                  NODE,
                  nextNode[neighbour],
                  time += 20,
                  POOL,
                  9);
              long nested = 0;
              for (int i = 0; i < LEAVES; i++) {
                long cost = random.nextDouble() < 0.8 ? 500 + random.nextInt(1_000) : 20_000;
                long leafStart = time += 30;
                time += cost;
                if (kept[i]) {
                  t.exec(
                      fj | sampledFlags,
                      LEAF,
                      leaves[i],
                      ++seq[w],
                      nodeSeq,
                      leafStart,
                      time,
                      cost,
                      -1);
                  t.join(LEAF, leaves[i], time += 5);
                } else {
                  skipped++;
                  time += 5;
                }
                nested += cost;
                leafCount++;
              }
              long waitStart = time += 40;
              long cost = 500 + random.nextInt(1_000);
              long leafStart = time += 30;
              time += cost;
              if (helpedWarm[w] || (helped[w] & (period - 1)) == 0) {
                int flags = fj | TraceBytes.HELPED | (helpedWarm[w] ? 0 : TraceBytes.period(log));
                t.exec(flags, LEAF, helped[w], ++seq[w], nodeSeq, leafStart, time, cost, -1);
              } else {
                skipped++;
              }
              leafCount++;
              nested += cost;
              t.await(waitStart, time += 20);
              long end = time += 50;
              t.exec(fj, NODE, node[w], nodeSeq, 0, start, end, end - start - nested, -1);
              roundEnd = Math.max(roundEnd, end);
            }
            node = nextNode;
            helped = nextHelped;
            Arrays.fill(helpedWarm, warm);
            roundStart = roundEnd + 100;
          }
          t.created(NODE, rounds * WORKERS + WORKERS).created(LEAF, leafCount + WORKERS);
          if (period > 1) {
            t.counts(LEAF, skipped, 0, period);
          }
        });
  }
}
