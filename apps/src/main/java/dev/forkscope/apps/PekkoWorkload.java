package dev.forkscope.apps;

import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.Props;

/**
 * Pekko actors exchanging many small messages, as ScalaBench's actors: {@code pairs} pairs of
 * actors (default 64) bounce four balls {@code messages} times each (default 20,000) on the default
 * dispatcher, a fork/join pool of {@code threads} workers. Each run of an actor's mailbox is one
 * task that processes up to the dispatcher's {@code throughput} messages (Pekko's default 5); with
 * a message of a few hundred nanoseconds of work, the tasks are tiny.
 *
 * <p>No exact count: how many messages a mailbox run takes depends on timing. The optimized variant
 * sets the throughput to 100 (fewer, larger mailbox runs), the change the profile points at when it
 * finds the mailbox runs fine-grained.
 */
final class PekkoWorkload implements Workload {
  private static final int BALLS = 4;

  private ActorSystem system;
  private int pairs;
  private int messages;

  @Override
  public void setUp(Path work, Settings settings) {
    pairs = settings.intValue("pairs", 64);
    messages = settings.intValue("messages", 20_000);
    int threads = settings.intValue("threads", 2);
    int throughput = settings.optimized() ? 100 : settings.intValue("throughput", 5);
    system =
        ActorSystem.create(
            "forkscope",
            ConfigFactory.parseString(
                    "pekko.loglevel = WARNING\n"
                        + "pekko.actor.default-dispatcher.throughput = "
                        + throughput
                        + "\n"
                        + "pekko.actor.default-dispatcher.fork-join-executor {\n"
                        + "  parallelism-min = "
                        + threads
                        + "\n  parallelism-max = "
                        + threads
                        + "\n}\n")
                .withFallback(ConfigFactory.load()));
  }

  @Override
  public void run() throws InterruptedException {
    CountDownLatch done = new CountDownLatch(pairs * BALLS);
    List<ActorRef> actors = new ArrayList<>();
    for (int p = 0; p < pairs; p++) {
      ActorRef a = system.actorOf(Props.create(Bouncer.class, () -> new Bouncer(messages, done)));
      ActorRef b = system.actorOf(Props.create(Bouncer.class, () -> new Bouncer(messages, done)));
      actors.add(a);
      actors.add(b);
      // several balls per pair, so that a mailbox often holds more than one message
      for (int k = 0; k < BALLS; k++) {
        a.tell(new Ball(b, 0), ActorRef.noSender());
      }
    }
    if (!done.await(5, TimeUnit.MINUTES)) {
      throw new IllegalStateException("the actors did not finish in 5 minutes");
    }
    actors.forEach(system::stop);
  }

  @Override
  public List<ExactCheck> checks() {
    return List.of();
  }

  @Override
  public void close() throws Exception {
    if (system != null) {
      system.terminate();
      system.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
    }
  }

  /** A ball that travels between two actors, {@code hits} times so far. */
  record Ball(ActorRef peer, int hits) {}

  /** Returns every ball to its peer with one more hit, until it has travelled enough. */
  static final class Bouncer extends AbstractActor {
    private final int messages;
    private final CountDownLatch done;

    Bouncer(int messages, CountDownLatch done) {
      this.messages = messages;
      this.done = done;
    }

    @Override
    public Receive createReceive() {
      return receiveBuilder()
          .match(
              Ball.class,
              ball -> {
                int hits = ball.hits() + 1;
                if (hits < messages) {
                  ball.peer().tell(new Ball(getSelf(), hits), getSelf());
                } else {
                  done.countDown();
                }
              })
          .build();
    }
  }
}
