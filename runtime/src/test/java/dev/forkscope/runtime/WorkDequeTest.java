package dev.forkscope.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class WorkDequeTest {

  @Test
  void ownerTakesLifoAndThievesStealFifo() {
    WorkDeque<Integer> d = new WorkDeque<>(2);
    assertThat(d.isEmpty()).isTrue();
    assertThat(d.take()).isNull();
    assertThat(d.steal()).isNull();
    for (int i = 1; i <= 5; i++) {
      d.push(i);
    }
    assertThat(d.size()).isEqualTo(5);
    assertThat(d.capacity()).isEqualTo(8);
    assertThat(d.take()).isEqualTo(5);
    assertThat(d.steal()).isEqualTo(1);
    assertThat(d.steal()).isEqualTo(2);
    assertThat(d.take()).isEqualTo(4);
    assertThat(d.take()).isEqualTo(3);
    assertThat(d.take()).isNull();
    assertThat(d.isEmpty()).isTrue();
    assertThat(d.size()).isZero();
  }

  @Test
  void wrapsAroundWithoutGrowingWhenKeptShort() {
    WorkDeque<Integer> d = new WorkDeque<>(4);
    for (int i = 0; i < 1000; i++) {
      d.push(i);
      d.push(i + 1);
      assertThat(d.steal()).isEqualTo(i);
      assertThat(d.take()).isEqualTo(i + 1);
    }
    assertThat(d.capacity()).isEqualTo(4);
  }

  @Test
  void tryTakeOnlyTakesTheTopElement() {
    WorkDeque<String> d = new WorkDeque<>();
    d.push("a");
    d.push("b");
    assertThat(d.tryTake("a")).isFalse();
    assertThat(d.tryTake("b")).isTrue();
    assertThat(d.tryTake("b")).as("already taken").isFalse();
    assertThat(d.steal()).isEqualTo("a");
    assertThat(d.tryTake("a")).as("stolen; its slot is stale").isFalse();
  }

  @Test
  void capacityMustBeAPowerOfTwo() {
    assertThatThrownBy(() -> new WorkDeque<>(3)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new WorkDeque<>(1)).isInstanceOf(IllegalArgumentException.class);
  }

  /** An owner pushing and taking against two thieves: every element is taken exactly once. */
  @Test
  void concurrentOwnerAndThievesTakeEveryElementExactlyOnce() throws InterruptedException {
    int n = 300_000;
    WorkDeque<Integer> d = new WorkDeque<>(2);
    AtomicIntegerArray seen = new AtomicIntegerArray(n);
    AtomicBoolean ownerDone = new AtomicBoolean();
    CountDownLatch start = new CountDownLatch(1);
    Thread[] thieves = new Thread[2];
    for (int t = 0; t < thieves.length; t++) {
      thieves[t] =
          new Thread(
              () -> {
                awaitQuietly(start);
                while (!ownerDone.get() || !d.isEmpty()) {
                  Integer x = d.steal();
                  if (x != null) {
                    seen.incrementAndGet(x);
                  }
                }
              });
      thieves[t].start();
    }
    start.countDown();
    for (int i = 0; i < n; i++) {
      d.push(i);
      if (i % 3 == 0) {
        Integer x = d.take();
        if (x != null) {
          seen.incrementAndGet(x);
        }
      }
    }
    for (Integer x; (x = d.take()) != null; ) {
      seen.incrementAndGet(x);
    }
    ownerDone.set(true);
    for (Thread t : thieves) {
      t.join();
    }
    for (int i = 0; i < n; i++) {
      assertThat(seen.get(i)).as("element %d", i).isEqualTo(1);
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
