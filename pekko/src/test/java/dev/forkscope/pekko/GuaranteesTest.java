package dev.forkscope.pekko;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.Props;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Pekko's guarantees on the forkscope dispatcher, in every dispatch mode. */
@Timeout(60)
class GuaranteesTest {
  private static final int RECEIVERS = 8;
  private static final int OUTSIDE_THREADS = 4;
  private static final int ACTOR_SENDERS = 4;
  private static final int PER_SENDER = 4_000;
  private static final int SENDERS = OUTSIDE_THREADS + ACTOR_SENDERS;

  /** A numbered message from sender {@code from}. */
  record Numbered(int from, int seq) {}

  /** What one receiver saw; written by its actor only, read after {@code done}. */
  static final class Tally {
    final int[] next = new int[SENDERS];
    final List<String> violations = new ArrayList<>();
    final AtomicInteger inside = new AtomicInteger();
    int received;
  }

  /** Checks that each sender's numbers arrive exactly once and in order, one at a time. */
  static final class Receiver extends AbstractActor {
    private final Tally tally;
    private final CountDownLatch done;

    Receiver(Tally tally, CountDownLatch done) {
      this.tally = tally;
      this.done = done;
    }

    @Override
    public Receive createReceive() {
      return receiveBuilder()
          .match(
              Numbered.class,
              m -> {
                if (tally.inside.incrementAndGet() != 1) {
                  tally.violations.add("two messages processed at once");
                }
                if (m.seq() != tally.next[m.from()]) {
                  tally.violations.add(
                      "sender "
                          + m.from()
                          + ": got "
                          + m.seq()
                          + ", expected "
                          + tally.next[m.from()]);
                }
                tally.next[m.from()] = m.seq() + 1;
                if (++tally.received == SENDERS * PER_SENDER) {
                  done.countDown();
                }
                tally.inside.decrementAndGet();
              })
          .build();
    }
  }

  /** On any message, sends its numbers to every receiver from a pool worker. */
  static final class Sender extends AbstractActor {
    private final int id;
    private final List<ActorRef> receivers;

    Sender(int id, List<ActorRef> receivers) {
      this.id = id;
      this.receivers = receivers;
    }

    @Override
    public Receive createReceive() {
      return receiveBuilder()
          .matchAny(
              go -> {
                for (int seq = 0; seq < PER_SENDER; seq++) {
                  for (ActorRef r : receivers) {
                    r.tell(new Numbered(id, seq), getSelf());
                  }
                }
              })
          .build();
    }
  }

  @ParameterizedTest
  @EnumSource(DispatchMode.class)
  void stormFromOutsideAndInsideKeepsPerSenderOrderWithNothingLostOrDuplicated(DispatchMode mode)
      throws Exception {
    Set<Thread> before = Thread.getAllStackTraces().keySet();
    ActorSystem system = Systems.start("storm", Systems.forkscope(mode, ""));
    CountDownLatch done = new CountDownLatch(RECEIVERS);
    List<Tally> tallies = new ArrayList<>();
    List<ActorRef> receivers = new ArrayList<>();
    for (int i = 0; i < RECEIVERS; i++) {
      Tally t = new Tally();
      tallies.add(t);
      receivers.add(system.actorOf(Props.create(Receiver.class, () -> new Receiver(t, done))));
    }
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> outside = new ArrayList<>();
    for (int s = 0; s < OUTSIDE_THREADS; s++) {
      int id = s;
      Thread t =
          new Thread(
              () -> {
                awaitQuietly(start);
                for (int seq = 0; seq < PER_SENDER; seq++) {
                  for (ActorRef r : receivers) {
                    r.tell(new Numbered(id, seq), ActorRef.noSender());
                  }
                }
              });
      t.start();
      outside.add(t);
    }
    for (int s = OUTSIDE_THREADS; s < SENDERS; s++) {
      int id = s;
      system.actorOf(Props.create(Sender.class, () -> new Sender(id, receivers))).tell("go", null);
    }
    start.countDown();
    assertThat(done.await(Systems.TIMEOUT.toSeconds(), TimeUnit.SECONDS))
        .as("every receiver got all %d messages", SENDERS * PER_SENDER)
        .isTrue();
    for (Thread t : outside) {
      t.join();
    }
    for (Tally t : tallies) {
      assertThat(t.violations).isEmpty();
      assertThat(t.next).containsOnly(PER_SENDER);
      assertThat(t.received).isEqualTo(SENDERS * PER_SENDER);
    }
    assertWorkersStopOnTerminate(system, before);
  }

  /** ActorSystem.terminate() ends every worker thread the system started. */
  private static void assertWorkersStopOnTerminate(ActorSystem system, Set<Thread> before)
      throws Exception {
    List<Thread> workers =
        Thread.getAllStackTraces().keySet().stream()
            .filter(t -> !before.contains(t) && t.getName().startsWith("forkscope-"))
            .toList();
    assertThat(workers).as("the dispatcher's workers").hasSize(2);
    Systems.terminate(system);
    for (Thread w : workers) {
      w.join(Systems.TIMEOUT.toMillis());
    }
    assertThat(workers.stream().filter(Thread::isAlive).map(Thread::getName))
        .as("workers still alive after terminate")
        .isEmpty();
    assertThat(
            Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !before.contains(t) && t.getName().startsWith("forkscope-"))
                .map(Thread::getName)
                .collect(Collectors.toList()))
        .isEmpty();
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
