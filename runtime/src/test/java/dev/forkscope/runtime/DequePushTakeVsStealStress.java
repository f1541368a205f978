package dev.forkscope.runtime;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The owner pushes 1 and 2 and takes once while a thief steals once; then everything left is
 * drained. The owner must get 2 (LIFO), the thief 1 or nothing (FIFO), and nothing is lost.
 * Results: owner's element, thief's element, bit mask of what was left.
 */
@JCStressTest
@Outcome(id = "2, 1, 0", expect = ACCEPTABLE, desc = "thief stole the oldest element")
@Outcome(id = "2, 0, 1", expect = ACCEPTABLE, desc = "thief found the deque empty; 1 was left")
@Outcome(expect = FORBIDDEN, desc = "wrong order, element lost or taken twice")
@State
public class DequePushTakeVsStealStress {
  private final WorkDeque<Integer> deque = new WorkDeque<>(2);

  @Actor
  public void owner(III_Result r) {
    deque.push(1);
    deque.push(2);
    r.r1 = DequeStressSupport.valueOf(deque.take());
  }

  @Actor
  public void thief(III_Result r) {
    r.r2 = DequeStressSupport.valueOf(deque.steal());
  }

  @Arbiter
  public void leftOver(III_Result r) {
    r.r3 = DequeStressSupport.drain(deque);
  }
}
