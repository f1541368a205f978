package dev.forkscope.pekko;

import dev.forkscope.runtime.PoolStats;
import dev.forkscope.runtime.WorkStealingPool;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The executor behind a forkscope dispatcher: Pekko hands it every mailbox that becomes runnable,
 * and it queues the mailbox on a {@link WorkStealingPool} according to the {@link DispatchMode}.
 *
 * <p>Implementation note.
 *
 * <ul>
 *   <li><b>What Pekko guarantees, and this class keeps.</b> Pekko's {@code Dispatcher} calls {@link
 *       #execute} with a mailbox only after winning the CAS that marks it scheduled, so at most one
 *       run of a mailbox is queued or running at any time (per-actor mutual exclusion). A run
 *       processes at most {@code throughput} messages, clears the flag and registers the mailbox
 *       again if messages remain. Messages never pass through this class: they stay in the
 *       mailbox's queue, so per-sender FIFO and exactly-once delivery are the mailbox's. The one
 *       invariant this class adds is that every {@link Runnable} it accepts runs exactly once, or
 *       {@code execute} throws (after shutdown) and Pekko sees the rejection.
 *   <li><b>Fork-first is the mailbox's, not the message's.</b> Pinto et al. (ASE 2017, Listing 2)
 *       fork the message itself when the mailbox is empty and idle. In Pekko the mailbox is the
 *       unit of mutual exclusion and of ordering, so forking past it would need a second "running"
 *       flag and a second path into the actor. Here the worker that makes a mailbox runnable runs
 *       it next: the first mailbox a run schedules goes into the worker's slot (Go's {@code
 *       runnext}) and runs as soon as the current run returns, in the same pool task, with no queue
 *       operation and no wake-up; any further one goes onto the worker's own deque ({@link
 *       WorkStealingPool#execute} from a worker: LIFO, stealable by idle workers). A task chains at
 *       most {@value #CHAIN} runs through the slot, then pushes, so the pool's fairness rule
 *       (external queues polled every 61 tasks) still applies. The slot is invisible to thieves for
 *       at most the rest of one mailbox run, which Pekko bounds by {@code throughput} messages. A
 *       mailbox that registers itself again (a backlog) continues the same way. If a run throws
 *       after filling the slot, the slotted mailbox is pushed, so it still runs once. Threads
 *       outside the pool, and workers outside a mailbox run, go through {@code execute}.
 *   <li><b>Shared-queue</b> uses {@link WorkStealingPool#executeShared} from every thread: the
 *       centralized pooling of Akka 2.5, kept to measure against.
 *   <li><b>Adaptive</b> is the paper's sampling of mailbox emptiness. Each worker's {@link
 *       WorkerState} (a {@code ThreadLocal} of this executor, touched only by its thread: plain
 *       fields, no fences) counts a mailbox registered again by its own run (Pekko does that from
 *       the run's {@code finally} when messages are left) as found non-empty, any other as found
 *       idle. After every {@value #WINDOW} samples the worker chooses, for the next window,
 *       fork-first if at least a quarter found the mailbox idle, else the shared queues. Samples
 *       only choose a queue, never whether or how often a mailbox runs: a stale sample costs
 *       performance, never correctness.
 *   <li><b>Memory ordering.</b> A sender's enqueue (a volatile write inside the mailbox's queue)
 *       and Pekko's status CAS happen before {@code execute}. The slot is written and read by one
 *       thread, so program order suffices. The pool publishes the task with a release store (deque
 *       push) or a {@code ConcurrentLinkedQueue} offer, and the worker that takes it reads with
 *       acquire (pop, steal, poll), so the run sees every message enqueued before the mailbox was
 *       scheduled; later messages are Pekko's concern (it rechecks the queue after clearing the
 *       flag).
 *   <li><b>Shutdown.</b> {@code shutdown}, {@code shutdownNow} and {@code awaitTermination} are the
 *       pool's; Pekko shuts the executor down when the dispatcher has no actors left after its
 *       {@code shutdown-timeout}, or when the actor system terminates, and every worker thread
 *       exits once the pool has terminated.
 * </ul>
 */
final class MailboxExecutor extends AbstractExecutorService {
  /** Samples per adaptive decision. */
  static final int WINDOW = 64;

  /** Mailbox runs one pool task may chain through its worker's slot before it yields. */
  static final int CHAIN = 16;

  private final WorkStealingPool pool;
  private final DispatchMode mode;
  private final ThreadLocal<WorkerState> states = new ThreadLocal<>();

  MailboxExecutor(ExecutorSettings settings) {
    this.pool = new WorkStealingPool(settings.parallelism(), settings.idlePolicy());
    this.mode = settings.dispatch();
  }

  @Override
  public void execute(Runnable mailbox) {
    if (mode == DispatchMode.SHARED_QUEUE) {
      pool.executeShared(mailbox);
      return;
    }
    WorkerState state = states.get(); // null outside this executor's mailbox runs
    if (state == null || state.running == null) {
      pool.execute(new Run(mailbox));
    } else if (mode == DispatchMode.ADAPTIVE && !state.sample(mailbox)) {
      pool.executeShared(new Run(mailbox));
    } else if (state.next == null && state.chained + 1 < CHAIN) {
      state.next = mailbox;
    } else {
      pool.execute(new Run(mailbox));
    }
  }

  /** The pool's counters (see {@link PoolStats} on staleness). */
  PoolStats stats() {
    return pool.stats();
  }

  @Override
  public void shutdown() {
    pool.shutdown();
  }

  @Override
  public List<Runnable> shutdownNow() {
    return pool.shutdownNow();
  }

  @Override
  public boolean isShutdown() {
    return pool.isShutdown();
  }

  @Override
  public boolean isTerminated() {
    return pool.isTerminated();
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    return pool.awaitTermination(timeout, unit);
  }

  @Override
  public String toString() {
    return "MailboxExecutor[" + mode.key() + ", " + pool + "]";
  }

  /** One worker's slot and adaptive samples; confined to that worker's thread. */
  static final class WorkerState {
    private Runnable running;
    private Runnable next;
    private int chained;
    private int samples;
    private int foundIdle;
    private boolean forkFirst = true;

    /** Records whether {@code mailbox} was idle when scheduled; returns this window's choice. */
    boolean sample(Runnable mailbox) {
      if (mailbox != running) {
        foundIdle++;
      }
      if (++samples == WINDOW) {
        forkFirst = foundIdle * 4 >= WINDOW;
        samples = 0;
        foundIdle = 0;
      }
      return forkFirst;
    }
  }

  /** A pool task: runs a mailbox, then whatever that run put in the worker's slot, and so on. */
  private final class Run implements Runnable {
    private final Runnable mailbox;

    Run(Runnable mailbox) {
      this.mailbox = mailbox;
    }

    @Override
    public void run() {
      WorkerState state = states.get();
      if (state == null) {
        states.set(state = new WorkerState());
      }
      Runnable next = mailbox;
      try {
        for (int chained = 0; next != null; chained++) {
          state.running = next;
          state.chained = chained;
          next.run();
          next = state.next;
          state.next = null;
        }
      } finally {
        state.running = null;
        Runnable left = state.next; // set only if a run threw after filling the slot
        state.next = null;
        if (left != null) {
          pool.execute(new Run(left));
        }
      }
    }
  }
}
