package dev.forkscope.examples.centralizedpooling;

import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooProgram;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Centralized pooling, fixed along Listing 2 of Pinto et al.: an actor running on a worker forks
 * what it sends. When the receiver's mailbox is empty and idle, the message itself becomes a forked
 * task (fork-first); otherwise it is queued and the mailbox is forked. Only the driver, which is
 * not a worker, submits to the pool with {@code execute}.
 */
public final class CentralizedPoolingAfter implements ZooProgram {

  public static void main(String[] args) {
    Zoo.run(new CentralizedPoolingAfter(), args);
  }

  @Override
  public long compute(int size) {
    Dispatcher dispatcher = new Dispatcher(Rally.newPool());
    Actor[] actors = new Actor[2 * Rally.PAIRS];
    for (int p = 0; p < Rally.PAIRS; p++) {
      Actor a = new Actor();
      Actor b = new Actor();
      a.partner = b;
      b.partner = a;
      actors[2 * p] = a;
      actors[2 * p + 1] = b;
    }
    for (int p = 0; p < Rally.PAIRS; p++) {
      dispatcher.tell(actors[2 * p], size);
    }
    Rally.finish(dispatcher.pool);
    long score = 0;
    for (Actor actor : actors) {
      score += Rally.score(actor.hits, actor.sumOfRemaining);
    }
    return score;
  }

  @Override
  public int defaultSize() {
    return Rally.DEFAULT_SIZE;
  }

  /** An actor's queue of messages; scheduled as one task that handles them one at a time. */
  static final class Mailbox extends ForkJoinTask<Void> {
    private final Queue<Integer> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final Actor receiver;

    Mailbox(Actor receiver) {
      this.receiver = receiver;
    }

    void enqueue(int message) {
      queue.add(message);
    }

    boolean hasMessages() {
      return !queue.isEmpty();
    }

    boolean setScheduled() {
      return scheduled.compareAndSet(false, true);
    }

    /** Never completes, so that the same mailbox can be forked again (as Akka does). */
    @Override
    protected boolean exec() {
      processMailbox();
      return false;
    }

    /** Handles every queued message, then lets go of the actor; runs only while scheduled. */
    void processMailbox() {
      Integer next;
      while ((next = queue.poll()) != null) {
        receiver.invoke(next);
      }
      scheduled.set(false);
      scheduleFromWorker();
    }

    void scheduleFromWorker() {
      if (hasMessages() && setScheduled()) {
        fork();
      }
    }

    @Override
    public Void getRawResult() {
      return null;
    }

    @Override
    protected void setRawResult(Void value) {}
  }

  /** One message handled as its own task: the fork-first path, taken when the receiver is idle. */
  static final class Envelope extends RecursiveAction {
    private final Actor receiver;
    private final int message;

    Envelope(Actor receiver, int message) {
      this.receiver = receiver;
      this.message = message;
    }

    @Override
    protected void compute() {
      receiver.invoke(message);
      receiver.mbox.processMailbox();
    }
  }

  static final class Dispatcher {
    final ForkJoinPool pool;

    Dispatcher(ForkJoinPool pool) {
      this.pool = pool;
    }

    /** Sends from outside the pool: the only place that submits to it. */
    void tell(Actor receiver, int message) {
      receiver.mbox.enqueue(message);
      if (receiver.mbox.setScheduled()) {
        pool.execute(receiver.mbox);
      }
    }
  }

  static final class Actor {
    final Mailbox mbox = new Mailbox(this);
    Actor partner;

    /** Touched only by the one task that holds the mailbox; read after the pool has terminated. */
    long hits;

    long sumOfRemaining;

    /** Sends from a message handler, which always runs on one of the pool's workers. */
    void sendMessage(int remaining) {
      if (!mbox.hasMessages() && mbox.setScheduled()) {
        new Envelope(this, remaining).fork();
      } else {
        mbox.enqueue(remaining);
        mbox.scheduleFromWorker();
      }
    }

    /** The message handler: count the hit and send the ball back until the rally is over. */
    void invoke(int remaining) {
      hits++;
      sumOfRemaining += remaining;
      if (remaining > 0) {
        partner.sendMessage(remaining - 1);
      }
    }
  }
}
