package dev.forkscope.examples;

import dev.forkscope.examples.centralizedpooling.CentralizedPoolingAfter;
import dev.forkscope.examples.centralizedpooling.CentralizedPoolingBefore;
import dev.forkscope.examples.copyonfork.CopyOnForkAfter;
import dev.forkscope.examples.copyonfork.CopyOnForkBefore;
import dev.forkscope.examples.copyonjoin.CopyOnJoinAfter;
import dev.forkscope.examples.copyonjoin.CopyOnJoinBefore;
import dev.forkscope.examples.granularity.TooCoarse;
import dev.forkscope.examples.granularity.TooFine;
import dev.forkscope.examples.granularity.WellTuned;
import dev.forkscope.examples.intratasksync.IntraTaskSyncAfter;
import dev.forkscope.examples.intratasksync.IntraTaskSyncBefore;
import dev.forkscope.examples.scattereddata.ScatteredDataAfter;
import dev.forkscope.examples.scattereddata.ScatteredDataBefore;
import dev.forkscope.examples.sleepyworker.SleepyWorkerAfter;
import dev.forkscope.examples.sleepyworker.SleepyWorkerBefore;
import java.util.List;

/** The registry of the bottleneck zoo, and the shared {@code main} of its programs. */
public final class Zoo {

  private static final List<Exhibit> EXHIBITS =
      List.of(
          new Exhibit(
              1,
              "centralized-pooling",
              "Centralized pooling",
              CentralizedPoolingBefore.class,
              CentralizedPoolingAfter.class,
              "Pinto et al. 2017, Listings 1 and 2 (Akka's mailbox dispatch)",
              "Actors hand every message to the pool with pool.execute(mailbox), even when the sender is "
                  + "itself a worker thread running a task. On JDK 8 that was an external submission through the "
                  + "shared submission queues instead of the worker's own deque, so every message paid for "
                  + "centralized scheduling; since JDK 9 a worker's submission to its own pool goes to its own "
                  + "deque, and the cost remains for submissions to another pool or executor. The fix forks the "
                  + "delivery from the worker (fork-first when the receiver's mailbox is idle, as in Listing 2) "
                  + "and keeps execute() for messages that come from outside the pool."),
          new Exhibit(
              2,
              "copy-on-fork",
              "Copy on fork",
              CopyOnForkBefore.class,
              CopyOnForkAfter.class,
              "Pinto et al. 2017, Fig. 2 (copyOfRange before invokeAll)",
              "Each task copies its half of the array with Arrays.copyOfRange before forking, so the data is "
                  + "copied again at every level of the recursion: O(n log n) short-lived allocation, and "
                  + "garbage-collection work that grows with the number of levels. The fix passes the shared "
                  + "array with a [lo, hi) index range; subtasks work on disjoint regions and nothing is copied."),
          new Exhibit(
              3,
              "copy-on-join",
              "Copy on join",
              CopyOnJoinBefore.class,
              CopyOnJoinAfter.class,
              "Pinto et al. 2017, Fig. 6 (cq4j's RecursiveFilteringTask)",
              "Each task merges its subtasks' result lists into a new list with addAll, so every kept element "
                  + "is copied once per level on the way up, and the copying happens while other workers wait at "
                  + "the join. The fix passes one shared output structure down: leaves mark their own disjoint "
                  + "slice of it, and the result is assembled once at the end."),
          new Exhibit(
              4,
              "scattered-data",
              "Scattered data",
              ScatteredDataBefore.class,
              ScatteredDataAfter.class,
              "Pinto et al. 2017, Fig. 8 (CSSTProto's create-and-fork loop)",
              "A loop creates a subtask and forks it at once, one after the other (the a-b-a-b pattern of the "
                  + "paper), so task creation and forking are interleaved and scattered over time and memory. The "
                  + "fix creates all subtasks first and hands them to invokeAll in one call, which also keeps one "
                  + "of them for the current worker."),
          new Exhibit(
              5,
              "intra-task-sync",
              "Exacting intra-task synchronization",
              IntraTaskSyncBefore.class,
              IntraTaskSyncAfter.class,
              "Pinto et al. 2017, Fig. 9 (Mandelbrot's lock around setRGB)",
              "Every Mandelbrot task takes a shared lock for each pixel it writes. A worker blocked on a monitor "
                  + "cannot run the other tasks in its deque, so lock contention stalls work stealing. The tasks "
                  + "write disjoint rows of the image, so the lock protects nothing: the fix removes it."),
          new Exhibit(
              6,
              "sleepy-worker",
              "Sleepy workers",
              SleepyWorkerBefore.class,
              SleepyWorkerAfter.class,
              "Pinto et al. 2017, Section V (CTask's sleep)",
              "Each leaf task sleeps after a synchronous computation to 'wait' for a result that is already "
                  + "there. Thread.sleep in a task puts the whole worker thread to sleep: it cannot run other tasks "
                  + "from its deque, and with few workers the cores simply idle. The fix drops the sleep."),
          new Exhibit(
              null,
              "no-sequential-cutoff",
              "Too fine-grained tasks",
              TooFine.class,
              WellTuned.class,
              "RecursiveTask javadoc (Fibonacci warning); Rosa et al. 2019, Section 9",
              "The recursion splits down to single elements, so about eight million tasks each do about a hundred "
                  + "nanoseconds of work and the cost of creating, forking and joining tasks dominates. The fix "
                  + "stops splitting below a threshold and runs the leaf loop sequentially."),
          new Exhibit(
              null,
              null,
              "Too coarse-grained tasks",
              TooCoarse.class,
              WellTuned.class,
              "Rosa et al. 2019, Section 9 (coarse-grained tasks leave cores idle)",
              "The work is cut once, into two huge tasks of 1/16 and 15/16 of it, on a pool with four workers: "
                  + "one worker carries almost everything while the others idle, and no load can be balanced. Nothing in the source is wrong in itself; the "
                  + "task-granularity profiler (forkscope profile) shows it. The fix splits down to a threshold."));

  private Zoo() {}

  /** All exhibits: the six bottlenecks in paper order, then the granularity exhibits. */
  public static List<Exhibit> exhibits() {
    return EXHIBITS;
  }

  /**
   * The {@code main} of every zoo program: runs it once on {@code args[0]} (or its default size)
   * and prints the checksum and the wall time.
   */
  public static void run(ZooProgram program, String[] args) {
    int size = program.defaultSize();
    if (args.length > 0) {
      try {
        size = Integer.parseInt(args[0]);
      } catch (NumberFormatException e) {
        size = -1;
      }
      if (size <= 0) {
        System.err.println(
            program.getClass().getSimpleName()
                + ": size must be a positive integer, got '"
                + args[0]
                + "'");
        System.exit(2);
      }
    }
    long start = System.nanoTime();
    long result = program.compute(size);
    long millis = (System.nanoTime() - start) / 1_000_000;
    System.out.printf(
        "%s size=%d result=%d time=%d ms%n",
        program.getClass().getSimpleName(), size, result, millis);
  }
}
