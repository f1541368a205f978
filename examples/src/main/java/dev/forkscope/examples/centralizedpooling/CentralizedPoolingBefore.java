package dev.forkscope.examples.centralizedpooling;

import dev.forkscope.examples.Zoo;
import dev.forkscope.examples.ZooProgram;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Bottleneck 1, centralized pooling: Akka's messaging core (Listing 1 of Pinto et al.). Every
 * message, including those sent by an actor while it runs on a worker, is handed to the pool with
 * {@code pool.execute(mailbox)}: on JDK 8 an external submission that bypassed the worker's own
 * deque; since JDK 9 ForkJoinPool routes a worker's submission to its own pool to its deque.
 */
public final class CentralizedPoolingBefore implements ZooProgram {

  public static void main(String[] args) {
    Zoo.run(new CentralizedPoolingBefore(), args);
  }

  @Override
  public long compute(int size) {
    Dispatcher dispatcher = new Dispatcher(Rally.newPool());
    Actor[] actors = new Actor[2 * Rally.PAIRS];
    for (int p = 0; p < Rally.PAIRS; p++) {
      Actor a = new Actor(dispatcher);
      Actor b = new Actor(dispatcher);
      a.partner = b;
      b.partner = a;
      actors[2 * p] = a;
      actors[2 * p + 1] = b;
    }
    for (int p = 0; p < Rally.PAIRS; p++) {
      actors[2 * p].sendMessage(size);
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

    /**
     * Never completes, so that the dispatcher can execute the same mailbox again (as Akka does).
     */
    @Override
    protected boolean exec() {
      processMailbox();
      return false;
    }

    private void processMailbox() {
      Integer next;
      while ((next = queue.poll()) != null) {
        receiver.invoke(next);
      }
      scheduled.set(false);
      receiver.dispatcher.schedule(this);
    }

    @Override
    public Void getRawResult() {
      return null;
    }

    @Override
    protected void setRawResult(Void value) {}
  }

  static final class Dispatcher {
    final ForkJoinPool pool;

    Dispatcher(ForkJoinPool pool) {
      this.pool = pool;
    }

    void dispatch(Actor receiver, int message) {
      receiver.mbox.enqueue(message);
      schedule(receiver.mbox);
    }

    void schedule(Mailbox mbox) {
      if (mbox.hasMessages() && mbox.setScheduled()) {
        pool.execute(mbox);
      }
    }
  }

  static final class Actor {
    final Mailbox mbox = new Mailbox(this);
    final Dispatcher dispatcher;
    Actor partner;

    /** Touched only by the one task that holds the mailbox; read after the pool has terminated. */
    long hits;

    long sumOfRemaining;

    Actor(Dispatcher dispatcher) {
      this.dispatcher = dispatcher;
    }

    void sendMessage(int remaining) {
      dispatcher.dispatch(this, remaining);
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
