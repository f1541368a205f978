// Modelled on lowlatency (Table II: sleepy workers): a stage of a processing pipeline runs as a
// fork/join task that backs off with short sleeps while its input ring is empty.
package corpus.lowlatency;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

final class Ring {
  final long[] slots = new long[1 << 16];
  final AtomicLong published = new AtomicLong(-1);
  volatile boolean done;
}

final class ConsumeStage extends RecursiveAction {
  private final Ring ring;
  private final long[] checksum;

  ConsumeStage(Ring ring, long[] checksum) {
    this.ring = ring;
    this.checksum = checksum;
  }

  @Override
  protected void compute() {
    long next = 0;
    int idle = 0;
    while (!ring.done || next <= ring.published.get()) {
      if (next <= ring.published.get()) {
        checksum[0] += ring.slots[(int) (next & (ring.slots.length - 1))];
        next++;
        idle = 0;
      } else if (++idle > 100) {
        try {
          // expect: sleepy-worker
          TimeUnit.MICROSECONDS.sleep(50);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  static long run(Ring ring) {
    long[] checksum = new long[1];
    ForkJoinPool.commonPool().invoke(new ConsumeStage(ring, checksum));
    return checksum[0];
  }
}
