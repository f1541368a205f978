package dev.forkscope.bench.suites;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.PoisonPill;
import org.apache.pekko.actor.Props;

/**
 * The seven actor benchmarks of Pinto et al. (ASE 2017, Table IV; from plokhotnyuk/actors) as
 * classic Pekko actors in Java. Each run creates its actors, sends one preallocated message object
 * around ({@code ops} = messages delivered) and stops the actors. Sizes are given per benchmark:
 * {@code actors} groups of actors (or producer threads) and {@code messages} per group.
 */
enum ActorBenchmark {
  /** Eight outside threads each send to their own actor without waiting. */
  MAX_THROUGHPUT("max-throughput", 8, 1_000_000),
  /** One pair of actors bouncing one message. */
  SINGLE_PING("single-ping", 1, 2_000_000),
  /** Many pairs of actors bouncing a message each. */
  PING_THROUGHPUT("ping-throughput", 1_000, 4_000),
  /** One outside thread sends to one actor without waiting. */
  SINGLE_PRODUCER("single-producer", 1, 6_000_000),
  /** Eight outside threads send to one actor without waiting. */
  MULTI_PRODUCER("multi-producer", 8, 750_000),
  /** Two actors bounce messages off a third, shared one (groups of three). */
  MIDDLE_MAN("middle-man", 1_000, 3_000),
  /** A message passes through a third actor on its way out (groups of three). */
  MEDIATOR("mediator", 1_000, 3_000);

  private static final Object BALL = "ball";
  private static final int PRODUCERS = 8;

  private final String key;
  private final int groups;
  private final int messages;

  ActorBenchmark(String key, int groups, int messages) {
    this.key = key;
    this.groups = groups;
    this.messages = messages;
  }

  /** The name of Table IV. */
  String key() {
    return key;
  }

  /** Sizes divided by {@code scale} (at least one message per group). */
  Sized sized(int scale) {
    return new Sized(this, groups, Math.max(1, messages / scale));
  }

  /** A benchmark at one size. */
  record Sized(ActorBenchmark benchmark, int groups, int messages) {
    /** Messages delivered in one run. */
    long ops() {
      return switch (benchmark) {
        case MAX_THROUGHPUT, SINGLE_PRODUCER -> (long) groups * messages;
        case MULTI_PRODUCER -> (long) PRODUCERS * messages;
        case SINGLE_PING, PING_THROUGHPUT -> groups * (2L * messages + 2);
        case MIDDLE_MAN -> groups * 2 * (2L * messages + 2);
        case MEDIATOR -> groups * 3L * (messages + 1);
      };
    }

    /** Actors that signal when they are done. */
    private int finishers() {
      return switch (benchmark) {
        case SINGLE_PRODUCER, MULTI_PRODUCER -> 1;
        case MIDDLE_MAN -> 2 * groups;
        default -> groups;
      };
    }

