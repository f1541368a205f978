package dev.forkscope.agent.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ChunkPoolTest {
  @Test
  void handsOutEveryChunkOnceThenNothing() {
    ChunkPool pool = new ChunkPool(4, 16);
    Set<Chunk> taken = new HashSet<>();
    for (int i = 0; i < 4; i++) {
      taken.add(pool.pop());
    }
    assertThat(taken).hasSize(4).doesNotContainNull();
    assertThat(pool.pop()).isNull();
    Chunk back = taken.iterator().next();
    pool.push(back);
    assertThat(pool.pop()).isSameAs(back);
  }

  @Test
  void concurrentPopsAndPushesNeverHandOutAChunkTwice() throws Exception {
    ChunkPool pool = new ChunkPool(8, 16);
    Set<Chunk> inUse = ConcurrentHashMap.newKeySet();
    AtomicInteger duplicates = new AtomicInteger();
    CountDownLatch done = new CountDownLatch(4);
    for (int t = 0; t < 4; t++) {
      new Thread(
              () -> {
                for (int i = 0; i < 20_000; i++) {
                  Chunk c = pool.pop();
                  if (c == null) {
                    continue;
                  }
                  if (!inUse.add(c)) {
                    duplicates.incrementAndGet();
                  }
                  inUse.remove(c);
                  synchronized (
                      pool) { // the pool has a single pusher (the writer); serialise the test's
                    // pushes
                    pool.push(c);
                  }
                }
                done.countDown();
              })
          .start();
    }
    done.await();
    assertThat(duplicates).hasValue(0);
    Set<Chunk> all = new HashSet<>();
    for (Chunk c; (c = pool.pop()) != null; ) {
      all.add(c);
    }
    assertThat(all).hasSize(8);
  }
}
