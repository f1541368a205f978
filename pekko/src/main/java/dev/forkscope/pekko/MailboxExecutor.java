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
 *       flag and a second path into the actor. Here the worker that makes a mailbox runnable pushes
 *       it onto its own deque ({@link WorkStealingPool#execute} from a worker): it runs the actor
 *       next (LIFO) unless an idle worker steals it first, and the shared queue the paper measured
 *       is off the path. Threads outside the pool always go through the pool's external queues.
 *   <li><b>Shared-queue</b> uses {@link WorkStealingPool#executeShared} from every thread: the
 *       centralized pooling of Akka 2.5, kept to measure against.
 *   <li><b>Adaptive</b> is the paper's sampling of mailbox emptiness. Each worker keeps a {@link
 *       Sampler} (a {@code ThreadLocal} of this executor, touched only by its thread: plain fields,
 *       no fences). A mailbox registered again by its own run (Pekko does that from the run's
 *       {@code finally} when messages are left) counts as found non-empty; any other scheduling as
 *       found idle. After every {@value #WINDOW} samples the worker chooses, for the next window,
 *       fork-first if at least a quarter found the mailbox idle, else the shared queues. The
 *       samples only choose a queue, never whether or how often a mailbox runs, so a stale or lost
 *       sample costs performance, never correctness.
 *   <li><b>Memory ordering.</b> A sender's enqueue (a volatile write inside the mailbox's queue)
 *       and Pekko's status CAS happen before {@code execute}. The pool publishes the task with a
 *       release store (deque push) or a {@code ConcurrentLinkedQueue} offer, and the worker that
 *       takes it reads with acquire (pop, steal, poll), so the run sees every message enqueued
 *       before the mailbox was scheduled; later messages are Pekko's concern (it rechecks the queue
 *       after clearing the flag).
 *   <li><b>Shutdown.</b> {@code shutdown}, {@code shutdownNow} and {@code awaitTermination} are the
 *       pool's; Pekko shuts the executor down when the dispatcher has no actors left after its
 *       {@code shutdown-timeout}, or when the actor system terminates, and every worker thread
 *       exits once the pool has terminated.
 * </ul>
 */
final class MailboxExecutor extends AbstractExecutorService {
  /** Samples per adaptive decision. */
  static final int WINDOW = 64;

  private final WorkStealingPool pool;
  private final DispatchMode mode;
  private final ThreadLocal<Sampler> samplers = new ThreadLocal<>();

  MailboxExecutor(ExecutorSettings settings) {
    this.pool = new WorkStealingPool(settings.parallelism(), settings.idlePolicy());
    this.mode = settings.dispatch();
  }

  @Override
  public void execute(Runnable mailbox) {
    switch (mode) {
      case FORK_FIRST -> pool.execute(mailbox);
      case SHARED_QUEUE -> pool.executeShared(mailbox);
      case ADAPTIVE -> executeAdaptively(mailbox);
    }
  }

  private void executeAdaptively(Runnable mailbox) {
    Sampler sampler = samplers.get(); // null outside the pool's workers
    Runnable run = new SampledRun(mailbox, samplers);
    if (sampler == null || sampler.forkFirst(mailbox)) {
      pool.execute(run);
    } else {
      pool.executeShared(run);
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

  /** One worker's adaptive state; confined to that worker's thread. */
  static final class Sampler {
    private Runnable running;
    private int samples;
    private int foundIdle;
    private boolean forkFirst = true;

    /** Records whether {@code mailbox} was idle when scheduled; returns this window's choice. */
    boolean forkFirst(Runnable mailbox) {
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

  /** Runs a mailbox while telling the worker's sampler which mailbox is running. */
  private static final class SampledRun implements Runnable {
    private final Runnable mailbox;
    private final ThreadLocal<Sampler> samplers;

    SampledRun(Runnable mailbox, ThreadLocal<Sampler> samplers) {
      this.mailbox = mailbox;
      this.samplers = samplers;
    }

    @Override
    public void run() {
      Sampler sampler = samplers.get();
      if (sampler == null) {
        samplers.set(sampler = new Sampler());
      }
      sampler.running = mailbox;
      try {
        mailbox.run();
      } finally {
        sampler.running = null;
      }
    }
  }
}
