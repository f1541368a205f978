// Actor message delivery fixed along Pinto et al. 2017, Listing 2: a message sent from a worker
// is forked as its own task when the receiver is idle, and the mailbox is forked, not
// submitted, when it has a backlog. Only messages from outside the pool use execute().
package corpus.forkfirst;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicBoolean;

final class Box extends RecursiveAction {
  final Queue<Object> queue = new ConcurrentLinkedQueue<>();
  final AtomicBoolean running = new AtomicBoolean();
  Actor owner;

  @Override
  protected void compute() {
    Object m;
    while ((m = queue.poll()) != null) {
      owner.receive(m);
    }
    running.set(false);
    if (!queue.isEmpty() && running.compareAndSet(false, true)) {
      reinitialize();
      fork();
    }
  }
}

final class Deliver extends RecursiveAction {
  private final Actor to;
  private final Object message;

  Deliver(Actor to, Object message) {
    this.to = to;
    this.message = message;
  }

  @Override
  protected void compute() {
    to.receive(message);
    to.box.running.set(false);
  }
}

abstract class Actor {
  final Box box = new Box();
  final ForkJoinPool pool;

  Actor(ForkJoinPool pool) {
    this.pool = pool;
    box.owner = this;
  }

  abstract void receive(Object message);

  void send(Object message) {
    boolean onWorker = Thread.currentThread() instanceof ForkJoinWorkerThread;
    if (onWorker && box.queue.isEmpty() && box.running.compareAndSet(false, true)) {
      new Deliver(this, message).fork();
      return;
    }
    box.queue.add(message);
    if (box.running.compareAndSet(false, true)) {
      box.reinitialize();
      if (onWorker) {
        box.fork();
      } else {
        pool.execute((ForkJoinTask<?>) box);
      }
    }
  }
}

final class Ponger extends Actor {
  Actor partner;
  long count;

  Ponger(ForkJoinPool pool) {
    super(pool);
  }

  @Override
  void receive(Object message) {
    count++;
    int left = (Integer) message;
    if (left > 0) {
      partner.send(left - 1);
    }
  }
}
