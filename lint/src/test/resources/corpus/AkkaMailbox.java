// Modelled on Akka's messaging core (Pinto et al. 2017, Listing 1): a mailbox is a ForkJoinTask
// that the dispatcher hands to its executor, also when the sender is itself a mailbox running
// on one of the pool's workers.
package corpus.akka;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;

final class Envelope {
  final Object message;
  final Actor sender;

  Envelope(Object message, Actor sender) {
    this.message = message;
    this.sender = sender;
  }
}

final class Mailbox extends ForkJoinTask<Void> {
  private static final int IDLE = 0;
  private static final int SCHEDULED = 1;

  private final Queue<Envelope> queue = new ConcurrentLinkedQueue<>();
  private final AtomicInteger status = new AtomicInteger(IDLE);
  Actor receiver;

  void enqueue(Envelope e) {
    queue.offer(e);
  }

  boolean hasMessages() {
    return !queue.isEmpty();
  }

  boolean setScheduled() {
    return status.compareAndSet(IDLE, SCHEDULED);
  }

  void setNotScheduled() {
    status.set(IDLE);
  }

  @Override
  protected boolean exec() {
    processMailbox();
    return false;
  }

  private void processMailbox() {
    Envelope next;
    while ((next = queue.poll()) != null) {
      receiver.invoke(next);
    }
    setNotScheduled();
    if (hasMessages()) {
      receiver.dispatcher.registerForExecution(this);
    }
  }

  @Override
  public Void getRawResult() {
    return null;
  }

  @Override
  protected void setRawResult(Void v) {}
}

final class Dispatcher {
  private final ExecutorService executorService;

  Dispatcher(int parallelism) {
    this.executorService =
        new ForkJoinPool(parallelism, ForkJoinPool.defaultForkJoinWorkerThreadFactory, null, true);
  }

  void dispatch(Actor receiver, Envelope envelope) {
    Mailbox mbox = receiver.mailbox;
    mbox.enqueue(envelope);
    registerForExecution(mbox);
  }

  void registerForExecution(Mailbox mbox) {
    if (mbox.hasMessages() && mbox.setScheduled()) {
      // expect: centralized-pooling
      executorService.execute(mbox);
    }
  }

  void shutdown() {
    executorService.shutdown();
  }
}

abstract class Actor {
  final Mailbox mailbox = new Mailbox();
  final Dispatcher dispatcher;

  Actor(Dispatcher dispatcher) {
    this.dispatcher = dispatcher;
    mailbox.receiver = this;
  }

  void tell(Object message, Actor sender) {
    dispatcher.dispatch(this, new Envelope(message, sender));
  }

  abstract void receive(Object message, Actor sender);

  void invoke(Envelope envelope) {
    receive(envelope.message, envelope.sender);
  }
}

final class Pinger extends Actor {
  long pings;

  Pinger(Dispatcher dispatcher) {
    super(dispatcher);
  }

  @Override
  void receive(Object message, Actor sender) {
    int left = (Integer) message;
    pings++;
    if (left > 0) {
      sender.tell(left - 1, this);
    }
  }
}