    /**
     * Runs once on {@code system} and returns the outside producer threads it started. They are
     * left waiting on {@code release}, so that their CPU time can still be read; {@code release}
     * ends them.
     */
    List<Thread> run(ActorSystem system, CountDownLatch release) throws InterruptedException {
      List<ActorRef> actors = new ArrayList<>();
      List<Thread> producers = new ArrayList<>();
      CountDownLatch done = new CountDownLatch(finishers());
      switch (benchmark) {
        case MAX_THROUGHPUT -> {
          for (int i = 0; i < groups; i++) {
            ActorRef sink =
                actors(system, actors, Props.create(Sink.class, () -> new Sink(messages, done)));
            producers.addAll(producers(List.of(sink), 1, messages, release));
          }
        }
        case SINGLE_PRODUCER, MULTI_PRODUCER -> {
          int threads = benchmark == MULTI_PRODUCER ? PRODUCERS : 1;
          ActorRef sink =
              actors(
                  system,
                  actors,
                  Props.create(Sink.class, () -> new Sink((long) threads * messages, done)));
          producers.addAll(producers(List.of(sink), threads, messages, release));
        }
        case SINGLE_PING, PING_THROUGHPUT -> {
          for (int i = 0; i < groups; i++) {
            ActorRef bouncer = actors(system, actors, Props.create(Bouncer.class));
            ActorRef driver =
                actors(
                    system,
                    actors,
                    Props.create(Driver.class, () -> new Driver(messages, bouncer, done)));
            bouncer.tell(BALL, driver);
          }
        }
        case MIDDLE_MAN -> {
          for (int i = 0; i < groups; i++) {
            ActorRef middle = actors(system, actors, Props.create(Bouncer.class));
            for (int d = 0; d < 2; d++) {
              middle.tell(
                  BALL,
                  actors(
                      system,
                      actors,
                      Props.create(Driver.class, () -> new Driver(messages, middle, done))));
            }
          }
        }
        case MEDIATOR -> {
          for (int i = 0; i < groups; i++) {
            ActorRef bouncer = actors(system, actors, Props.create(Bouncer.class));
            ActorRef mediator =
                actors(system, actors, Props.create(Forwarder.class, () -> new Forwarder(bouncer)));
            mediator.tell(
                BALL,
                actors(
                    system,
                    actors,
                    Props.create(Driver.class, () -> new Driver(messages, mediator, done))));
          }
        }
        default -> throw new AssertionError(benchmark);
      }
      if (!done.await(5, TimeUnit.MINUTES)) {
        throw new IllegalStateException(benchmark.key + " did not finish in 5 minutes");
      }
      actors.forEach(a -> a.tell(PoisonPill.getInstance(), ActorRef.noSender()));
      return producers;
    }

    private static ActorRef actors(ActorSystem system, List<ActorRef> all, Props props) {
      ActorRef ref = system.actorOf(props);
      all.add(ref);
      return ref;
    }

    private static List<Thread> producers(
        List<ActorRef> targets, int threads, int messages, CountDownLatch release) {
      List<Thread> started = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        Thread producer =
            new Thread(
                () -> {
                  for (ActorRef target : targets) {
                    for (int i = 0; i < messages; i++) {
                      target.tell(BALL, ActorRef.noSender());
                    }
                  }
                  try {
                    release.await();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                },
                "actors-producer-" + t);
        producer.setDaemon(true);
        producer.start();
        started.add(producer);
      }
      return started;
    }
  }

  /** Counts messages and signals once it has seen them all. */
  static final class Sink extends AbstractActor {
    private long left;
    private final CountDownLatch done;

    Sink(long messages, CountDownLatch done) {
      this.left = messages;
      this.done = done;
    }

    @Override
    public Receive createReceive() {
      return receiveBuilder()
          .matchAny(
              m -> {
                if (--left == 0) {
                  done.countDown();
                }
              })
          .build();
    }
  }

  /** Returns every message to its sender. */
  static final class Bouncer extends AbstractActor {
    @Override
    public Receive createReceive() {
      return receiveBuilder().matchAny(m -> getSender().tell(m, getSelf())).build();
    }
  }

  /** Passes every message on to {@code target}, keeping the sender. */
  static final class Forwarder extends AbstractActor {
    private final ActorRef target;

    Forwarder(ActorRef target) {
      this.target = target;
    }

    @Override
    public Receive createReceive() {
      return receiveBuilder().matchAny(m -> target.forward(m, getContext())).build();
    }
  }

  /** Sends each message it gets to {@code target}, {@code messages} times, then signals. */
  static final class Driver extends AbstractActor {
    private int left;
    private final ActorRef target;
    private final CountDownLatch done;

    Driver(int messages, ActorRef target, CountDownLatch done) {
      this.left = messages;
      this.target = target;
      this.done = done;
    }

    @Override
    public Receive createReceive() {
      return receiveBuilder()
          .matchAny(
              m -> {
                if (left-- == 0) {
                  done.countDown();
                } else {
                  target.tell(m, getSelf());
                }
              })
          .build();
    }
  }
}
