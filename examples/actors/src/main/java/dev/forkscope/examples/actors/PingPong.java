package dev.forkscope.examples.actors;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * A plain Pekko Typed program with nothing of forkscope in its code: two actors play {@code rounds}
 * rounds of ping-pong. Its {@code application.conf} names forkscope's executor for the default
 * dispatcher, and that alone puts its actors on forkscope's workers.
 */
public final class PingPong {
  /** A ball with the number of hits left and where to send it back. */
  public record Ball(int left, ActorRef<Ball> replyTo) {}

  /** Returns every ball it gets, noting the thread that hit it. */
  static final class Player extends AbstractBehavior<Ball> {
    private final Set<String> threads;
    private final Runnable onLastHit;

    Player(ActorContext<Ball> context, Set<String> threads, Runnable onLastHit) {
      super(context);
      this.threads = threads;
      this.onLastHit = onLastHit;
    }

    @Override
    public Receive<Ball> createReceive() {
      return newReceiveBuilder()
          .onMessage(
              Ball.class,
              ball -> {
                threads.add(Thread.currentThread().getName());
                if (ball.left() == 0) {
                  onLastHit.run();
                } else {
                  ball.replyTo().tell(new Ball(ball.left() - 1, getContext().getSelf()));
                }
                return this;
              })
          .build();
    }
  }

  private PingPong() {}

  /** Plays {@code rounds} hits and returns the names of the threads the actors ran on. */
  public static Set<String> play(int rounds) throws Exception {
    Set<String> threads = ConcurrentHashMap.newKeySet();
    CountDownLatch over = new CountDownLatch(1);
    Behavior<Void> root =
        Behaviors.setup(
            context -> {
              ActorRef<Ball> ping =
                  context.spawn(
                      Behaviors.setup(c -> new Player(c, threads, over::countDown)), "ping");
              ActorRef<Ball> pong =
                  context.spawn(
                      Behaviors.setup(c -> new Player(c, threads, over::countDown)), "pong");
              ping.tell(new Ball(rounds, pong));
              return Behaviors.empty();
            });
    ActorSystem<Void> system = ActorSystem.create(root, "ping-pong");
    try {
      if (!over.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the game did not finish in 30 s");
      }
    } finally {
      system.terminate();
      system.getWhenTerminated().toCompletableFuture().get();
    }
    return threads;
  }

  /** Plays 100 000 hits and prints the threads the actors ran on. */
  public static void main(String[] args) throws Exception {
    long t0 = System.nanoTime();
    Set<String> threads = play(100_000);
    System.out.printf(
        "100000 hits in %d ms on threads %s%n", (System.nanoTime() - t0) / 1_000_000, threads);
  }
}
